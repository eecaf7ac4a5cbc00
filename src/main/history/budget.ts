/**
 * All histories together stay within twice the drafts' own size (issue 43). The drafts' size is
 * measured when the histories have grown past the last budget (a pass also drops the histories
 * of drafts deleted for good); over it, the oldest versions
 * and marks of all histories go first (never a draft's newest version), down to 90 % of the
 * budget so that the next pass waits for real growth.
 */
import { stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { isErrno } from '../files/atomicFile'
import { namesIn } from '../files/folder'
import { lastVersionIndex, without } from './thinning'
import type { HistoryStore } from './historyStore'

export const HISTORY_BUDGET_FACTOR = 2
const TARGET_SHARE = 0.9
const MAX_ROUNDS = 6

async function filesIn(dir: string, keep: (name: string) => boolean) {
  const names = await namesIn(dir)
  const sized: { name: string; bytes: number }[] = []
  for (const name of names.filter(keep)) {
    try {
      sized.push({ name, bytes: (await stat(join(dir, name))).size })
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error
    }
  }
  return sized
}

/** The drafts' own size: their files in `<dataDir>/drafts/drafts`. */
export async function draftFilesBytes(draftsDir: string): Promise<number> {
  const files = await filesIn(draftsDir, (name) => name.endsWith('.json') && !name.startsWith('.'))
  return files.reduce((sum, file) => sum + file.bytes, 0)
}

export function createHistoryBudget(options: {
  dir: string
  history: () => HistoryStore
  draftsBytes: () => Promise<number>
  /** The draft is neither live nor in the trash: its history goes in the next pass. */
  isGone?: (id: string) => Promise<boolean>
  onError?: (error: unknown) => void
}) {
  let total: number | undefined
  let budget = 0
  let running: Promise<void> | undefined

  const measure = () => filesIn(options.dir, options.history().isHistoryFile)

  const pass = async () => {
    const history = options.history()
    budget = HISTORY_BUDGET_FACTOR * (await options.draftsBytes())
    let files = await measure()
    if (options.isGone) {
      for (const file of files)
        if (await options.isGone(file.name.slice(0, -4))) await unlink(join(options.dir, file.name))
      files = await measure()
    }
    total = files.reduce((sum, file) => sum + file.bytes, 0)
    for (let round = 0; round < MAX_ROUNDS && total > budget; round++) {
      const target = budget * TARGET_SHARE
      // Every entry but each draft's newest version, oldest first, with its encoded share.
      const candidates: { id: string; index: number; at: string; bytes: number }[] = []
      for (const file of files) {
        const id = file.name.slice(0, -4)
        const entries = await history.peek(id)
        const newest = lastVersionIndex(entries)
        const share = file.bytes / Math.max(1, entries.length)
        entries.forEach((entry, index) => {
          if (index !== newest) candidates.push({ id, index, at: entry.at, bytes: share })
        })
      }
      if (candidates.length === 0) break
      candidates.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      const drop = new Map<string, Set<number>>()
      let saved = 0
      for (const candidate of candidates) {
        if (total - saved <= target) break
        let set = drop.get(candidate.id)
        if (!set) drop.set(candidate.id, (set = new Set()))
        set.add(candidate.index)
        saved += candidate.bytes
      }
      for (const [id, indexes] of drop) await history.rewrite(id, (entries) => without(entries, indexes))
      files = await measure()
      total = files.reduce((sum, file) => sum + file.bytes, 0)
    }
  }

  const start = () => {
    running ??= pass()
      .catch(options.onError ?? (() => undefined))
      .finally(() => (running = undefined))
  }

  return {
    /** A write added (or, thinning, took) bytes; over the last budget, a pass starts. */
    written(bytes: number) {
      // A pass measures the files again when it ends.
      if (running) return
      if (total === undefined) {
        start()
        return
      }
      total += bytes
      if (total > budget) start()
    },
    /** Measures (and thins) now, after any pass running; resolves when done. */
    async check(): Promise<void> {
      while (running) await running
      start()
      await running
    },
    /** Resolves when no pass is running (tests, close). */
    async settled(): Promise<void> {
      while (running) await running
    },
    get bytes() {
      return total
    },
  }
}
