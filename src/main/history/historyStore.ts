/**
 * Version history of every draft (issue 43 item 5), kept by main on disk in `<dataDir>/history/`.
 *
 * Every save of a draft's name or content is seen (`noteChange`, from the store's changes) and
 * coalesced: the first save opens a window of `windowMs` (30 s), the last state of the window is
 * written as one version. A publish, a bulk step, a restore and an undo close the window at once
 * and leave a mark on the timeline. Old versions are thinned by age, and all histories together
 * are kept within twice the drafts' own size (thinning.ts, budget.ts).
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Draft } from '../../shared/drafts/envelope'
import type { DraftChange } from '../drafts/storeTypes'
import { diff, flatten, isEmptyDelta, type FieldMap, type VersionState } from './versionDelta'
import {
  appendRecords,
  readHistoryFile,
  rewriteHistoryFile,
  type HistoryRecord,
  type MarkKind,
} from './versionFile'
import { encode, hasThinnable, replay, thinByAge, type Entry } from './thinning'

export const VERSION_WINDOW_MS = 30_000
/** Histories whose last version main keeps in memory (what the next version is kept against). */
const KNOWN_KEPT = 500
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface HistoryStoreOptions {
  /** `<dataDir>/history` */
  dir: string
  now?: () => Date
  windowMs?: number
  /** Timers for the coalescing window (tests pass their own). */
  setTimer?: (run: () => void, ms: number) => { clear(): void }
  onError?: (error: unknown) => void
  /** Told after every write with the bytes it added (the budget follows them). */
  onWritten?: (bytes: number) => void
}

interface Known {
  last: FieldMap
  nextN: number
  bytes: number
  validBytes: number
  lastPublishedAt: string | undefined
}

interface Pending {
  state: VersionState
  since: number
  /** When the last save of the window came: the version's time. */
  last: number
  timer: { clear(): void }
}

const nodeTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, ms)
  handle.unref?.()
  return { clear: () => clearTimeout(handle) }
}

export function stateOf(draft: Pick<Draft, 'name' | 'content'>): VersionState {
  return { name: draft.name, content: draft.content }
}

export function createHistoryStore(options: HistoryStoreOptions) {
  const now = options.now ?? (() => new Date())
  const windowMs = options.windowMs ?? VERSION_WINDOW_MS
  const setTimer = options.setTimer ?? nodeTimer
  const onError = options.onError ?? (() => undefined)
  const pending = new Map<string, Pending>()
  const known = new Map<string, Known>()
  const queues = new Map<string, Promise<void>>()
  let made: Promise<unknown> | undefined

  const pathOf = (id: string) => {
    if (!UUID.test(id)) throw new Error('A draft id is a UUID')
    return join(options.dir, `${id}.log`)
  }

  /** Work on one draft's file runs in order; a failure is reported and the queue goes on. */
  const queue = (id: string, work: () => Promise<void>): Promise<void> => {
    const run = (queues.get(id) ?? Promise.resolve()).then(work).catch(onError)
    queues.set(id, run)
    void run.then(() => {
      if (queues.get(id) === run) queues.delete(id)
    })
    return run
  }

  const remember = (id: string, value: Known) => {
    known.delete(id)
    known.set(id, value)
    if (known.size > KNOWN_KEPT) known.delete(known.keys().next().value!)
  }

  /** Reads the file (thinning it by age when due); answers its entries. */
  const read = async (id: string): Promise<Entry[]> => {
    made ??= mkdir(options.dir, { recursive: true })
    await made
    const path = pathOf(id)
    const file = await readHistoryFile(path)
    let entries = replay(file.records)
    let bytes = file.bytes
    let validBytes = file.validBytes
    if (hasThinnable(entries, now())) {
      entries = thinByAge(entries, now())
      bytes = validBytes = await rewriteHistoryFile(path, encode(entries))
      options.onWritten?.(bytes - file.bytes)
    }
    let last: FieldMap = {}
    let nextN = 1
    let lastPublishedAt: string | undefined
    for (const entry of entries) {
      if (entry.k === 'v') {
        last = entry.fields
        nextN = entry.n + 1
      } else if (entry.what === 'publish') lastPublishedAt = entry.at
    }
    remember(id, { last, nextN, bytes, validBytes, lastPublishedAt })
    return entries
  }

  const knownOf = async (id: string): Promise<Known> => {
    const held = known.get(id)
    if (held) return held
    await read(id)
    return known.get(id)!
  }

  const append = async (id: string, records: HistoryRecord[], state: Known) => {
    const added = await appendRecords(pathOf(id), records, state)
    state.bytes = state.validBytes = state.validBytes + added
    options.onWritten?.(added)
  }

  /** Writes `state` as the draft's next version, unless it is the version already last. */
  const writeVersion = async (id: string, state: VersionState, at: string) => {
    const held = await knownOf(id)
    const fields = flatten(state)
    const delta = diff(held.last, fields)
    if (isEmptyDelta(delta)) return
    await append(id, [{ k: 'v', n: held.nextN, at, d: delta }], held)
    held.last = fields
    held.nextN += 1
  }

  const writeMark = async (id: string, what: MarkKind, label: string, at: string) => {
    const held = await knownOf(id)
    await append(id, [{ k: 'm', what, at, label }], held)
    if (what === 'publish') held.lastPublishedAt = at
  }

  /** Ends the draft's window: its last state is written (queued) as a version. */
  const closeWindow = (id: string): void => {
    const open = pending.get(id)
    if (!open) return
    pending.delete(id)
    open.timer.clear()
    const at = new Date(open.last).toISOString()
    void queue(id, () => writeVersion(id, open.state, at))
  }

  const noteSaved = (draft: Readonly<Draft>) => {
    const id = draft.id
    const at = now().getTime()
    const open = pending.get(id)
    if (open && at - open.since >= windowMs) closeWindow(id)
    const still = pending.get(id)
    if (still) {
      still.state = stateOf(draft)
      still.last = at
    } else
      pending.set(id, {
        state: stateOf(draft),
        since: at,
        last: at,
        timer: setTimer(() => closeWindow(id), windowMs),
      })
    const publishedAt = draft.status === 'published' ? draft.published?.publishedAt : undefined
    if (publishedAt) {
      closeWindow(id)
      void queue(id, async () => {
        const held = await knownOf(id)
        if (held.lastPublishedAt && held.lastPublishedAt >= publishedAt) return
        await writeMark(id, 'publish', 'Published', publishedAt)
      })
    }
  }

  return {
    /** The drafts store's changes: saves open or extend a window; a removal closes it. */
    noteChange(change: DraftChange): void {
      if (change.type === 'saved') noteSaved(change.draft)
      else if (change.type === 'removed') closeWindow(change.id)
    },

    /**
     * Work on drafts that ends their windows with a mark: `before` (the state just before the
     * work) is kept as a version, then the mark, then the state after it (the open window).
     */
    markStep(
      what: MarkKind,
      label: string,
      before: readonly Readonly<Draft>[],
      created: readonly string[] = [],
    ): Promise<void> {
      const at = now().toISOString()
      // A draft the work made: its first version, then the mark that says where it came from.
      const made = created.map((id) => {
        closeWindow(id)
        return queue(id, () => writeMark(id, what, label, at))
      })
      return Promise.all([
        ...made,
        ...before.map((draft) => {
          const after = pending.get(draft.id)
          if (after) {
            pending.delete(draft.id)
            after.timer.clear()
          }
          return queue(draft.id, async () => {
            await writeVersion(draft.id, stateOf(draft), at)
            await writeMark(draft.id, what, label, at)
            if (after) await writeVersion(draft.id, after.state, at)
          })
        }),
      ]).then(() => undefined)
    },

    /**
     * The draft's history, oldest first, after its open window is written and `current` (the
     * draft as it is) kept as a version when it is not the last one (a draft older than history).
     */
    async entries(id: string, current?: Readonly<Draft>): Promise<Entry[]> {
      closeWindow(id)
      let entries: Entry[] = []
      await queue(id, async () => {
        if (current) await writeVersion(id, stateOf(current), current.updatedAt)
        entries = await read(id)
      })
      return entries
    },

    /** The draft's history as written so far (its open window stays open). */
    async peek(id: string): Promise<Entry[]> {
      let entries: Entry[] = []
      await queue(id, async () => {
        entries = await read(id)
      })
      return entries
    },

    /** Writes every open window; resolves when all writes are done. */
    async flush(): Promise<void> {
      for (const id of [...pending.keys()]) closeWindow(id)
      await Promise.all([...queues.values()])
    },

    /** Rewrites a draft's history (the budget's thinning), between its other writes. */
    rewrite(id: string, change: (entries: Entry[]) => Entry[]): Promise<number> {
      let size = 0
      return queue(id, async () => {
        const entries = await read(id)
        const kept = change(entries)
        if (kept.length === entries.length) {
          size = known.get(id)?.bytes ?? 0
          return
        }
        const before = known.get(id)?.bytes ?? 0
        size = await rewriteHistoryFile(pathOf(id), encode(kept))
        options.onWritten?.(size - before)
        known.delete(id)
      }).then(() => size)
    },

    pathOf,
    isHistoryFile: (name: string) => name.endsWith('.log') && UUID.test(name.slice(0, -4)),
  }
}

export type HistoryStore = ReturnType<typeof createHistoryStore>
