/**
 * Child process for crash.test.ts: writes drafts as fast as it can until it is killed.
 * After each write the store acknowledges, it prints `ack <id> <seq>`; the parent later
 * checks that every acknowledged write survived. Run with `node --import tsx`.
 */
import { createDraftStore } from '../../../src/main/drafts/store'
import type { Draft } from '../../../src/shared/drafts/envelope'

const MAX_DRAFTS = 24
const PARALLEL_WRITERS = 3

const dir = process.argv[2]
if (!dir) throw new Error('usage: crash-child.ts <data dir>')

const store = createDraftStore({ dir, autosaveDelayMs: 1 })
await store.load()

function seqOf(draft: Draft): number {
  const content = draft.content as { seq?: unknown }
  return typeof content.seq === 'number' ? content.seq : 0
}

/** The longest text a write holds: 320 kB, the size a long pasted text reaches (issue 39, D13). */
const MAX_PADDING = 320_000

function padding(): string {
  // Varying sizes (up to 320 kB) so kills land at different points inside a write, and drafts
  // with texts far over the old 200,000-character load limit must come back after every kill.
  return 'x'.repeat(Math.floor(Math.random() * MAX_PADDING))
}

function ack(id: string, seq: number): void {
  // Synchronous on pipes, so the line reaches the parent before a kill can interrupt it.
  process.stdout.write(`ack ${id} ${seq}\n`)
}

const busy = new Set<string>()

async function writeOnce(): Promise<void> {
  const ids = store.list().map((summary) => summary.id)
  if (ids.length < MAX_DRAFTS && Math.random() < 0.15) {
    const draft = await store.create('card', `crash ${ids.length}`, { seq: 1, pad: padding() })
    ack(draft.id, 1)
    return
  }
  const free = ids.filter((id) => !busy.has(id))
  const id = free[Math.floor(Math.random() * free.length)]
  const current = id === undefined ? undefined : store.get(id)
  if (!id || !current) return
  busy.add(id)
  try {
    const seq = seqOf(current) + 1
    if (Math.random() < 0.3) {
      // The autosave path: a patch, then an explicit flush as the acknowledgement.
      store.scheduleSave(id, { content: { seq, pad: padding() } })
      await store.flush()
    } else {
      await store.save({ ...current, content: { seq, pad: padding() } })
    }
    ack(id, seq)
  } finally {
    busy.delete(id)
  }
}

process.stdout.write('ready\n')
await Promise.all(
  Array.from({ length: PARALLEL_WRITERS }, async () => {
    for (;;) await writeOnce()
  }),
)
