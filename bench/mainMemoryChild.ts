/**
 * Main's memory for the drafts at scale, in a fresh process (spawned by bench/startPath.ts):
 * the drafts service started on a data folder, its first page answered, the first draft opened,
 * every file read by the store's pass, and the whole list paged through as the renderer asks for
 * it; then main's growth in resident memory over the same process before the service, after
 * full garbage collections, and again once main has been idle for IDLE_MS (V8 gives the heap the
 * pass grew back to the system only after a few seconds idle: what main keeps for the session).
 * Prints {"rssMb": …, "idleRssMb": …, "heapMb": …, "drafts": …} on stdout.
 *
 *   node --expose-gc --import tsx bench/mainMemoryChild.ts <data dir>
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDraftsService } from '../src/main/drafts/draftsService'
import { seedDrafts } from '../test/support/seedDrafts'

const IDLE_MS = 15_000
const WARM_UP_DRAFTS = 200

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: node --expose-gc --import tsx bench/mainMemoryChild.ts <data dir>')
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc')
const dialogs = { chooseExportPath: async () => null, chooseImportFile: async () => null }

async function settled(): Promise<NodeJS.MemoryUsage> {
  for (let round = 0; round < 4; round++) {
    gc!()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return process.memoryUsage()
}

/** The service as the app uses it at start: first page, first draft opened, the pass, every page. */
async function started(dir: string) {
  const drafts = createDraftsService({ dataDir: dir, dialogs })
  const first = await drafts.list({ offset: 0, limit: 60 })
  if (first.drafts[0]) await drafts.get(first.drafts[0].id)
  await drafts.ready
  let listed = 0
  for (let offset = 0; ;) {
    const page = await drafts.list({ offset, limit: 5_000 })
    listed += page.drafts.length
    offset += page.drafts.length
    if (page.drafts.length === 0 || offset >= page.total) break
  }
  return { drafts, listed }
}

// The same code run once on a few drafts first: its modules, compiled code and first allocations
// are main's whatever the number of drafts, and are not counted as the 50,000's.
const few = await mkdtemp(join(tmpdir(), 'ads-bench-memory-'))
try {
  await seedDrafts({ dataDir: few, count: WARM_UP_DRAFTS, seed: 7 })
  await (await started(few)).drafts.close()
} finally {
  await rm(few, { recursive: true, force: true })
}
const before = await settled()
const { drafts, listed } = await started(dataDir)
// Main with the service open and its list known: at once, and as it stays for the session.
const after = await settled()
await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
const idle = await settled()
process.stdout.write(
  `${JSON.stringify({
    rssMb: (after.rss - before.rss) / 2 ** 20,
    idleRssMb: (idle.rss - before.rss) / 2 ** 20,
    heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20,
    heapTotalMb: (after.heapTotal - before.heapTotal) / 2 ** 20,
    externalMb: (after.external - before.external) / 2 ** 20,
    drafts: listed,
  })}\n`,
)
await drafts.close()
