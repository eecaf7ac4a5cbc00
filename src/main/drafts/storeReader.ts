import { join } from 'node:path'
import { summarizeDraft, type Draft, type DraftSummary } from '../../shared/drafts/envelope'
import { readDraftFile, settleDraftFile, type FileContext } from './draftFile'
import { FullDraftCache } from './fullDraftCache'
import { draftFileName } from './layout'
import {
  ensureLayout,
  idOfFile,
  listDraftFiles,
  loadDirectory,
  newestFirst,
  type TrashedDraft,
} from './loader'
import { emptyReport, type LoadReport } from './loadReport'
import type { DraftChange } from './storeTypes'

/**
 * The draft store's reading side: which drafts there are (by file name, then by summary), the
 * few whole drafts main keeps, one draft read from its file on demand, and the pass over every
 * file. Main holds no draft for the pass and none but the cache's for the list (issue 46: keeping
 * every draft cost 155 MB at 50,000).
 */
export class DraftReader {
  /** Every live draft by id; its summary once a read, a change or the pass told it. */
  live = new Map<string, DraftSummary | undefined>()
  trash = new Map<string, TrashedDraft>()
  /** The whole drafts main holds: the last used, and every one with changes not yet written. */
  readonly cache: FullDraftCache
  /** The last pass's report (before the first: what opening found); `get`'s finds are added. */
  report: LoadReport = emptyReport()
  /** Drafts changed or removed while the pass runs: what the store says of them is newer. */
  private changedInPass: Set<string> | undefined
  private opening: Promise<void> | undefined
  private passes = 0
  /** Damaged files found on `get`, being moved to quarantine. */
  private readonly settling = new Set<Promise<unknown>>()

  constructor(
    private readonly context: FileContext,
    private readonly deps: {
      /** The draft has changes not yet written, or a write under way. */
      hasPending(id: string): boolean
      isClosed(): boolean
      onChange(change: DraftChange): void
      fullDraftsKept?: { drafts: number; bytes: number } | undefined
    },
  ) {
    this.cache = new FullDraftCache((id) => deps.hasPending(id), deps.fullDraftsKept)
  }

  /** Makes the folders and learns the drafts' ids from their file names (reads none). */
  open(): Promise<void> {
    this.opening ??= (async () => {
      const { layout, now } = this.context
      this.report.warnings.push(...(await ensureLayout(layout, now)))
      for (const fileName of await listDraftFiles(layout.drafts, this.report, true)) {
        const id = idOfFile(fileName)
        if (!this.live.has(id)) this.live.set(id, undefined)
      }
      await listDraftFiles(layout.trash, this.report, true)
    })()
    return this.opening
  }

  async firstDrafts(count: number): Promise<Draft[]> {
    await this.open()
    const fileNames = [...this.live.keys()].map(draftFileName)
    const newest = (await newestFirst(this.context.layout.drafts, fileNames)).slice(0, count)
    // Oldest first, so that the newest are the most recently used in the cache.
    const drafts = newest.reverse().flatMap((fileName) => this.full(idOfFile(fileName)) ?? [])
    // A damaged file among them is reported with the first page.
    await Promise.all(this.settling)
    return drafts.reverse()
  }

  /** Reads and checks every file (see PassHooks); undefined when the store closed meanwhile. */
  async pass(): Promise<LoadReport | undefined> {
    await this.open()
    const changed = new Set<string>()
    this.changedInPass = changed
    // What opening the folder and `get` found before the first pass stays reported.
    const earlier = this.passes++ > 0 ? emptyReport() : this.report
    const report = emptyReport(earlier.warnings)
    report.quarantined.push(...earlier.quarantined)
    report.skipped.push(...earlier.skipped)
    report.tempFilesRemoved = earlier.tempFilesRemoved
    this.report = report
    const live = new Map<string, DraftSummary>()
    const closed = () => this.deps.isClosed()
    this.deps.onChange({ type: 'loading' })
    let result: Awaited<ReturnType<typeof loadDirectory>>
    try {
      result = await loadDirectory(
        this.context,
        {
          known: (id) =>
            closed() || changed.has(id) ? 'skip' : this.deps.hasPending(id) ? this.cache.peek(id) : undefined,
          onDraft: (draft) => {
            if (closed() || changed.has(draft.id)) return
            live.set(draft.id, summarizeDraft(draft))
            this.deps.onChange({ type: 'read', draft })
          },
        },
        report,
      )
    } finally {
      this.changedInPass = undefined
    }
    // What changed meanwhile is as the store says, not as the pass read it.
    for (const id of changed) {
      const summary = this.live.get(id)
      if (summary) live.set(id, summary)
      else live.delete(id)
      const trashed = this.trash.get(id)
      if (trashed) result.trash.set(id, trashed)
      else result.trash.delete(id)
    }
    if (closed()) return undefined
    this.live = live
    this.trash = result.trash
    report.loaded = live.size
    report.trashed = this.trash.size
    this.deps.onChange({ type: 'loaded' })
    return report
  }

  /**
   * The draft as main holds it: from the cache, or read from its one file. A file that cannot be
   * read as a draft is settled as the pass would (quarantined, reported) and the draft is gone.
   */
  full(id: string): Draft | undefined {
    const cached = this.cache.get(id)
    if (cached) return cached
    if (!this.live.has(id)) return undefined
    const path = join(this.context.layout.drafts, draftFileName(id))
    const read = readDraftFile(this.context, path)
    if (read.ok) {
      this.cache.set(read.draft, read.bytes)
      if (this.live.get(id) === undefined) this.live.set(id, summarizeDraft(read.draft))
      return read.draft
    }
    this.forget(id)
    if (read.outcome !== 'gone') {
      const report = this.report
      const settle = () => settleDraftFile(this.context, path, read, report, false)
      const settled = (this.context.exclusive ? this.context.exclusive(id, settle) : settle())
        .catch(() => undefined)
        .finally(() => this.settling.delete(settled))
      this.settling.add(settled)
    }
    this.deps.onChange({ type: 'removed', id })
    return undefined
  }

  /** A draft the store made or changed: live, kept whole (pinned while not written). */
  setLive(draft: Draft, bytes?: number): void {
    this.live.set(draft.id, summarizeDraft(draft))
    this.cache.set(draft, bytes)
    this.changedInPass?.add(draft.id)
  }

  /** A draft that is live no more (removed, or its file found damaged). */
  forget(id: string): void {
    this.live.delete(id)
    this.cache.delete(id)
    this.changedInPass?.add(id)
  }

  /** A draft moved to the trash, or back (`undefined`). */
  setTrashed(id: string, entry: TrashedDraft | undefined): void {
    if (entry) this.trash.set(id, entry)
    else this.trash.delete(id)
    this.changedInPass?.add(id)
  }
}
