import { create } from 'zustand'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { DraftListResponse, DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { IpcFailure, listen, studio, unwrap } from '../../lib/ipc'
import { serialRuns } from '../../lib/serialRuns'
import { applyChanges } from './draftListModel'
import { FIRST_PAGE, takeFirstDraftsPage } from './firstDraftsPage'

export { FIRST_PAGE }

type TrashEntry = DraftSummaryWithIssues & { removedAt: string }

interface DraftsState {
  /** Every draft's summary, most recently changed first (main's order). */
  drafts: DraftSummaryWithIssues[]
  trash: TrashEntry[]
  quarantined: { fileName: string; message: string }[]
  /** Drafts from a newer version, folder trouble worked around: said once, kept working. */
  notices: { fileName?: string; message: string }[]
  /** The first page has arrived: something can be shown. */
  loaded: boolean
  /** Every page has arrived and main has read all its files. */
  complete: boolean
  /** main's revision of `drafts`; later refreshes ask only for what changed since. */
  revision: number | null
  error: string | null
  /** The last deletion, for the "Undo" action. */
  lastRemoved: { id: string; name: string } | null
  load(): Promise<void>
  create(kind: DraftKind, name?: string): Promise<string | null>
  duplicate(id: string): Promise<string | null>
  remove(id: string): Promise<void>
  undoRemove(): Promise<void>
  /** Hides the "Undo" offer once the designer has seen it. */
  dismissRemoved(): void
  exportDraft(id: string): Promise<string | null>
  importDraft(): Promise<string | null>
  /** The drafts table calls this once it has painted its first rows (DraftsTable). */
  rowsPainted(): void
}

export const PAGE = 5_000
/** Longest wait for the table's first rows to be painted: a page that shows none never says. */
export const ROWS_PAINT_WAIT_MS = 1_000

const messageOf = (error: unknown) =>
  error instanceof IpcFailure ? error.message : 'Something went wrong. Try again.'

const listPage = (request: Parameters<ReturnType<typeof studio>['drafts']['list']>[0]) =>
  unwrap(studio().drafts.list(request)) as Promise<DraftListResponse>

export const useDraftsStore = create<DraftsState>((set, get) => {
  // Whoever waits for the table's first rows to be painted, and whether they already were.
  let onRowsPainted: (() => void) | undefined
  let rowsWerePainted = false
  const firstRowsPainted = () =>
    new Promise<void>((resolve) => {
      if (rowsWerePainted) return resolve()
      const done = () => {
        clearTimeout(timer)
        onRowsPainted = undefined
        resolve()
      }
      const timer = setTimeout(done, ROWS_PAINT_WAIT_MS)
      onRowsPainted = done
    })

  // A later list refresh must not wipe the error of the action before it, so only actions clear it.
  const attempt = async <T>(work: () => Promise<T>, clearsError = true): Promise<T | null> => {
    if (clearsError) set({ error: null })
    try {
      return await work()
    } catch (error) {
      set({ error: messageOf(error) })
      return null
    }
  }

  /** Every page of one revision; starts over if the list changes while the pages arrive. */
  async function fetchAll(): Promise<DraftListResponse & { all: DraftSummaryWithIssues[] }> {
    for (let attemptNo = 0; ; attemptNo++) {
      // The app asks for the first page as it starts (firstDraftsPage); taken once, if it did.
      const first = await (takeFirstDraftsPage() ?? listPage({ offset: 0, limit: FIRST_PAGE }))
      // The first screen at once when there is nothing on screen yet; the rest is asked for
      // once the table has painted it, so the first rows never wait behind thousands more.
      // Not after the next frame: the store loads before the app's first render (startPage),
      // which React renders in slices with frames between them, and a frame without the rows
      // sent the request while they were still being drawn. main checks each page of 5,000 it
      // answers (~100 ms of CPU), and on two cores that slowed the first rows' frame.
      if (!get().loaded) {
        set({
          drafts: first.drafts,
          trash: first.trash,
          quarantined: first.quarantined,
          notices: first.notices ?? [],
          loaded: true,
        })
        if (first.total > first.drafts.length) await firstRowsPainted()
      }
      const all = [...first.drafts]
      let consistent = true
      while (all.length < first.total) {
        const page = await listPage({ offset: all.length, limit: PAGE })
        if (page.revision !== first.revision) {
          consistent = false
          break
        }
        if (page.drafts.length === 0) break
        for (const draft of page.drafts) all.push(draft)
      }
      if (consistent || attemptNo >= 3) return { ...first, all }
    }
  }

  /** Main was asked again once while it read its files (that is when it starts reading them). */
  let askedWhileLoading = false
  let following = false

  async function refresh(): Promise<void> {
    const { revision } = get()
    let loading: boolean
    // Usually only what changed since the list on screen; a full reload when main cannot say.
    const delta = revision === null ? null : await listPage({ since: revision, limit: PAGE })
    if (delta?.removed) {
      set((state) => ({
        drafts: applyChanges(state.drafts, delta.drafts, delta.removed!),
        trash: delta.trash,
        quarantined: delta.quarantined,
        notices: delta.notices ?? [],
        revision: delta.revision,
        complete: !delta.loading,
      }))
      loading = delta.loading
    } else {
      const list = await fetchAll()
      set({
        drafts: list.all,
        trash: list.trash,
        quarantined: list.quarantined,
        notices: list.notices ?? [],
        loaded: true,
        complete: !list.loading,
        revision: list.revision,
      })
      loading = list.loading
    }
    // Main reads its draft files once its first answer, from the list it saved, is painted and
    // it is asked again (drafts/draftsService.ts); drafts.changed says when they are read.
    if (loading && !askedWhileLoading) {
      askedWhileLoading = true
      await firstRowsPainted()
      refreshes.runAgain()
    }
  }
  const refreshes = serialRuns(() => attempt(refresh, false))

  return {
    drafts: [],
    trash: [],
    quarantined: [],
    notices: [],
    loaded: false,
    complete: false,
    revision: null,
    error: null,
    lastRemoved: null,
    rowsPainted() {
      rowsWerePainted = true
      onRowsPainted?.()
    },
    async load() {
      // From the first load on, every change main makes to the list (a save, the outbox's status,
      // an import) is followed: what changed since the revision held is asked for.
      if (!following) {
        following = true
        listen('drafts.changed', ({ revision }) => {
          if (revision !== get().revision || !get().complete) void get().load()
        })
      }
      return refreshes.run()
    },
    async create(kind, name) {
      const draft = await attempt(() => unwrap(studio().drafts.create({ kind, ...(name ? { name } : {}) })))
      await get().load()
      return draft?.id ?? null
    },
    async duplicate(id) {
      const draft = await attempt(() => unwrap(studio().drafts.duplicate({ id })))
      await get().load()
      return draft?.id ?? null
    },
    async remove(id) {
      const name = get().drafts.find((draft) => draft.id === id)?.name ?? 'Draft'
      const removed = await attempt(() => unwrap(studio().drafts.remove({ id })))
      if (removed) set({ lastRemoved: { id, name } })
      await get().load()
    },
    async undoRemove() {
      const last = get().lastRemoved
      if (!last) return
      await attempt(() => unwrap(studio().drafts.undoRemove({ id: last.id })))
      set({ lastRemoved: null })
      await get().load()
    },
    dismissRemoved() {
      set({ lastRemoved: null })
    },
    async exportDraft(id) {
      const result = await attempt(() => unwrap(studio().drafts.export({ id })))
      return result?.exported ? (result.fileName ?? null) : null
    },
    async importDraft() {
      const result = await attempt(() => unwrap(studio().drafts.import({})))
      await get().load()
      return result?.draft?.id ?? null
    },
  }
})
