import { randomBytes } from 'node:crypto'
import { constants as fsConstants } from 'node:fs'
import { copyFile, mkdir, open, readdir, stat, unlink } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { CURRENT_DRAFT_SCHEMA_VERSION } from '../../shared/drafts/envelope'
import type { ContentValidator, Draft } from '../../shared/drafts/envelope'
import { DRAFT_LIMITS, stripByteOrderMark } from '../../shared/drafts/json'
import { restoreDraft } from '../../shared/drafts/migrations'
import type { RestoreErrorCode } from '../../shared/drafts/migrations'
import {
  fsyncDirectory,
  isErrno,
  isTempFileName,
  renameWithRetry,
  writeFileAtomic,
} from '../files/atomicFile'
import { fileStamp } from '../files/storeFile'
import { DRAFT_FILE_EXTENSION, draftFileName } from './layout'
import type { DraftStoreLayout } from './layout'
import { pruneBackups } from './backups'
import { draftTextProblem, MAX_DRAFT_MEGABYTES } from './draftLimits'
import { readRegularFileSync, UnsafeFileError } from '../files/regularFile'
import { serializeDraft } from './serialize'

export type QuarantineReason =
  | 'unreadable'
  | 'not_a_file'
  | 'too_large'
  | 'too_complex'
  | 'not_json'
  | 'id_mismatch'
  | Exclude<RestoreErrorCode, 'future_version'>

export interface QuarantinedFile {
  fileName: string
  /** Absent only when the move itself failed; the file then stays where it was. */
  quarantinePath?: string
  reason: QuarantineReason
  message: string
}

export interface MigratedDraft {
  id: string
  fromVersion: number
  toVersion: number
  backupPath: string
}

export interface RepairedDraft {
  id: string
  repairs: string[]
  backupPath: string
}

export interface SkippedFile {
  fileName: string
  message: string
}

export interface LoadReport {
  loaded: number
  migrated: MigratedDraft[]
  repaired: RepairedDraft[]
  quarantined: QuarantinedFile[]
  /** Drafts from a newer app version: left in place untouched so an upgrade finds them again. */
  skipped: SkippedFile[]
  trashed: number
  /** Leftovers of writes interrupted by a crash; never acknowledged, so safe to drop. */
  tempFilesRemoved: number
  /** Problems that did not stop a draft from loading, e.g. a migrated copy that could not be written yet. */
  warnings: string[]
}

export interface LoadedDirectory {
  drafts: Map<string, Draft>
  trash: Map<string, { draft: Draft; removedAt: string }>
  report: LoadReport
}

interface LoadContext {
  layout: DraftStoreLayout
  validateContent: ContentValidator | undefined
  now: () => Date
  /** How many backups of each draft to keep; older ones go when a new one is written. */
  backupsKept: () => number
}

// Small files are read synchronously, in batches, yielding to the event loop between
// batches: for 10,000 drafts that is ~3x faster than fs.promises.readFile, and no single
// batch blocks the main process for more than a few milliseconds.
const READ_BATCH = 200

/**
 * Makes the store's folders. Something else in the way of one (a file named `quarantine`) is
 * renamed aside, kept, and reported, so one odd entry cannot stop every drafts call.
 */
export async function ensureLayout(
  layout: DraftStoreLayout,
  now: () => Date = () => new Date(),
): Promise<string[]> {
  const warnings: string[] = []
  await mkdir(layout.root, { recursive: true })
  for (const dir of [layout.drafts, layout.trash, layout.quarantine, layout.backups]) {
    try {
      await mkdir(dir, { recursive: true })
      continue
    } catch (error) {
      if (!isErrno(error, 'EEXIST') && !isErrno(error, 'ENOTDIR')) throw error
    }
    const aside = `${dir}.not-a-folder-${fileStamp(now())}`
    await renameWithRetry(dir, aside)
    await mkdir(dir, { recursive: true })
    warnings.push(
      `The ${basename(dir)} folder of your drafts was a file; it was kept as ${basename(aside)} and a new folder was made`,
    )
  }
  return warnings
}

export async function loadDirectory(context: LoadContext): Promise<LoadedDirectory> {
  const { layout } = context
  const layoutWarnings = await ensureLayout(layout, context.now)
  const report: LoadReport = {
    loaded: 0,
    migrated: [],
    repaired: [],
    quarantined: [],
    skipped: [],
    trashed: 0,
    tempFilesRemoved: 0,
    warnings: layoutWarnings,
  }
  const drafts = new Map<string, Draft>()
  const trash = new Map<string, { draft: Draft; removedAt: string }>()

  const draftFiles = await listDraftFiles(layout.drafts, report)
  await forEachInBatches(draftFiles, async (fileName) => {
    const draft = await loadOne(context, layout.drafts, fileName, report, true)
    if (draft) drafts.set(draft.id, draft)
  })

  const trashFiles = await listDraftFiles(layout.trash, report)
  await forEachInBatches(trashFiles, async (fileName) => {
    const path = join(layout.trash, fileName)
    const draft = await loadOne(context, layout.trash, fileName, report, false)
    if (!draft) return
    // remove() stamps the file's mtime when it moves a draft into the trash.
    const removedAt = await stat(path).then(
      (info) => info.mtime.toISOString(),
      () => context.now().toISOString(),
    )
    trash.set(draft.id, { draft, removedAt })
  })

  report.loaded = drafts.size
  report.trashed = trash.size
  return { drafts, trash, report }
}

async function listDraftFiles(dir: string, report: LoadReport): Promise<string[]> {
  const names = await readdir(dir)
  const draftFiles: string[] = []
  for (const name of names) {
    if (isTempFileName(name)) {
      await unlink(join(dir, name)).catch(() => undefined)
      report.tempFilesRemoved++
    } else if (extname(name) === DRAFT_FILE_EXTENSION) {
      draftFiles.push(name)
    }
  }
  return draftFiles
}

/**
 * Reads, restores and (for live drafts) upgrades one file. Returns undefined when the
 * file was quarantined or skipped; every such outcome lands in the report.
 */
async function loadOne(
  context: LoadContext,
  dir: string,
  fileName: string,
  report: LoadReport,
  upgradeInPlace: boolean,
): Promise<Draft | undefined> {
  const path = join(dir, fileName)
  let bytes: Buffer
  try {
    bytes = readRegularFileSync(path, { maxBytes: DRAFT_LIMITS.maxFileBytes })
  } catch (error) {
    if (error instanceof UnsafeFileError && error.reason === 'not_a_file') {
      const why = 'it is not a regular file (a link, a pipe or a device); Ads Studio reads only plain files'
      await quarantine(context, path, 'not_a_file', why, report)
    } else if (error instanceof UnsafeFileError && error.reason === 'too_large') {
      const why = `it is too large to be a draft (over ${MAX_DRAFT_MEGABYTES} MB)`
      await quarantine(context, path, 'too_large', why, report)
    } else if (error instanceof UnsafeFileError) {
      await quarantine(context, path, 'unreadable', 'it changed while it was read', report)
    } else {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error'
      await quarantine(context, path, 'unreadable', `it could not be read (${code})`, report)
    }
    return undefined
  }

  // Editors on some systems save UTF-8 with a byte order mark; the draft itself is fine.
  const text = stripByteOrderMark(bytes.toString('utf8'))
  // The same limits a save applies: what was acknowledged as saved is read back here.
  const problem = draftTextProblem(text, bytes.length)
  if (problem) {
    await quarantine(context, path, problem.reason, `it ${problem.why}`, report)
    return undefined
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    const what = bytes.length === 0 ? 'it is empty' : 'it is not valid JSON (truncated or damaged)'
    await quarantine(context, path, 'not_json', what, report)
    return undefined
  }

  let restored = restoreDraft(parsed, { validateContent: context.validateContent })
  if (!restored.ok && restored.error.code === 'invalid_draft') {
    // Only drafts with no usable timestamp need the file time; a stat per file would
    // otherwise cost a tenth of the cold-load budget.
    const fallbackTime = await stat(path).then(
      (info) => info.mtime.toISOString(),
      () => context.now().toISOString(),
    )
    restored = restoreDraft(parsed, { validateContent: context.validateContent, fallbackTime })
  }
  if (!restored.ok) {
    if (restored.error.code === 'future_version') {
      report.skipped.push({
        fileName,
        message: `Draft file ${fileName} was left as it is: ${restored.error.message}`,
      })
      return undefined
    }
    await quarantine(context, path, restored.error.code, restored.error.message, report)
    return undefined
  }

  const { draft } = restored
  if (fileName !== draftFileName(draft.id)) {
    await quarantine(
      context,
      path,
      'id_mismatch',
      `it holds draft ${draft.id} under another file name`,
      report,
    )
    return undefined
  }

  const changed = restored.migratedFrom !== undefined || restored.repairs.length > 0
  if (changed && upgradeInPlace) {
    const fromVersion = restored.migratedFrom ?? CURRENT_DRAFT_SCHEMA_VERSION
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
      return draft
    }
    if (restored.migratedFrom !== undefined) {
      report.migrated.push({ id: draft.id, fromVersion, toVersion: CURRENT_DRAFT_SCHEMA_VERSION, backupPath })
    }
    if (restored.repairs.length > 0)
      report.repaired.push({ id: draft.id, repairs: restored.repairs, backupPath })
  }
  return draft
}

/** Copies the original bytes aside, durably, before anything overwrites them. */
async function backupOriginal(
  context: LoadContext,
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
  context: LoadContext,
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

async function forEachInBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += READ_BATCH) {
    for (const item of items.slice(start, start + READ_BATCH)) await work(item)
    await new Promise((resolve) => setImmediate(resolve))
  }
}
