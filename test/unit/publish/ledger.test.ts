import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLedger, LEDGER_FILE, LEDGER_RETENTION_MS } from '../../../src/main/publish/ledger'
import type { AnyOperationExecutor } from '../../../src/main/publish/operations/types'
import { createOutbox } from '../../../src/main/publish/outbox'
import { createFakeAds, fakeAccess } from './fakeAds'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'ledger-'))
  dirs.push(dir)
  return dir
}

describe('the exactly-once ledger', () => {
  it('keeps ids across restarts, ignores a torn last line and prunes only by age', async () => {
    const dir = await tempDir()
    let clock = Date.parse('2026-01-01T00:00:00Z')
    const first = createLedger(dir, () => clock)
    await first.load()
    await first.record([{ id: 'old', accountId: 'a' }])
    clock += LEDGER_RETENTION_MS / 2
    await first.record([
      { id: 'p1', accountId: 'a' },
      { id: 'c1', accountId: 'a' },
    ])
    await writeFile(join(dir, LEDGER_FILE), `${await readFile(join(dir, LEDGER_FILE), 'utf8')}{"id":"torn`)

    const reloaded = createLedger(dir, () => clock)
    await reloaded.load()
    expect([...reloaded.ids()].sort()).toEqual(['c1', 'old', 'p1'])

    clock += LEDGER_RETENTION_MS / 2 + 1
    const later = createLedger(dir, () => clock)
    await later.load()
    expect([...later.ids()].sort()).toEqual(['c1', 'p1'])
    // Compacted: the pruned entry and the torn line are gone from the file too.
    const lines = (await readFile(join(dir, LEDGER_FILE), 'utf8')).trim().split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id).sort()).toEqual(['c1', 'p1'])
  })

  it("backs operation jobs' env.claimed(): a dismissed job's ids are still claimed after a restart", async () => {
    const dir = await tempDir()
    const seen: string[][] = []
    const create: AnyOperationExecutor = {
      op: 'test.ledger.create',
      params: z.object({ name: z.string() }).strict(),
      label: (p: { name: string }) => `Create ${p.name}`,
      retry: 'reconcile',
      async run(env, step) {
        seen.push([...env.claimed()])
        return { id: `remote-${(step.params as { name: string }).name}` }
      },
      async reconcile() {
        return undefined
      },
      createdIds: (result: { id: string }) => [result.id],
    }
    const fake = createFakeAds()
    const access = fakeAccess(fake)
    const open = () =>
      createOutbox({
        dataDir: dir,
        drafts: {
          ready: Promise.resolve(),
          get: () => undefined,
          flush: async () => undefined,
          setStatus: async () => undefined,
        },
        access,
        operations: [create],
        options: { backoffBaseMs: 1, backoffMaxMs: 5 },
      })
    const request = (name: string) => ({
      profileId: 'p',
      accountId: 'acc',
      area: 'test',
      title: name,
      steps: [{ op: 'test.ledger.create', params: { name } }],
    })

    const outbox = open()
    const one = await outbox.enqueueOperations(request('one'))
    await outbox.idle()
    await outbox.dismiss(one.id)
    await outbox.dispose()

    const restarted = open()
    await restarted.enqueueOperations(request('two'))
    await restarted.idle()
    expect(seen.at(-1)).toContain('remote-one')
    await restarted.dispose()
  })
})
