import type { draftsCsvContract } from '../../shared/ipc/contracts/draftsCsv'
import type { HandlersOf } from '../ipc/dispatcher'
import type { DraftsCsvService } from './csvService'

/** Drafts as CSV: export, an import's report, then its changes applied. */
export function createDraftsCsvHandlers(csv: DraftsCsvService): HandlersOf<typeof draftsCsvContract> {
  return {
    'draftsCsv.export': ({ ids }) => csv.exportCsv(ids),
    'draftsCsv.preview': () => csv.previewImport(),
    'draftsCsv.apply': ({ token }) => csv.applyImport(token),
  }
}
