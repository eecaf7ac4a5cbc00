import { randomBytes } from 'node:crypto'
import { constants as fsConstants, statSync } from 'node:fs'
import { copyFile, open } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { CURRENT_DRAFT_SCHEMA_VERSION } from '../../shared/drafts/envelope'
import type { ContentValidator, Draft } from '../../shared/drafts/envelope'
import { DRAFT_LIMITS, stripByteOrderMark } from '../../shared/drafts/json'
import { restoreDraft } from '../../shared/drafts/migrations'
import { fsyncDirectory, isErrno, renameWithRetry, writeFileAtomic } from '../files/atomicFile'
import { readRegularFileSync, UnsafeFileError } from '../files/regularFile'
import { fileStamp } from '../files/storeFile'
import { pruneBackups } from './backups'
import { draftTextProblem, MAX_DRAFT_MEGABYTES } from './draftLimits'
import { draftFileName, type DraftStoreLayout } from './layout'
import type { LoadReport, QuarantineReason } from './loadReport'
import { serializeDraft } from './serialize'

/**
 * One draft file: read and restored without side effects (readDraftFile, synchronous, so the
 * store can open one draft on `get` without the rest), then settled (settleDraftFile): a damaged
 * file moved to quarantine and reported, a newer version's file left alone, an older one backed
 * up and upgraded in place.
 */
export type FileRead =
  | { ok: true; draft: Draft; migratedFrom: number | undefined; repairs: string[]; bytes: number }
  /** The file is not there any more (removed to the trash while it was being read). */
  | { ok: false; outcome: 'gone' }
  | { ok: false; outcome: 'newer'; message: string }
  | { ok: false; outcome: 'damaged'; reason: QuarantineReason; why: string }

export interface FileContext {
  layout: DraftStoreLayout
  validateContent: ContentValidator | undefined
  now: () => Date
  /** How many backups of each draft to keep; older ones go when a new one is written. */
  backupsKept: () => number
  /** Runs a write to one draft's file in that draft's queue, after the store's own writes to it. */
  exclusive?: <T>(id: string, task: () => Promise<T>) => Promise<T>
}

/**
 * One buffer every draft file is read into (the text is copied out of it at once). A buffer per
 * file, over the pass's 50,000 files, left main's resident memory tens of MB larger after it:
 * freed small buffers stay with the allocator, not the system.
 */
const scratch = Buffer.allocUnsafeSlow(64 * 1024)

const damaged = (reason: QuarantineReason, why: string): FileRead => ({
  ok: false,
  outcome: 'damaged',
  reason,
  why,
})

export function readDraftFile(context: FileContext, path: string): FileRead {
  const fileName = basename(path)
  let bytes: Buffer
  try {
    bytes = readRegularFileSync(path, { maxBytes: DRAFT_LIMITS.maxFileBytes, scratch })
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return { ok: false, outcome: 'gone' }
    if (error instanceof UnsafeFileError && error.reason === 'not_a_file')
      return damaged(
        'not_a_file',
        'it is not a regular file (a link, a pipe or a device); Ads Studio reads only plain files',
      )
    if (error instanceof UnsafeFileError && error.reason === 'too_large')
      return damaged('too_large', `it is too large to be a draft (over ${MAX_DRAFT_MEGABYTES} MB)`)
    if (error instanceof UnsafeFileError) return damaged('unreadable', 'it changed while it was read')
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error'
    return damaged('unreadable', `it could not be read (${code})`)
  }
  // Editors on some systems save UTF-8 with a byte order mark; the draft itself is fine.
  const text = stripByteOrderMark(bytes.toString('utf8'))
  // The same limits a save applies: what was acknowledged as saved is read back here.
  const problem = draftTextProblem(text, bytes.length)
  if (problem) return damaged(problem.reason, `it ${problem.why}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return damaged(
      'not_json',
      bytes.length === 0 ? 'it is empty' : 'it is not valid JSON (truncated or damaged)',
    )
  }
  const validateContent = context.validateContent
  let restored = restoreDraft(parsed, { validateContent })
  if (!restored.ok && restored.error.code === 'invalid_draft') {
    // Only drafts with no usable timestamp need the file time; a stat per file would
    // otherwise cost a tenth of the cold-load budget.
    let fallbackTime: string
    try {
      fallbackTime = statSync(path).mtime.toISOString()
    } catch {
      fallbackTime = context.now().toISOString()
    }
    restored = restoreDraft(parsed, { validateContent, fallbackTime })
  }
  if (!restored.ok) {
    if (restored.error.code === 'future_version')
      return {
        ok: false,
        outcome: 'newer',
        message: `Draft file ${fileName} was left as it is: ${restored.error.message}`,
      }
    return damaged(restored.error.code, restored.error.message)
  }
  if (fileName !== draftFileName(restored.draft.id))
    return damaged('id_mismatch', `it holds draft ${restored.draft.id} under another file name`)
  return {
    ok: true,
    draft: restored.draft,
    migratedFrom: restored.migratedFrom,
    repairs: restored.repairs,
    bytes: bytes.length,
  }
}

/**
 * Acts on what readDraftFile found. Answers the draft, or undefined when the file was
 * quarantined, skipped or is gone; every such outcome but `gone` lands in the report.
 */
export async function settleDraftFile(
  context: FileContext,
  path: string,
  read: FileRead,
  report: LoadReport,
  upgradeInPlace: boolean,
): Promise<Draft | undefined> {
  const fileName = basename(path)
  if (!read.ok) {
    if (read.outcome === 'newer') report.skipped.push({ fileName, message: read.message })
    else if (read.outcome === 'damaged') await quarantine(context, path, read.reason, read.why, report)
    return undefined
  }
  const { draft, migratedFrom, repairs } = read
  const changed = migratedFrom !== undefined || repairs.length > 0
  if (!changed || !upgradeInPlace) return draft
  const upgrade = async () => {
    const fromVersion = migratedFrom ?? CURRENT_DRAFT_SCHEMA_VERSION
    let backupPath: string
    try {
      backupPath = await backupOriginal(context, path, draft.id, fromVersion)
      await writeFileAtomic(path, serializeDraft(draft))
    } catch (error) {
      // Typically a full disk. The original file is untouched and the upgraded draft stays
      // usable in memory; refusing to load it would hide the designer's work instead.
      const code = (error as NodeJS.ErrnoException).code ?? String(error)
      report.warnings.push(
        `Draft file ${fileName} was upgraded in memory but could not be rewritten (${code})`,
      )
      return
    }
    if (migratedFrom !== undefined)
      report.migrated.push({ id: draft.id, fromVersion, toVersion: CURRENT_DRAFT_SCHEMA_VERSION, backupPath })
    if (repairs.length > 0) report.repaired.push({ id: draft.id, repairs, backupPath })
  }
  // In the draft's queue: a save of it, queued before, lands first and is not overwritten.
  if (context.exclusive) await context.exclusive(draft.id, upgrade)
  else await upgrade()
  return draft
}

/** Copies the original bytes aside, durably, before anything overwrites them. */
async function backupOriginal(
  context: FileContext,
  source: string,
  id: string,
  version: number,
): Promise<string> {
  const { backups } = context.layout
  let target = join(backups, `${id}.v${version}.json`)
  try {
    await copyFile(source, target, fsConstants.COPYFILE_EXCL)
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw error
    // An earlier backup of this version exists (e.g. the rewrite after it crashed); keep both.
    target = join(
      backups,
      `${id}.v${version}.${fileStamp(context.now())}-${randomBytes(3).toString('hex')}.json`,
    )
    await copyFile(source, target, fsConstants.COPYFILE_EXCL)
  }
  const handle = await open(target, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
  await fsyncDirectory(backups)
  // Best effort: a backup that could not be pruned costs disk space, not the draft.
  await pruneBackups(backups, id, context.backupsKept()).catch(() => undefined)
  return target
}

async function quarantine(
  context: FileContext,
  path: string,
  reason: QuarantineReason,
  why: string,
  report: LoadReport,
): Promise<void> {
  const fileName = basename(path)
  const unique = `${fileStamp(context.now())}-${randomBytes(3).toString('hex')}`
  const target = join(context.layout.quarantine, `${fileName}.${unique}`)
  try {
    await renameWithRetry(path, target)
    await fsyncDirectory(context.layout.quarantine)
    report.quarantined.push({
      fileName,
      quarantinePath: target,
      reason,
      message: `Draft file ${fileName} could not be read and was moved to quarantine: ${why}`,
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error)
    report.quarantined.push({
      fileName,
      reason,
      message: `Draft file ${fileName} could not be read (${why}) and could not be moved to quarantine (${code}); it was left in place`,
    })
  }
}
