import type { practiceContract } from '../../shared/ipc/contracts/practice'
import type { HandlersOf } from '../ipc/dispatcher'
import type { PracticeService } from './practiceService'

/** Practice mode: start the built-in sandbox's authorization, and learn its PIN. */
export function createPracticeHandlers(practice: PracticeService): HandlersOf<typeof practiceContract> {
  return {
    'practice.begin': () => practice.begin(),
    'practice.awaitPin': ({ profileId }) => practice.awaitPin(profileId),
  }
}
