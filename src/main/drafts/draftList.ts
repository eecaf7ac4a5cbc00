import { coverOf } from '../../shared/creatives/cover'
import type { Draft } from '../../shared/drafts/envelope'
import type { DraftChange } from './store'
import { createSummaryIndex, type DraftListEntry, type PageQuery } from './summaryIndex'
import { summaryIndexFile } from './summaryIndexFile'

/**
 * Keeps the summary index in step with the draft store and answers `drafts.list` from it.
 *
 * At start the index saved by the last run is shown at once (marked `loading`), or, when there is
 * none, the newest draft files read by themselves; the store's pass then reads and checks every
 * file, in slices, and the index is rebuilt from what it read (issue counts included), and any
 * list built on the first one catches up with what differs.
 */
export interface DraftListOptions {
  /** The store's directory (where the saved index lives). */
  storeDir: string
  countIssues(draft: Readonly<Draft>): { errorCount: number; warningCount: number }
  /** Quiet time after the last change before the index is saved again. */
  saveDelayMs?: number
  onError?: (error: unknown) => void
  /** The list changed (a draft saved, removed, its counts checked, the files read): its revision now. */
  onChanged?: (revision: number) => void
}

export interface ListQuery extends Partial<Pick<PageQuery, 'offset' | 'limit' | 'kinds' | 'status'>> {
  since?: number | undefined
}

export interface ListAnswer {
  revision: number
  total: number
  offset: number
  drafts: DraftListEntry[]
  /** Present when `since` was answered: `drafts` then holds only the drafts changed since. */
  removed?: string[]
  /** The store is still reading its files: this list comes from the index the last run saved. */
  loading: boolean
}

export const DEFAULT_PAGE_SIZE = 5_000

function entryFor(
  draft: Readonly<Draft>,
  counts: { errorCount: number; warningCount: number },
): DraftListEntry {
  const entry: DraftListEntry = {
    id: draft.id,
    kind: draft.kind,
    name: draft.name,
    status: draft.status,
    updatedAt: draft.updatedAt,
    errorCount: counts.errorCount,
    warningCount: counts.warningCount,
  }
  if (draft.published) entry.published = { ...draft.published }
  const cover = coverOf(draft.kind, draft.content)
  if (cover) entry.cover = cover
  return entry
}

/**
 * Newest files read for the first page when there is no saved index: the renderer's first page
 * is 60 rows (FIRST_PAGE in state/drafts/firstDraftsPage.ts); the rest follows from the pass.
 */
export const FIRST_FILES_READ = 64

export function createDraftList(options: DraftListOptions) {
  const index = createSummaryIndex()
  const file = summaryIndexFile(options.storeDir)
  const onError = options.onError ?? (() => undefined)
  const announce = () => options.onChanged?.(index.revision)
  const saveDelayMs = options.saveDelayMs ?? 5_000
  let loaded = false
  let closed = false
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  let saving: Promise<void> = Promise.resolve()
  /** The store's pass is running: the entries it read so far, with every change since it began. */
  let passed: Map<string, DraftListEntry> | undefined
  /** Changes made before the first list was shown (null: removed), applied over it. */
  let early: Map<string, DraftListEntry | null> | undefined = new Map()

  const save = (): Promise<void> => {
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = undefined
    const entries = index.entries()
    saving = saving.then(() => file.write(entries)).catch(onError)
    return saving
  }
  const scheduleSave = () => {
    if (!loaded || closed) return
    if (saveTimer) clearTimeout(saveTimer)
    saveTimer = setTimeout(() => void save(), saveDelayMs)
    saveTimer.unref?.()
  }

  function onChange(change: DraftChange): void {
    switch (change.type) {
      case 'loading':
        passed = new Map()
        return
      case 'read':
        // Issue counts are the costly part of a summary (the validator runs on the whole
        // draft): they are taken here, in the pass, after the first page was answered.
        passed?.set(change.draft.id, entryFor(change.draft, options.countIssues(change.draft)))
        return
      case 'loaded': {
        // The saved index (or the newest files) answered until now: lists taken from it catch
        // up with what differs. Saved later, off the path of anything the designer waits for.
        index.replace(passed?.values() ?? [])
        passed = undefined
        loaded = true
        scheduleSave()
        announce()
        return
      }
      case 'removed':
        index.remove(change.id)
        passed?.delete(change.id)
        early?.set(change.id, null)
        break
      case 'saved': {
        const entry = entryFor(change.draft, options.countIssues(change.draft))
        index.upsert(entry)
        passed?.set(entry.id, entry)
        early?.set(entry.id, entry)
        break
      }
    }
    scheduleSave()
    announce()
  }

  /**
   * Resolves once a first list can be shown, without waiting for the store's pass: the index the
   * last run saved, else the newest draft files (by their times), read and counted.
   */
  async function showFirst(store: { firstDrafts(count: number): Promise<Draft[]> }): Promise<void> {
    try {
      let entries = await file.read().catch(() => undefined)
      if (!entries && !loaded) {
        const drafts = await store.firstDrafts(FIRST_FILES_READ)
        entries = drafts.map((draft) => entryFor(draft, options.countIssues(draft)))
      }
      if (!entries || loaded) return
      index.reset(entries)
      for (const [id, entry] of early ?? []) {
        if (entry) index.upsert(entry)
        else index.remove(id)
      }
    } finally {
      early = undefined
    }
  }

  function list(query: ListQuery = {}): ListAnswer {
    const filtered = query.kinds !== undefined || query.status !== undefined
    if (query.since !== undefined && !filtered) {
      const changes = index.changesSince(query.since)
      if (changes) {
        return {
          revision: index.revision,
          total: index.size,
          offset: 0,
          drafts: changes.changed,
          removed: changes.removed,
          loading: !loaded,
        }
      }
    }
    const offset = query.offset ?? 0
    const page = index.page({
      offset,
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      kinds: query.kinds,
      status: query.status,
    })
    return { revision: index.revision, total: page.total, offset, drafts: page.entries, loading: !loaded }
  }

  return {
    onChange,
    showFirst,
    list,
    entry: (id: string) => index.get(id),
    get loaded() {
      return loaded
    },
    /** Saves the index one last time (quit). */
    async close(): Promise<void> {
      const wasLoaded = loaded
      closed = true
      if (wasLoaded) await save()
      else await saving
    },
  }
}

export type DraftList = ReturnType<typeof createDraftList>
