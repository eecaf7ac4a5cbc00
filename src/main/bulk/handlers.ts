import type { draftsCsvContract } from '../../shared/ipc/contracts/draftsCsv'
import type { HandlersOf } from '../ipc/dispatcher'
import { UNRECORDED_STEPS, type BulkStepRecorder } from './bulkSteps'
import {
  createDraftsCsvService,
  draftsPortOf,
  NO_CSV_DIALOGS,
  type DraftsCsvDialogs,
  type DraftsCsvService,
} from './csvService'

export type { DraftsCsvDialogs } from './csvService'

/** Drafts as CSV: export, an import's report, then its changes applied. */
export function createDraftsCsvHandlers(
  drafts: Parameters<typeof draftsPortOf>[0],
  dialogs: DraftsCsvDialogs = NO_CSV_DIALOGS,
  steps: BulkStepRecorder = UNRECORDED_STEPS,
): HandlersOf<typeof draftsCsvContract> {
  const csv: DraftsCsvService = createDraftsCsvService({ drafts: draftsPortOf(drafts), dialogs, steps })
  return {
    'draftsCsv.export': ({ ids }) => csv.exportCsv(ids),
    'draftsCsv.preview': () => csv.previewImport(),
    'draftsCsv.apply': ({ token }) => csv.applyImport(token),
  }
}
