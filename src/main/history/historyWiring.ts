/**
 * Builds the version history and the undo list for services.ts: the history store follows the
 * drafts store's changes (given before the drafts service exists), the rest is bound to the
 * drafts service once it does.
 */
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { AppFailure } from '../../shared/errors'
import type { Draft } from '../../shared/drafts/envelope'
import type { BulkStepRecorder } from '../bulk/bulkSteps'
import type { DraftChange } from '../drafts/storeTypes'
import { draftFileName, layoutFor } from '../drafts/layout'
import { isErrno } from '../files/atomicFile'
import { createHistoryBudget, draftFilesBytes } from './budget'
import { createHistoryHandlers } from './handlers'
import { createHistoryService } from './historyService'
import { createHistoryStore } from './historyStore'
import { createUndoList } from './undoList'

/** The drafts service's calls the history and the undo list use. */
interface DraftsCalls {
  get(id: string): Promise<Draft>
  flush(): Promise<unknown>
  remove(id: string): Promise<unknown>
  store: { save(draft: Draft): Promise<Draft> }
}

export function createHistory(options: { dataDir: string; onError?: (error: unknown) => void }) {
  const dir = join(options.dataDir, 'history')
  const layout = layoutFor(join(options.dataDir, 'drafts'))
  const draftsDir = layout.drafts
  const missing = (path: string) =>
    stat(path).then(
      () => false,
      (error: unknown) => isErrno(error, 'ENOENT'),
    )
  const budget = createHistoryBudget({
    dir,
    history: () => history,
    draftsBytes: () => draftFilesBytes(draftsDir),
    isGone: async (id) =>
      (await missing(join(draftsDir, draftFileName(id)))) &&
      (await missing(join(layout.trash, draftFileName(id)))),
    ...(options.onError ? { onError: options.onError } : {}),
  })
  const history = createHistoryStore({
    dir,
    onWritten: (bytes) => budget.written(bytes),
    ...(options.onError ? { onError: options.onError } : {}),
  })

  return {
    store: history,
    /** For createDraftsService's onDraftChange. */
    noteChange: (change: DraftChange) => history.noteChange(change),
    /** The undo list (the BulkStepRecorder every bulk feature records to) and the IPC handlers. */
    bind(drafts: DraftsCalls) {
      const find = (id: string) =>
        drafts.get(id).catch((error: unknown) => {
          if (error instanceof AppFailure && error.code === 'not_found') return undefined
          throw error
        })
      const undo = createUndoList({
        dir: join(options.dataDir, 'undo'),
        drafts: {
          find,
          save: (draft) => drafts.store.save(draft),
          remove: drafts.remove,
          flush: drafts.flush,
        },
        // The marks are queued at once, each behind its draft's earlier history writes, and
        // written in the background: a step over thousands of drafts is not held up by them.
        onStep: async (what, step, before) =>
          void history.markStep(
            what === 'undone' ? 'undo' : step.kind === 'restore' ? 'restore' : 'bulk',
            what === 'undone' ? `Undid: ${step.label}` : step.label,
            before,
            what === 'recorded' ? step.created : [],
          ),
      })
      const service = createHistoryService({
        history,
        drafts: { find, save: (draft) => drafts.store.save(draft), flush: drafts.flush },
        steps: undo,
      })
      const steps: BulkStepRecorder = undo
      return { steps, undo, handlers: createHistoryHandlers(service, undo) }
    },
    /** Writes every open version window and lets a budget pass finish (quit). */
    async close() {
      await history.flush()
      await budget.settled()
    },
  }
}
