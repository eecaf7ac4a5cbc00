import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { aProfile } from '../../support/profiles'

// Issue 39, D15: every store main keeps reads its file through one safe reader (a regular file,
// within a size cap). A FIFO in a store's place once hung the call that read it for good, and a
// damaged file made every call that needed the store fail with "internal": now the file is moved
// aside (`<name>.damaged-<time>`) and the store starts afresh.

const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }
const PROFILE = '6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f'
const JOB = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'

let dataDir: string
let services: Services | undefined

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-store-files-'))
})
afterEach(async () => {
  await services?.dispose()
  services = undefined
  await rm(dataDir, { recursive: true, force: true })
})

function start() {
  services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore({
      profiles: [aProfile(PROFILE, { activeAccountId: '18ce54d4x5t' })],
    }),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
  const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
  return (channel: string, request: unknown = {}) => dispatcher.dispatch(channel, sender, request)
}

/** Puts a FIFO (nothing ever writes to it) or damaged bytes where a store keeps its file. */
async function spoil(relativePath: string, how: 'fifo' | 'damaged'): Promise<string> {
  const path = join(dataDir, relativePath)
  await mkdir(dirname(path), { recursive: true })
  if (how === 'fifo') execFileSync('mkfifo', [path])
  else await writeFile(path, '{"this is": "cut sho')
  return path
}

async function movedAside(path: string): Promise<string[]> {
  const name = path.split('/').pop() as string
  return (await readdir(dirname(path))).filter((entry) => entry.startsWith(`${name}.damaged-`))
}

const STORES: {
  name: string
  file: string
  call: [string, unknown]
  /** The answer once the store has started afresh. */
  answer: unknown
  /** Stores with a recovery of their own (a job file is renamed `.unreadable`). */
  keptAs?: (path: string) => Promise<string[]>
}[] = [
  {
    name: 'the drafts summary index',
    file: 'drafts/summaries.json',
    call: ['drafts.list', {}],
    answer: { total: 0 },
  },
  {
    name: 'an outbox job file',
    file: `outbox/${JOB}.json`,
    call: ['outbox.list', {}],
    answer: { jobs: [] },
    keptAs: async (path) => (await readdir(dirname(path))).filter((name) => name.endsWith('.unreadable')),
  },
  {
    name: 'the publish ledger',
    file: 'publish-ledger.jsonl',
    call: ['outbox.list', {}],
    answer: { jobs: [] },
  },
  {
    name: 'a catalog',
    file: `catalog/${PROFILE}.json`,
    call: ['catalog.state', { profileId: PROFILE }],
    answer: { catalog: null, counts: { total: 0 } },
  },
  {
    name: 'recent keyword searches',
    file: `keywords/${PROFILE}.json`,
    call: ['keywords.recent', { profileId: PROFILE }],
    answer: { queries: [] },
  },
  {
    name: 'the media grants',
    file: 'media-grants.json',
    call: ['media.inspectPath', { token: 'A'.repeat(24) }],
    answer: undefined,
  },
]

describe('a store whose file cannot be read starts afresh, and keeps the file aside', () => {
  for (const store of STORES) {
    for (const how of ['fifo', 'damaged'] as const) {
      // The ledger reads line by line and passes over damaged lines: only a FIFO is no ledger.
      if (how === 'damaged' && store.file === 'publish-ledger.jsonl') continue
      it(`${store.name}: ${how === 'fifo' ? 'a FIFO' : 'damaged JSON'}`, { timeout: 20_000 }, async () => {
        const path = await spoil(store.file, how)
        const call = start()
        const result = await call(...store.call)
        if (store.answer === undefined) {
          // A token main never handed out: refused as such, not a hang or "internal".
          expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
        } else {
          expect(result).toMatchObject({ ok: true, value: store.answer })
        }
        await services?.outbox.idle()
        expect(await (store.keptAs ?? movedAside)(path)).toHaveLength(1)
      })
    }
  }
})
