import { statSync } from 'node:fs'
import { mkdir, readdir, stat, unlink } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Draft, DraftSummary } from '../../shared/drafts/envelope'
import { summarizeDraft } from '../../shared/drafts/envelope'
import { isErrno, isTempFileName, renameWithRetry } from '../files/atomicFile'
import { fileStamp } from '../files/storeFile'
import { readDraftFile, settleDraftFile, type FileContext } from './draftFile'
import { DRAFT_FILE_EXTENSION, type DraftStoreLayout } from './layout'
import { emptyReport, type LoadReport } from './loadReport'

/**
 * Longest stretch of file reads between two turns of main's event loop, in ms. The pass over
 * every draft file runs while the designer already uses the list (and opens drafts, each one
 * file read on `get`): each of those requests waits for at most one slice.
 */
export const PASS_SLICE_MS = 8

export interface TrashedDraft {
  summary: DraftSummary
  removedAt: string
}

export interface PassHooks {
  /**
   * What the store knows better than the file: 'skip' for a draft changed (or removed) since the
   * pass began — the store has told of it already — or the draft itself when the store holds
   * changes to it not yet written. undefined: the file is the truth, read it.
   */
  known(id: string): Draft | 'skip' | undefined
  /** A live draft, as read (and checked, upgraded) by the pass. */
  onDraft(draft: Draft): void
}

export interface PassResult {
  trash: Map<string, TrashedDraft>
  report: LoadReport
}

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

/**
 * The draft files' names in `dir`. With `removeLeftovers`, leftovers of interrupted writes are
 * removed on the way: only when the store opens, before it writes anything. Later (the pass runs
 * while drafts are saved) a temporary file is a save under way, and removing it fails that save.
 */
export async function listDraftFiles(
  dir: string,
  report?: LoadReport,
  removeLeftovers = false,
): Promise<string[]> {
  const names = await readdir(dir)
  const draftFiles: string[] = []
  for (const name of names) {
    if (isTempFileName(name)) {
      if (!removeLeftovers) continue
      await unlink(join(dir, name)).catch(() => undefined)
      if (report) report.tempFilesRemoved++
    } else if (extname(name) === DRAFT_FILE_EXTENSION) {
      draftFiles.push(name)
    }
  }
  return draftFiles
}

export const idOfFile = (fileName: string) => fileName.slice(0, -DRAFT_FILE_EXTENSION.length)

/** Runs `work` over `items`, giving the event loop a turn every `sliceMs`. */
export async function inSlices<T>(
  items: readonly T[],
  work: (item: T) => void | Promise<void>,
  sliceMs = PASS_SLICE_MS,
): Promise<void> {
  let sliceStart = performance.now()
  for (const item of items) {
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn()
      sliceStart = performance.now()
    }
    const pending = work(item)
    if (pending) await pending
  }
}

/**
 * The files newest first by their modification time, which a save sets: the order of the list,
 * known without reading a file (a stat is a tenth of an open/read/close). A folder whose times
 * were not kept (copied without them) gives another order for the first page, which the pass
 * then puts right.
 */
export async function newestFirst(dir: string, fileNames: readonly string[]): Promise<string[]> {
  const times = new Map<string, number>()
  await inSlices(fileNames, (name) => {
    try {
      times.set(name, statSync(join(dir, name)).mtimeMs)
    } catch {
      times.set(name, 0)
    }
  })
  return [...fileNames].sort((a, b) => times.get(b)! - times.get(a)! || (a < b ? -1 : a > b ? 1 : 0))
}

/**
 * The pass over every file: each live draft read, checked, upgraded in place when it was saved
 * by an older version, and told to `hooks.onDraft`; damaged files quarantined; the trash read.
 * Nothing is kept here but the trash's summaries: main holds no draft for the pass.
 */
export async function loadDirectory(
  context: FileContext,
  hooks: PassHooks,
  report: LoadReport = emptyReport(),
): Promise<PassResult> {
  const { layout } = context
  report.warnings.push(...(await ensureLayout(layout, context.now)))
  const trash = new Map<string, TrashedDraft>()

  const draftFiles = await listDraftFiles(layout.drafts, report)
  await inSlices(draftFiles, (fileName) => {
    const known = hooks.known(idOfFile(fileName))
    if (known === 'skip') return
    if (known) return hooks.onDraft(known)
    const path = join(layout.drafts, fileName)
    const read = readDraftFile(context, path)
    if (read.ok && read.migratedFrom === undefined && read.repairs.length === 0)
      return hooks.onDraft(read.draft)
    return settleDraftFile(context, path, read, report, true).then((draft) => {
      if (!draft) return
      // A change made while the file was upgraded was told already, and is newer.
      if (hooks.known(draft.id) === undefined) hooks.onDraft(draft)
    })
  })

  const trashFiles = await listDraftFiles(layout.trash, report)
  await inSlices(trashFiles, async (fileName) => {
    const path = join(layout.trash, fileName)
    const draft = await settleDraftFile(context, path, readDraftFile(context, path), report, false)
    if (!draft) return
    // remove() stamps the file's mtime when it moves a draft into the trash.
    const removedAt = await stat(path).then(
      (info) => info.mtime.toISOString(),
      () => context.now().toISOString(),
    )
    trash.set(draft.id, { summary: summarizeDraft(draft), removedAt })
  })
  report.trashed = trash.size
  return { trash, report }
}
