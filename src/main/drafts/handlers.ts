import type { draftsContract } from '../../shared/ipc/contracts/drafts'
import type { HandlersOf } from '../ipc/dispatcher'
import type { createDraftsService } from './draftsService'

/** The drafts: list, edit, duplicate, remove and undo, export and import, the quarantine. */
export function createDraftsHandlers(
  drafts: ReturnType<typeof createDraftsService>,
): HandlersOf<typeof draftsContract> {
  return {
    'drafts.list': (query) => drafts.list(query),
    'drafts.get': ({ id }) => drafts.get(id),
    'drafts.create': ({ kind, name }) => drafts.create(kind, name),
    'drafts.update': ({ id, name, content }) =>
      drafts.update(id, {
        ...(name !== undefined ? { name } : {}),
        ...(content !== undefined ? { content } : {}),
      }),
    'drafts.flush': () => drafts.flush(),
    'drafts.duplicate': ({ id }) => drafts.duplicate(id),
    'drafts.remove': ({ id }) => drafts.remove(id),
    'drafts.undoRemove': ({ id }) => drafts.undoRemove(id),
    'drafts.export': ({ id }) => drafts.exportDraft(id),
    'drafts.import': () => drafts.importDraft(),
    'drafts.quarantine': () => drafts.quarantineList(),
    'drafts.quarantineRead': ({ name }) => drafts.quarantineRead(name),
    'drafts.quarantineRestore': ({ name }) => drafts.quarantineRestore(name),
    'drafts.quarantineDelete': ({ name }) => drafts.quarantineDelete(name),
  }
}
