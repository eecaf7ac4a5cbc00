import { readdir, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { isErrno } from '../files/atomicFile'

/** Backups kept per draft when the store is not told otherwise (the settings default). */
export const DEFAULT_BACKUPS_KEPT = 10

/** A draft's backups are `<id>.v<N>.json` or `<id>.v<N>.<stamp>-<random>.json`. */
function isBackupOf(id: string, fileName: string): boolean {
  return fileName.startsWith(`${id}.v`) && fileName.endsWith('.json')
}

/**
 * Keeps the newest `keep` backups of one draft and removes the rest: run each time a backup
 * is written, so the folder stays bounded without a sweep of its own. Newest by modification
 * time, then by name (stamps sort), so two backups of the same millisecond still have an order.
 * Returns the names removed.
 */
export async function pruneBackups(backupsDir: string, id: string, keep: number): Promise<string[]> {
  const names = (await readdir(backupsDir)).filter((name) => isBackupOf(id, name))
  if (names.length <= keep) return []
  const dated = await Promise.all(
    names.map(async (name) => ({ name, mtimeMs: (await stat(join(backupsDir, name))).mtimeMs })),
  )
  dated.sort((a, b) => b.mtimeMs - a.mtimeMs || b.name.localeCompare(a.name))
  const removed: string[] = []
  for (const { name } of dated.slice(Math.max(1, keep))) {
    try {
      await unlink(join(backupsDir, name))
      removed.push(name)
    } catch (error) {
      // Already gone (another prune): nothing to keep bounded.
      if (!isErrno(error, 'ENOENT')) throw error
    }
  }
  return removed
}
