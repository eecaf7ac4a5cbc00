import { unlink, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { fsyncDirectory, isErrno, renameWithRetry } from '../files/atomicFile'
import { ioError } from './errors'
import { draftFileName, type DraftStoreLayout } from './layout'

/**
 * The trash's files: a removed draft's file moves to `trash/` under the same name, and comes back
 * from there on undo. The trash keeps no index file: the removal time is the file's mtime.
 */

async function moveDraftFile(
  id: string,
  from: string,
  to: string,
  what: { action: string; removedAt?: Date },
): Promise<void> {
  const source = join(from, draftFileName(id))
  const target = join(to, draftFileName(id))
  try {
    await renameWithRetry(source, target)
    if (what.removedAt) await utimes(target, what.removedAt, what.removedAt)
    await fsyncDirectory(to)
    await fsyncDirectory(from)
  } catch (error) {
    throw ioError(what.action, source, error, id)
  }
}

export const moveToTrash = (layout: DraftStoreLayout, id: string, removedAt: Date): Promise<void> =>
  moveDraftFile(id, layout.drafts, layout.trash, { action: 'move to the trash', removedAt })

export const restoreFromTrash = (layout: DraftStoreLayout, id: string): Promise<void> =>
  moveDraftFile(id, layout.trash, layout.drafts, { action: 'restore from the trash' })

/** Deletes a trashed draft's file for good; one already gone is fine. */
export async function deleteFromTrash(layout: DraftStoreLayout, id: string): Promise<void> {
  const path = join(layout.trash, draftFileName(id))
  try {
    await unlink(path)
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw ioError('delete', path, error, id)
  }
}
