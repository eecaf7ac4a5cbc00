import type { Draft } from '../../shared/drafts/envelope'

/**
 * How many whole drafts main keeps in memory, most recently used first. A designer moves between
 * a handful of drafts in a session (open, publish, back to the list, open the next); each is one
 * file read (well under a millisecond) when it is not kept. 64 drafts of about 3 KB are ~200 KB,
 * where keeping every draft cost 155 MB at 50,000 (issue 46). The byte bound keeps a few drafts
 * near the 4 MB file limit from holding more than that much.
 */
export const FULL_DRAFTS_KEPT = { drafts: 64, bytes: 8 * 1024 * 1024 } as const

/** A typical draft file's size, for a draft whose size is not known. */
const DEFAULT_DRAFT_BYTES = 3 * 1024

/**
 * The whole drafts main holds: a bounded LRU, except that a draft with changes not yet written
 * (`pinned`) is never dropped, since its file is older than it.
 */
export class FullDraftCache {
  private readonly entries = new Map<string, { draft: Draft; bytes: number }>()
  private bytes = 0

  constructor(
    private readonly pinned: (id: string) => boolean,
    private readonly bound: { drafts: number; bytes: number } = FULL_DRAFTS_KEPT,
  ) {}

  get size(): number {
    return this.entries.size
  }

  /** The draft, now the most recently used; undefined when it is not kept. */
  get(id: string): Draft | undefined {
    const entry = this.entries.get(id)
    if (!entry) return undefined
    this.entries.delete(id)
    this.entries.set(id, entry)
    return entry.draft
  }

  /** The draft without counting it as a use. */
  peek(id: string): Draft | undefined {
    return this.entries.get(id)?.draft
  }

  /**
   * `bytes`: its file's size (or its text's length), for the byte bound; when unknown, what was
   * known of the same draft (a status change leaves its size about the same).
   */
  set(draft: Draft, bytes?: number): void {
    const size = bytes ?? this.entries.get(draft.id)?.bytes ?? DEFAULT_DRAFT_BYTES
    this.delete(draft.id)
    this.entries.set(draft.id, { draft, bytes: size })
    this.bytes += size
    this.trim(draft.id)
  }

  delete(id: string): void {
    const entry = this.entries.get(id)
    if (!entry) return
    this.entries.delete(id)
    this.bytes -= entry.bytes
  }

  /**
   * Drops the least recently used unpinned drafts until within the bound. `keep`: the draft just
   * set, about to be pinned by its pending write (or just asked for).
   */
  private trim(keep: string): void {
    if (this.entries.size <= this.bound.drafts && this.bytes <= this.bound.bytes) return
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= this.bound.drafts && this.bytes <= this.bound.bytes) return
      if (id === keep || this.pinned(id)) continue
      this.entries.delete(id)
      this.bytes -= entry.bytes
    }
  }

  clear(): void {
    this.entries.clear()
    this.bytes = 0
  }
}
