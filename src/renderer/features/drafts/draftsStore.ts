import { create } from 'zustand'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'

type TrashEntry = DraftSummaryWithIssues & { removedAt: string }

interface DraftsState {
  drafts: DraftSummaryWithIssues[]
  trash: TrashEntry[]
  quarantined: { fileName: string; message: string }[]
  /** Drafts from a newer version, folder trouble worked around: said once, kept working. */
  notices: { fileName?: string; message: string }[]
  loaded: boolean
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
}

const messageOf = (error: unknown) =>
  error instanceof IpcFailure ? error.message : 'Something went wrong. Try again.'

export const useDraftsStore = create<DraftsState>((set, get) => {
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
  return {
    drafts: [],
    trash: [],
    quarantined: [],
    notices: [],
    loaded: false,
    error: null,
    lastRemoved: null,
    async load() {
      await attempt(async () => {
        const list = await unwrap(studio().drafts.list({}))
        set({ ...list, notices: list.notices ?? [], loaded: true })
      }, false)
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
