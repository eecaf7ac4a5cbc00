/**
 * The mirror bench's child process (bench/mirror.ts), so a walk can be killed for real and main's
 * memory measured alone. `sync`: walks the cards of an account against the sandbox, printing a
 * line per saved page. `read`: opens the mirror from disk, then prints the heap it takes and the
 * times of list reads. Arguments come as one JSON in argv[3].
 */
import { resolveHosts } from '../src/main/api/hosts'
import { createHttpClient } from '../src/main/api/http'
import type { OAuth1Credentials } from '../src/main/api/oauth1'
import { createMirrorStore } from '../src/main/mirror/store'
import { adsPageFetcher, refreshKind } from '../src/main/mirror/sync'

interface ChildInput {
  root: string
  profileId: string
  accountId: string
  urls?: { apiUrl: string; adsUrl: string; adsSandboxUrl: string }
  credentials?: OAuth1Credentials
  reads?: number
}

const [mode, json] = process.argv.slice(2)
const input = JSON.parse(json ?? '{}') as ChildInput
const store = createMirrorStore({ root: input.root, quarantineDir: `${input.root}-quarantine` })
const gc = (globalThis as { gc?: () => void }).gc

if (mode === 'sync') {
  const ctx = {
    http: createHttpClient({ timeoutMs: 30_000 }),
    hosts: resolveHosts(input.urls!, {}),
    credentials: input.credentials!,
  }
  const mirror = await store.open(input.profileId, input.accountId, 'cards')
  const started = performance.now()
  const result = await refreshKind(mirror, adsPageFetcher(ctx, input.accountId), {
    onProgress: ({ pages, waitingSeconds }) =>
      console.log(JSON.stringify({ page: pages, ...(waitingSeconds ? { waitingSeconds } : {}) })),
  })
  console.log(JSON.stringify({ done: true, ms: performance.now() - started, ...result }))
} else if (mode === 'read') {
  gc?.()
  const before = process.memoryUsage().heapUsed
  const loadStarted = performance.now()
  const mirror = await store.open(input.profileId, input.accountId, 'cards')
  const loadMs = performance.now() - loadStarted
  gc?.()
  const heapBytes = process.memoryUsage().heapUsed - before
  // A list as a page shows it: the whole kind, by name, its first hundred rows.
  const collator = new Intl.Collator(undefined, { numeric: true })
  const readMs: number[] = []
  for (let i = 0; i < (input.reads ?? 20); i++) {
    const started = performance.now()
    const rows = mirror.list().sort((a, b) => collator.compare(a.name ?? '', b.name ?? ''))
    rows.slice(0, 100)
    readMs.push(performance.now() - started)
  }
  console.log(
    JSON.stringify({ count: mirror.status().count, loadMs, heapBytes, readMs, gc: gc !== undefined }),
  )
}
