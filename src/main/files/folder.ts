import { readdir } from 'node:fs/promises'
import { isErrno } from './atomicFile'

/** The names in a folder; none when the folder is not there yet (it is made on first write). */
export async function namesIn(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return []
    throw error
  }
}
