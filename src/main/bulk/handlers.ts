import type { draftsCsvContract } from '../../shared/ipc/contracts/draftsCsv'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import type { HandlersOf } from '../ipc/dispatcher'
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
  teamRules?: () => Promise<readonly TeamRulePack[]>,
): HandlersOf<typeof draftsCsvContract> {
  const csv: DraftsCsvService = createDraftsCsvService({
    drafts: draftsPortOf(drafts),
    dialogs,
    ...(teamRules ? { teamRules } : {}),
  })
  return {
    'draftsCsv.export': ({ ids }) => csv.exportCsv(ids),
    'draftsCsv.preview': () => csv.previewImport(),
    'draftsCsv.apply': ({ token }) => csv.applyImport(token),
  }
}
