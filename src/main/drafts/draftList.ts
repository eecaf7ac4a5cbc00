import { coverOf } from '../../shared/creatives/cover'
import type { Draft } from '../../shared/drafts/envelope'
import type { DraftChange } from './store'
import { createSummaryIndex, type DraftListEntry, type PageQuery } from './summaryIndex'
import { summaryIndexFile } from './summaryIndexFile'

/**
 * Keeps the summary index in step with the draft store and answers `drafts.list` from it.
 *
 * At start the index saved by the last run is shown at once (marked `loading`) while the store
 * reads and checks every file; when that load ends the index is rebuilt from the drafts
 * themselves, and any list built on the saved one catches up with a full reload (its revision
 * is too old for a delta). Issue counts are the costly part of a summary (the validator runs
 * on the whole draft), so a count is reused for a draft whose updatedAt has not changed and
 * checked again in the background, in small slices that leave the event loop free.
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
const VERIFY_SLICE = 250

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

export function createDraftList(options: DraftListOptions) {
  const index = createSummaryIndex()
  const file = summaryIndexFile(options.storeDir)
  const onError = options.onError ?? (() => undefined)
  const announce = () => options.onChanged?.(index.revision)
  const saveDelayMs = options.saveDelayMs ?? 5_000
  let loaded = false
  let closed = false
  let live: ReadonlyMap<string, Draft> = new Map()
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  let saving: Promise<void> = Promise.resolve()
  let verifying: ReturnType<typeof setImmediate> | undefined

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

  /** Counts reused from the saved index, checked again a slice at a time. */
  const verify = (ids: string[]) => {
    if (verifying) clearImmediate(verifying)
    let next = 0
    const slice = () => {
      verifying = undefined
      if (closed) return
      let changed = false
      for (const end = Math.min(ids.length, next + VERIFY_SLICE); next < end; next++) {
        const draft = live.get(ids[next]!)
        const shown = draft && index.get(draft.id)
        if (!draft || !shown || shown.updatedAt !== draft.updatedAt) continue
        const counts = options.countIssues(draft)
        if (counts.errorCount !== shown.errorCount || counts.warningCount !== shown.warningCount) {
          index.upsert(entryFor(draft, counts))
          changed = true
        }
      }
      if (changed) {
        scheduleSave()
        announce()
      }
      if (next < ids.length) verifying = setImmediate(slice)
    }
    verifying = setImmediate(slice)
  }

  function onChange(change: DraftChange): void {
    if (change.type === 'removed') {
      index.remove(change.id)
    } else if (change.type === 'saved') {
      index.upsert(entryFor(change.draft, options.countIssues(change.draft)))
    } else {
      live = change.drafts
      const reused: string[] = []
      const entries: DraftListEntry[] = []
      for (const draft of change.drafts.values()) {
        const saved = index.get(draft.id)
        if (saved && saved.updatedAt === draft.updatedAt) {
          entries.push(entryFor(draft, saved))
          reused.push(draft.id)
        } else {
          entries.push(entryFor(draft, options.countIssues(draft)))
        }
      }
      // The saved index answered until now: lists taken from it catch up with what differs.
      index.replace(entries)
      loaded = true
      void save()
      if (reused.length > 0) verify(reused)
      announce()
      return
    }
    scheduleSave()
    announce()
  }

  /** Resolves once a list can be shown: the saved index if there is one, else the load. */
  /** `storeReady` is called (starting the store's load) only when there is no saved index. */
  function showSaved(storeReady: () => Promise<unknown>): Promise<void> {
    return file.read().then(
      (entries) => {
        if (entries && !loaded) {
          index.reset(entries)
          return
        }
        return storeReady().then(() => undefined)
      },
      () => storeReady().then(() => undefined),
    )
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
    showSaved,
    list,
    entry: (id: string) => index.get(id),
    get loaded() {
      return loaded
    },
    /** Saves the index one last time (quit). */
    async close(): Promise<void> {
      if (verifying) clearImmediate(verifying)
      const wasLoaded = loaded
      closed = true
      if (wasLoaded) await save()
      else await saving
    },
  }
}

export type DraftList = ReturnType<typeof createDraftList>
