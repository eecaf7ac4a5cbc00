/**
 * The app's undo list (issue 43 item 6): every piece of work on many drafts (a bulk edit, a
 * replace, variants, a CSV import, a restored version) is one entry, kept on disk so that it can
 * be undone after a restart. Each entry is one file, `<dataDir>/undo/<number>.json`, written
 * atomically; the newest UNDO_STEPS_KEPT are kept. Only the newest entry is undone, and not once
 * one of its drafts has been published since: that work is on the platform.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { AppFailure, appError } from '../../shared/errors'
import { draftSchema, type Draft, type DraftStatus } from '../../shared/drafts/envelope'
import { plural } from '../../shared/rules/issues'
import { writeFileAtomic } from '../files/atomicFile'
import { namesIn } from '../files/folder'
import type { BulkStep, BulkStepKind, BulkStepRecorder } from '../bulk/bulkSteps'

export const UNDO_STEPS_KEPT = 20
const FILE = /^(\d{12})\.json$/

/** What the undo list needs of the drafts: read one, put one back, move one to the trash. */
export interface UndoDraftsPort {
  find(id: string): Promise<Draft | undefined>
  /** Writes name and content durably (status and published ids stay main's). */
  save(draft: Draft): Promise<unknown>
  remove(id: string): Promise<unknown>
  flush(): Promise<unknown>
}

export interface UndoEntry {
  id: string
  kind: BulkStepKind
  label: string
  at: string
  drafts: number
  /** Why this entry cannot be undone, in words; only the newest entry is checked. */
  blocked?: string
}

interface StoredStep extends BulkStep {
  seq: number
  at: string
}

/** A draft in these states is on the platform, or on its way: its past is not ours to restore. */
export const OUT_STATUSES: ReadonlySet<DraftStatus> = new Set(['queued', 'publishing', 'published'])

function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

function parseStep(text: string, seq: number): StoredStep | undefined {
  try {
    const raw = JSON.parse(text) as Partial<StoredStep>
    if (raw.seq !== seq || typeof raw.label !== 'string' || typeof raw.at !== 'string') return undefined
    if (!Array.isArray(raw.before) || !Array.isArray(raw.created) || typeof raw.kind !== 'string')
      return undefined
    const before = raw.before.map((draft) => draftSchema.parse(draft))
    return { seq, at: raw.at, kind: raw.kind, label: raw.label, before, created: raw.created.map(String) }
  } catch {
    return undefined
  }
}

export function createUndoList(options: {
  dir: string
  drafts: UndoDraftsPort
  /** Told of every step recorded or undone (the drafts' timelines mark them). */
  onStep?: (what: 'recorded' | 'undone', step: BulkStep, before: readonly Draft[]) => Promise<void>
  now?: () => Date
  kept?: number
}): BulkStepRecorder & {
  list(): Promise<UndoEntry[]>
  undo(id: string): Promise<{ label: string; restored: number; removed: number; skipped: number }>
} {
  const now = options.now ?? (() => new Date())
  const kept = options.kept ?? UNDO_STEPS_KEPT
  let chain: Promise<unknown> = Promise.resolve()
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work)
    chain = run.catch(() => undefined)
    return run
  }

  const numbers = async (): Promise<number[]> =>
    (await namesIn(options.dir)).flatMap((name) => {
      const match = FILE.exec(name)
      return match ? [Number(match[1])] : []
    })
  const pathOf = (seq: number) => join(options.dir, `${String(seq).padStart(12, '0')}.json`)
  const readStep = async (seq: number) => parseStep(await readFile(pathOf(seq), 'utf8'), seq)
  /**
   * What the list shows of a step, read once per run: a step's file never changes, and one
   * holds every draft as it was (thousands, for a replace across an account).
   */
  const summaries = new Map<number, UndoEntry>()
  const summaryOf = (step: StoredStep): UndoEntry => {
    const entry: UndoEntry = {
      id: String(step.seq),
      kind: step.kind,
      label: step.label,
      at: step.at,
      drafts: new Set([...step.before.map((draft) => draft.id), ...step.created]).size,
    }
    summaries.set(step.seq, entry)
    return entry
  }
  const newestFirst = async () => (await numbers()).sort((a, b) => b - a)
  /** The newest step that can be read; a file that cannot be read is passed over. */
  const newestStep = async (): Promise<StoredStep | undefined> => {
    for (const seq of await newestFirst()) {
      const step = await readStep(seq).catch(() => undefined)
      if (step) return step
    }
    return undefined
  }

  /** How many of the step's drafts went out (queued, sent or published) since it was recorded. */
  const publishedSince = async (step: StoredStep): Promise<number> => {
    const before = new Map(step.before.map((draft) => [draft.id, draft]))
    let count = 0
    for (const id of new Set([...before.keys(), ...step.created])) {
      const current = await options.drafts.find(id)
      if (!current) continue
      const then = before.get(id)
      if (OUT_STATUSES.has(current.status) || current.published?.publishedAt !== then?.published?.publishedAt)
        count++
    }
    return count
  }

  const blockedWhy = (count: number) =>
    `${plural(count, 'draft')} of this step ${count === 1 ? 'was' : 'were'} published (or queued) since, so it cannot be undone: published work is on the platform. Edit those drafts instead.`

  return {
    record: (step) =>
      serial(async () => {
        await mkdir(options.dir, { recursive: true })
        const seqs = await numbers()
        const seq = Math.max(0, ...seqs) + 1
        const stored: StoredStep = { ...step, seq, at: now().toISOString() }
        await writeFileAtomic(pathOf(seq), JSON.stringify(stored))
        const old = seqs.sort((a, b) => b - a).slice(kept - 1)
        for (const gone of old) await unlink(pathOf(gone)).catch(() => undefined)
        await options.onStep?.('recorded', step, step.before)
      }),

    list: () =>
      serial(async () => {
        const newest = await newestStep()
        if (!newest) return []
        const entries: UndoEntry[] = []
        for (const seq of await newestFirst()) {
          if (seq > newest.seq) continue
          if (seq === newest.seq) {
            const count = await publishedSince(newest)
            entries.push({ ...summaryOf(newest), ...(count > 0 ? { blocked: blockedWhy(count) } : {}) })
            continue
          }
          const known = summaries.get(seq)
          const step = known ? undefined : await readStep(seq).catch(() => undefined)
          const entry = known ?? (step ? summaryOf(step) : undefined)
          if (entry) entries.push(entry)
        }
        return entries
      }),

    undo: (id) =>
      serial(async () => {
        await options.drafts.flush()
        const newest = await newestStep()
        if (!newest) throw refuse('There is nothing to undo.')
        if (String(newest.seq) !== id)
          throw refuse(`Only the latest step can be undone: undo “${newest.label}” first.`)
        const count = await publishedSince(newest)
        if (count > 0) throw refuse(blockedWhy(count))
        const current: Draft[] = []
        let restored = 0
        let skipped = 0
        for (const draft of newest.before) {
          const live = await options.drafts.find(draft.id)
          // Deleted since: nothing to put back (undo the deletion from the trash first).
          if (!live) {
            skipped++
            continue
          }
          current.push(live)
          await options.drafts.save({ ...live, name: draft.name, content: draft.content })
          restored++
        }
        let removed = 0
        for (const created of newest.created) {
          const live = await options.drafts.find(created)
          if (!live) continue
          current.push(live)
          await options.drafts.remove(created)
          removed++
        }
        await unlink(pathOf(newest.seq))
        await options.onStep?.('undone', newest, current)
        return { label: newest.label, restored, removed, skipped }
      }),
  }
}

export type UndoList = ReturnType<typeof createUndoList>
