import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Every file under a directory, with its contents, for "no secret in any file" checks. */
export async function readAllFiles(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  const files = entries.filter((entry) => entry.isFile())
  return Promise.all(
    files.map(async (entry) => {
      const path = join(entry.parentPath, entry.name)
      return { path, text: await readFile(path, 'latin1') }
    }),
  )
}
