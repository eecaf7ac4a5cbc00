import type { diagnosticsContract } from '../../shared/ipc/contracts/diagnostics'
import type { HandlersOf } from '../ipc/dispatcher'
import type { Diagnostics } from './diagnostics'

/** Settings → Support: the diagnostics text, on the clipboard. */
export function createDiagnosticsHandlers(diagnostics: Diagnostics): HandlersOf<typeof diagnosticsContract> {
  return {
    'diagnostics.copy': () => diagnostics.copy(),
  }
}
