import type { historyContract } from '../../shared/ipc/contracts/history'
import type { HandlersOf } from '../ipc/dispatcher'
import type { HistoryService } from './historyService'
import type { UndoList } from './undoList'

/** A draft's timeline, compare and restore; the app's undo list. */
export function createHistoryHandlers(
  history: HistoryService,
  undo: UndoList,
): HandlersOf<typeof historyContract> {
  return {
    'history.timeline': ({ draftId }) => history.timeline(draftId),
    'history.compare': ({ draftId, from, to }) => history.compare(draftId, from, to),
    'history.restore': ({ draftId, n }) => history.restore(draftId, n),
    'undo.list': async () => ({ entries: await undo.list() }),
    'undo.undo': ({ id }) => undo.undo(id),
  }
}
