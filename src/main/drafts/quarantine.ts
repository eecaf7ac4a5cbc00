import { open, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { namesIn } from '../files/folder'

/** What the Drafts page shows of a quarantined file. */
export interface QuarantineEntry {
  name: string
  bytes: number
  quarantinedAt: string
}

/** Enough to read any draft; a larger file is shown cut, and says so. */
export const MAX_QUARANTINE_VIEW_BYTES = 1024 * 1024

export class QuarantineError extends Error {
  constructor(
    readonly code: 'not_found' | 'invalid_input',
    message: string,
  ) {
    super(message)
  }
}

/**
 * The quarantine folder, for the Drafts page: list the files moved aside, read one as text,
 * delete one. Only names found in the folder are accepted, so a name can never reach another
 * folder (no separators, no `..`). Restoring goes through the store's import, which validates.
 */
export function createQuarantine(dir: string) {
  async function entries(): Promise<QuarantineEntry[]> {
    const names = await namesIn(dir)
    const found = await Promise.all(
      names.map(async (name) => {
        try {
          const info = await stat(join(dir, name))
          return info.isFile() ? [{ name, bytes: info.size, quarantinedAt: info.mtime.toISOString() }] : []
        } catch {
          return []
        }
      }),
    )
    return found.flat().sort((a, b) => b.quarantinedAt.localeCompare(a.quarantinedAt))
  }

  /** The full path of a file in the folder, by a name the folder lists. */
  async function pathOf(name: string): Promise<string> {
    const listed = (await entries()).some((entry) => entry.name === name)
    if (!listed) throw new QuarantineError('not_found', `${name} is no longer in the quarantine folder`)
    return join(dir, name)
  }

  return {
    list: entries,
    pathOf,
    async read(name: string): Promise<{ name: string; text: string; truncated: boolean }> {
      const handle = await open(await pathOf(name), 'r')
      try {
        const { size } = await handle.stat()
        const length = Math.min(size, MAX_QUARANTINE_VIEW_BYTES)
        const buffer = Buffer.alloc(length)
        await handle.read(buffer, 0, length, 0)
        // Invalid UTF-8 shows as replacement characters: the viewer is for reading, not repair.
        return { name, text: buffer.toString('utf8'), truncated: size > length }
      } finally {
        await handle.close()
      }
    },
    async remove(name: string): Promise<void> {
      await unlink(await pathOf(name))
    },
  }
}

export type Quarantine = ReturnType<typeof createQuarantine>
