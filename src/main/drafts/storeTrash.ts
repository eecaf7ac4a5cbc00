import { join } from 'node:path'
import { summarizeDraft, type Draft } from '../../shared/drafts/envelope'
import { fsyncDirectory } from '../files/atomicFile'
import { readDraftFile, type FileContext } from './draftFile'
import { DraftStoreError, ioError } from './errors'
import { draftFileName } from './layout'
import type { PendingWrites } from './pendingWrites'
import type { DraftReader } from './storeReader'
import type { DraftChange, TrashEntry } from './storeTypes'
import { deleteFromTrash, moveToTrash, restoreFromTrash } from './trashFiles'

/** The draft store's trash: what remove, undoRemove, listTrash and emptyTrash do (store.ts). */
export interface TrashDeps {
  context: FileContext
  reader: DraftReader
  writes: PendingWrites
  onChange: (change: DraftChange) => void
  /** Writes the draft's unsaved changes. */
  writeCurrent: (id: string) => Promise<void>
  /** Makes a draft live again, and tells of it. */
  setLive: (draft: Draft, bytes?: number) => void
}

const notInTrash = (id: string) =>
  new DraftStoreError('not_in_trash', 'This draft is no longer in the trash', { draftId: id })

/** Moves a live draft's file into the trash, in the draft's queue (after its pending writes). */
export function trashDraft(deps: TrashDeps, id: string): Promise<void> {
  const { reader, writes, context } = deps
  writes.cancelAutosave(id)
  return writes.enqueue(id, async () => {
    const draft = reader.full(id)
    if (!draft) return
    // Unsaved edits go to the trash with the draft, so undo brings back what was on screen.
    if (writes.isDirty(id)) await deps.writeCurrent(id)
    const removedAt = context.now()
    await moveToTrash(context.layout, id, removedAt)
    reader.setTrashed(id, { summary: summarizeDraft(draft), removedAt: removedAt.toISOString() })
    reader.forget(id)
    writes.markClean(id)
    deps.onChange({ type: 'removed', id })
  })
}

export function untrashDraft(deps: TrashDeps, id: string): Promise<Draft> {
  const { reader, context } = deps
  if (!reader.trash.has(id)) throw notInTrash(id)
  if (reader.live.has(id)) {
    throw new DraftStoreError('already_exists', 'A draft with this id already exists', { draftId: id })
  }
  return deps.writes.enqueue(id, async () => {
    if (!reader.trash.has(id)) throw notInTrash(id)
    await restoreFromTrash(context.layout, id)
    reader.setTrashed(id, undefined)
    const path = join(context.layout.drafts, draftFileName(id))
    const read = readDraftFile(context, path)
    if (!read.ok) {
      const why = read.outcome === 'damaged' ? read.why : read.outcome
      throw ioError('read the restored draft from', path, new Error(why), id)
    }
    deps.setLive(read.draft, read.bytes)
    return structuredClone(read.draft)
  })
}

/** Newest removal first. */
export function trashEntries(reader: DraftReader): TrashEntry[] {
  return [...reader.trash.values()]
    .map(({ summary, removedAt }) => ({ ...summary, removedAt }))
    .sort((a, b) => (a.removedAt < b.removedAt ? 1 : a.removedAt > b.removedAt ? -1 : 0))
}

export async function emptyTrash(deps: TrashDeps): Promise<number> {
  const { reader, context } = deps
  const ids = [...reader.trash.keys()]
  await Promise.all(
    ids.map((id) =>
      deps.writes.enqueue(id, async () => {
        await deleteFromTrash(context.layout, id)
        reader.trash.delete(id)
      }),
    ),
  )
  await fsyncDirectory(context.layout.trash)
  return ids.length
}
