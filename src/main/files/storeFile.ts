import { randomBytes } from 'node:crypto'
import { basename } from 'node:path'
import { renameWithRetry } from './atomicFile'
import { stripByteOrderMark } from '../../shared/drafts/json'
import { isMissing, readRegularFile, UnsafeFileError } from './regularFile'

/**
 * Reads one of main's own store files (the drafts' summary index, outbox jobs, the publish
 * ledger, media grants, catalogs, audience history, recent keyword searches …). A store that
 * cannot be read — not a regular file, larger than any such file, damaged — is moved aside
 * next to itself as `<name>.damaged-<time>` (kept, never deleted) and the store starts empty,
 * instead of every call that needs it failing with "internal" until someone repairs the file.
 */

export interface DamagedStore {
  fileName: string
  /** Where it was moved; absent when the move failed too (the file then stays in place). */
  movedTo?: string
  message: string
}

export interface StoreFileOptions<T> {
  /** Far above what the store ever writes: a bigger file is not this store's. */
  maxBytes: number
  /** The store's reading of the text, or undefined when the text is not the store's file. */
  parse(text: string): T | undefined
  /** Told of every file moved aside, for the log (never the file's content). */
  onDamaged?: (damaged: DamagedStore) => void
  now?: () => Date
}

/** File-system-safe UTC stamp, sortable, e.g. 20261121T232817123Z. */
export function fileStamp(date: Date): string {
  return date.toISOString().replace(/[-:.]/g, '')
}

export const DAMAGED_MARK = '.damaged-'

/** Where a damaged store file is kept: next to itself, named so nothing reads it as the store. */
export function damagedPath(path: string, now: () => Date = () => new Date()): string {
  return `${path}${DAMAGED_MARK}${fileStamp(now())}-${randomBytes(3).toString('hex')}`
}

/** Moves a store file aside for good; returns where, or undefined when it could not be moved. */
export async function moveAside(
  path: string,
  now: () => Date = () => new Date(),
): Promise<string | undefined> {
  const target = damagedPath(path, now)
  try {
    await renameWithRetry(path, target)
    return target
  } catch {
    return undefined
  }
}

function describe(error: unknown): string {
  if (error instanceof UnsafeFileError) return error.message
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code ? `it could not be read (${code})` : 'it is damaged'
}

/** The store's content, or undefined when there is none (a first start) or it was moved aside. */
export async function readStoreFile<T>(path: string, options: StoreFileOptions<T>): Promise<T | undefined> {
  let why: string
  try {
    const bytes = await readRegularFile(path, { maxBytes: options.maxBytes })
    let parsed: T | undefined
    try {
      parsed = options.parse(stripByteOrderMark(bytes.toString('utf8')))
    } catch {
      parsed = undefined
    }
    if (parsed !== undefined) return parsed
    why = bytes.length === 0 ? 'it is empty' : 'it is damaged (not what Ads Studio wrote there)'
  } catch (error) {
    if (isMissing(error)) return undefined
    why = describe(error)
  }
  const movedTo = await moveAside(path, options.now)
  const fileName = basename(path)
  options.onDamaged?.({
    fileName,
    ...(movedTo ? { movedTo: basename(movedTo) } : {}),
    message: movedTo
      ? `${fileName} could not be read (${why}); it was kept as ${basename(movedTo)} and Ads Studio started it afresh`
      : `${fileName} could not be read (${why}) and could not be moved aside`,
  })
  return undefined
}

/** JSON text parsed, or undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
