import type { DraftKind } from '../../shared/drafts/kinds'
import type { bulkEditContract } from '../../shared/ipc/contracts/bulkEdit'
import { createBulkEditService } from './bulkEditService'
import { UNRECORDED_STEPS, type BulkStepRecorder } from './bulkSteps'
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
  steps: BulkStepRecorder = UNRECORDED_STEPS,
): HandlersOf<typeof draftsCsvContract> {
  const csv: DraftsCsvService = createDraftsCsvService({
    drafts: draftsPortOf(drafts),
    dialogs,
    steps,
    ...(teamRules ? { teamRules } : {}),
  })
  return {
    'draftsCsv.export': ({ ids }) => csv.exportCsv(ids),
    'draftsCsv.preview': () => csv.previewImport(),
    'draftsCsv.apply': ({ token }) => csv.applyImport(token),
  }
}

/** Bulk edit and find and replace: the side panel's fields, a preview, then its changes as one step. */
export function createBulkEditHandlers(
  drafts: Parameters<typeof draftsPortOf>[0] & {
    ready: Promise<unknown>
    store: { list(): { id: string; kind: DraftKind; updatedAt: string }[] }
  },
  recorder: BulkStepRecorder = UNRECORDED_STEPS,
  teamRules?: () => Promise<readonly TeamRulePack[]>,
): HandlersOf<typeof bulkEditContract> {
  const port = draftsPortOf(drafts)
  const bulk = createBulkEditService({
    drafts: {
      ...port,
      allIds: async () => (await drafts.ready, drafts.store.list().map((summary) => summary.id)),
      index: async () => {
        await drafts.ready
        return new Map(drafts.store.list().map(({ id, kind, updatedAt }) => [id, { kind, updatedAt }]))
      },
    },
    recorder,
    ...(teamRules ? { teamRules } : {}),
  })
  return {
    'bulkEdit.fields': ({ ids }) => bulk.fields(ids),
    'bulkEdit.preview': ({ scope, operation }) => bulk.preview(scope, operation),
    'bulkEdit.apply': ({ token }) => bulk.apply(token),
  }
}
