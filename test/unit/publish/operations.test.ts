import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createJobStore, lastJobRecord } from '../../../src/main/publish/jobStore'
import type { OperationJob } from '../../../src/main/publish/job'
import { JobCanceled as OperationCanceled } from '../../../src/main/publish/executor'
import type { AnyOperationExecutor } from '../../../src/main/publish/operations/types'
import { createOutbox, type OutboxDrafts } from '../../../src/main/publish/outbox'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { AppFailure, appError } from '../../../src/shared/errors'
import { pollCard } from '../../integration/publish/fixtures'
import { fakeAccess, memoryDrafts } from './fakeAds'

/**
 * Operation jobs: API writes queued by a feature's service (line items, catalog, audiences)
 * and run by the outbox with the same guarantees as a draft's publication.
 */

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

const fail = (code: Parameters<typeof appError>[0], message: string = code, extra = {}) =>
  new AppFailure(appError(code, message, extra))

/** A little remote service the test executors write to, with switches for faults. */
function createRemote() {
  return {
    status: new Map<string, string>(),
    created: [] as { id: string; name: string }[],
    deleted: new Set<string>(),
    /** Requests that reached the remote, by op. */
    sent: [] as string[],
    /** Commit the next request of this op, then lose its answer. */
    loseNext: new Set<string>(),
    /** Refuse requests for these ids. */
    refuse: new Set<string>(),
    /** Fail this many requests as "offline" before letting one through. */
    offline: 0,
    rateLimitedOnce: false,
    chunks: [] as number[],
    /** The chunked executor stops for good before this chunk: stands in for a quit mid-step. */
    hangAtChunk: undefined as number | undefined,
  }
}
type Remote = ReturnType<typeof createRemote>

function executors(remote: Remote): AnyOperationExecutor[] {
  const answer = <T>(op: string, value: T): T => {
    if (remote.loseNext.delete(op)) throw fail('outcome_unknown', 'connection dropped')
    return value
  }
  const gate = (op: string) => {
    if (remote.offline > 0) {
      remote.offline -= 1
      throw fail('offline', 'offline')
    }
    if (remote.rateLimitedOnce) {
      remote.rateLimitedOnce = false
      throw fail('rate_limited', 'slow down', { retryAfter: 0.01 })
    }
    remote.sent.push(op)
  }
  const setStatus: AnyOperationExecutor = {
    op: 'test.setStatus',
    params: z.object({ id: z.string().min(1), status: z.enum(['ACTIVE', 'PAUSED']) }).strict(),
    label: (p: { id: string; status: string }) => `Set ${p.id} to ${p.status}`,
    retry: 'repeatable',
    async run(_env, step) {
      const { id, status } = step.params as { id: string; status: string }
      gate('test.setStatus')
      if (remote.refuse.has(id)) throw fail('invalid_request', `${id} cannot be changed`, { field: 'status' })
      remote.status.set(id, status)
      return answer('test.setStatus', { id, status })
    },
  }
  const create: AnyOperationExecutor = {
    op: 'test.create',
    params: z.object({ name: z.string() }).strict(),
    label: (p: { name: string }) => `Create ${p.name}`,
    retry: 'reconcile',
    async run(_env, step) {
      gate('test.create')
      const item = { id: `c${remote.created.length + 1}`, name: (step.params as { name: string }).name }
      remote.created.push(item)
      return answer('test.create', item)
    },
    async reconcile(env, step) {
      const found = remote.created.find(
        (item) => item.name === (step.params as { name: string }).name && !env.claimed().has(item.id),
      )
      return found ? { ...found } : undefined
    },
    createdIds: (result: { id: string }) => [result.id],
  }
  const createBlind: AnyOperationExecutor = {
    ...create,
    op: 'test.createBlind',
    reconcile: undefined,
    async run(_env, step) {
      gate('test.createBlind')
      const item = { id: `c${remote.created.length + 1}`, name: (step.params as { name: string }).name }
      remote.created.push(item)
      return answer('test.createBlind', item)
    },
  }
  const remove: AnyOperationExecutor = {
    op: 'test.delete',
    params: z.object({ id: z.string() }).strict(),
    label: (p: { id: string }) => `Delete ${p.id}`,
    retry: 'repeatable',
    async run(_env, step) {
      const { id } = step.params as { id: string }
      gate('test.delete')
      if (remote.deleted.has(id)) throw fail('not_found', 'Not found')
      remote.deleted.add(id)
      return { id, deleted: true }
    },
    alreadyDone: (error, params: { id: string }) =>
      error.code === 'not_found' ? { id: params.id, deleted: true, already: true } : undefined,
  }
  const chunked: AnyOperationExecutor = {
    op: 'test.chunks',
    params: z.object({ total: z.number().int().positive() }).strict(),
    label: (p: { total: number }) => `Send ${p.total} chunks`,
    retry: 'repeatable',
    async run(env, step) {
      const { total } = step.params as { total: number }
      let next = (step.state as { next?: number } | undefined)?.next ?? 0
      while (next < total) {
        if (env.cancelRequested()) throw new OperationCanceled()
        if (next === remote.hangAtChunk) await new Promise(() => undefined)
        remote.chunks.push(next)
        next += 1
        step.state = { next }
        env.progress({ done: next, total, unit: 'chunks' })
        await env.save()
      }
      return { sent: total }
    },
  }
  return [setStatus, create, createBlind, remove, chunked]
}

const noDrafts = (drafts: Draft[] = []): OutboxDrafts => memoryDrafts(drafts)

async function setup(remote = createRemote(), drafts: Draft[] = [], now?: () => number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'outbox-ops-'))
  dirs.push(dataDir)
  const open = (extra: AnyOperationExecutor[] = []) =>
    createOutbox({
      dataDir,
      drafts: noDrafts(drafts),
      access: fakeAccess(),
      operations: [...executors(remote), ...extra],
      options: { backoffBaseMs: 1, backoffMaxMs: 5 },
      ...(now ? { now } : {}),
    })
  return { dataDir, remote, open }
}

const queue = (steps: { op: string; params: unknown }[], extra: { continueOnError?: boolean } = {}) => ({
  profileId: 'p',
  accountId: 'acc',
  area: 'line_items',
  title: 'Test job',
  ...extra,
  steps,
})

describe('operation jobs', () => {
  it('refuses unknown executors and bad params before anything is queued, naming the field', async () => {
    const { open, dataDir } = await setup()
    const outbox = open()
    await expect(outbox.enqueueOperations(queue([{ op: 'nope', params: {} }]))).rejects.toMatchObject({
      code: 'invalid_input',
    })
    await expect(
      outbox.enqueueOperations(queue([{ op: 'test.setStatus', params: { id: 'a', status: 'DELETED' } }])),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'status' })
    await expect(outbox.enqueueOperations(queue([]))).rejects.toMatchObject({ code: 'invalid_input' })
    expect((await outbox.list()).length).toBe(0)
    expect((await readdir(join(dataDir, 'outbox'))).filter((name) => name.endsWith('.json'))).toEqual([])
    await outbox.dispose()
  })

  it('runs the steps in order and ends done, with labels and results in the view', async () => {
    const { open, remote } = await setup()
    const outbox = open()
    const queued = await outbox.enqueueOperations(
      queue([
        { op: 'test.setStatus', params: { id: 'li1', status: 'PAUSED' } },
        { op: 'test.setStatus', params: { id: 'li2', status: 'PAUSED' } },
      ]),
    )
    expect(queued).toMatchObject({ type: 'operation', title: 'Test job', area: 'line_items' })
    await outbox.idle()
    const job = await outbox.job(queued.id)
    expect(job.state).toBe('done')
    expect(job.steps).toEqual([
      {
        kind: 'operation',
        label: 'Set li1 to PAUSED',
        status: 'done',
        result: { id: 'li1', status: 'PAUSED' },
      },
      {
        kind: 'operation',
        label: 'Set li2 to PAUSED',
        status: 'done',
        result: { id: 'li2', status: 'PAUSED' },
      },
    ])
    expect(remote.sent).toEqual(['test.setStatus', 'test.setStatus'])
    await outbox.dispose()
  })

  it('sends a repeatable write again after a lost answer, and reconciles a creating one instead', async () => {
    const { open, remote } = await setup()
    remote.loseNext.add('test.setStatus')
    remote.loseNext.add('test.create')
    const outbox = open()
    const queued = await outbox.enqueueOperations(
      queue([
        { op: 'test.setStatus', params: { id: 'li1', status: 'ACTIVE' } },
        { op: 'test.create', params: { name: 'Spring' } },
      ]),
    )
    await outbox.idle()
    const job = await outbox.job(queued.id)
    expect(job.state).toBe('done')
    expect(remote.sent.filter((op) => op === 'test.setStatus')).toHaveLength(2)
    // The lost POST was found by reconciliation, not sent a second time.
    expect(remote.sent.filter((op) => op === 'test.create')).toHaveLength(1)
    expect(remote.created).toHaveLength(1)
    expect(job.steps[1]?.result).toEqual({ id: 'c1', name: 'Spring' })
    await outbox.dispose()
  })

  it('never adopts what another job recorded, so identical creations are both made', async () => {
    const { open, remote } = await setup()
    const outbox = open()
    const first = await outbox.enqueueOperations(queue([{ op: 'test.create', params: { name: 'Same' } }]))
    await outbox.idle()
    remote.loseNext.add('test.create')
    const second = await outbox.enqueueOperations(queue([{ op: 'test.create', params: { name: 'Same' } }]))
    await outbox.idle()
    expect((await outbox.job(first.id)).steps[0]?.result).toEqual({ id: 'c1', name: 'Same' })
    expect((await outbox.job(second.id)).steps[0]?.result).toEqual({ id: 'c2', name: 'Same' })
    expect(remote.created).toHaveLength(2)
    await outbox.dispose()
  })

  it('stops for a person when a creating write without a way to reconcile lost its answer', async () => {
    const { open, remote } = await setup()
    remote.loseNext.add('test.createBlind')
    const outbox = open()
    const queued = await outbox.enqueueOperations(queue([{ op: 'test.createBlind', params: { name: 'X' } }]))
    await outbox.idle()
    const failed = await outbox.job(queued.id)
    expect(failed.state).toBe('failed')
    expect(failed.error?.message).toMatch(/answer .* was lost/)
    expect(remote.created).toHaveLength(1)
    // The designer checked and chose to send it again.
    await outbox.retry(queued.id)
    await outbox.idle()
    expect((await outbox.job(queued.id)).state).toBe('done')
    expect(remote.created).toHaveLength(2)
    await outbox.dispose()
  })

  it('reads a 404 on a repeated delete as already done', async () => {
    const { open, remote } = await setup()
    remote.deleted.add('li9')
    const outbox = open()
    const queued = await outbox.enqueueOperations(queue([{ op: 'test.delete', params: { id: 'li9' } }]))
    await outbox.idle()
    const job = await outbox.job(queued.id)
    expect(job.state).toBe('done')
    expect(job.steps[0]?.result).toEqual({ id: 'li9', deleted: true, already: true })
    await outbox.dispose()
  })

  it('goes on past a refused item in a bulk job, reports per item, and retries only the failed one', async () => {
    const { open, remote } = await setup()
    remote.refuse.add('li2')
    const outbox = open()
    const queued = await outbox.enqueueOperations(
      queue(
        ['li1', 'li2', 'li3'].map((id) => ({ op: 'test.setStatus', params: { id, status: 'PAUSED' } })),
        { continueOnError: true },
      ),
    )
    await outbox.idle()
    const failed = await outbox.job(queued.id)
    expect(failed.state).toBe('failed')
    expect(failed.error?.message).toBe(
      '1 of 3 could not be done; 2 done. Fix what each says, then retry them.',
    )
    expect(failed.steps.map((step) => step.status)).toEqual(['done', 'pending', 'done'])
    expect(failed.steps[1]?.error).toMatchObject({ message: 'li2 cannot be changed', apiField: 'status' })
    expect(remote.sent).toHaveLength(3)

    remote.refuse.delete('li2')
    await outbox.retry(queued.id)
    await outbox.idle()
    const done = await outbox.job(queued.id)
    expect(done.state).toBe('done')
    expect(done.steps.every((step) => !step.error)).toBe(true)
    expect(remote.sent).toHaveLength(4) // only li2 again
    expect(remote.status.get('li2')).toBe('PAUSED')
    await outbox.dispose()
  })

  it('stops a job without continueOnError at the first refusal', async () => {
    const { open, remote } = await setup()
    remote.refuse.add('li1')
    const outbox = open()
    const queued = await outbox.enqueueOperations(
      queue(['li1', 'li2'].map((id) => ({ op: 'test.setStatus', params: { id, status: 'PAUSED' } }))),
    )
    await outbox.idle()
    const job = await outbox.job(queued.id)
    expect(job).toMatchObject({ state: 'failed', error: { message: 'li1 cannot be changed' } })
    expect(remote.sent).toHaveLength(1)
    await outbox.dispose()
  })

  it('waits out network loss and a rate limit, then finishes', async () => {
    const { open, remote } = await setup()
    remote.offline = 2
    remote.rateLimitedOnce = true
    const outbox = open()
    const queued = await outbox.enqueueOperations(
      queue([{ op: 'test.setStatus', params: { id: 'a', status: 'ACTIVE' } }]),
    )
    await outbox.idle()
    expect((await outbox.job(queued.id)).state).toBe('done')
    expect(remote.sent).toEqual(['test.setStatus'])
    await outbox.dispose()
  })

  it('resumes a long step after a restart from the point it saved, sending nothing twice', async () => {
    const { open, remote, dataDir } = await setup()
    remote.hangAtChunk = 3
    const first = open()
    const queued = await first.enqueueOperations(queue([{ op: 'test.chunks', params: { total: 6 } }]))
    await vi.waitFor(async () => {
      const onDisk = lastJobRecord(
        await readFile(join(dataDir, 'outbox', `${queued.id}.json`), 'utf8'),
      ) as OperationJob
      expect(onDisk.steps[0]?.state).toEqual({ next: 3 })
    })
    // The first process is gone (its step never returns); a new one opens the same data.
    void first.dispose()
    remote.hangAtChunk = undefined
    const second = open()
    await second.idle()
    expect((await second.job(queued.id)).state).toBe('done')
    expect(remote.chunks).toEqual([0, 1, 2, 3, 4, 5])
    await second.dispose()
  })

  /** Every snapshot of a job in its file, oldest first (a save appends one). */
  const snapshotsOf = async (dataDir: string, jobId: string) =>
    (await readFile(join(dataDir, 'outbox', `${jobId}.json`), 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as OperationJob)

  it('writes a run of repeatable steps once a second, not once per step, and every step is done', async () => {
    // Each reading of the clock moves it on by `step` ms.
    let clock = 1_000_000
    let step = 0
    const { open, remote, dataDir } = await setup(createRemote(), [], () => (clock += step))
    const outbox = open()
    const ids = Array.from({ length: 12 }, (_, index) => `li${index + 1}`)
    const queued = await outbox.enqueueOperations(
      queue(ids.map((id) => ({ op: 'test.setStatus', params: { id, status: 'PAUSED' } }))),
    )
    await outbox.idle()
    expect((await outbox.job(queued.id)).state).toBe('done')
    expect([...remote.status.keys()]).toEqual(ids)
    // The clock stood still: the enqueue, the first step's mark and the end.
    const frozen = await snapshotsOf(dataDir, queued.id)
    expect(frozen.map((job) => job.state)).toEqual(['active', 'active', 'done'])

    // A second passes between steps: every mark is written.
    remote.status.clear()
    const again = await outbox.enqueueOperations(
      queue(ids.slice(0, 3).map((id) => ({ op: 'test.setStatus', params: { id, status: 'ACTIVE' } }))),
    )
    step = 1_000
    await outbox.idle()
    const ticking = await snapshotsOf(dataDir, again.id)
    expect(ticking.map((job) => job.state)).toEqual(['active', 'active', 'active', 'active', 'done'])
    await outbox.dispose()
  })

  it("writes a creating step's result to disk before the repeatable step after it is sent", async () => {
    // The clock stands still, so only the creation's result can make the repeatable mark write.
    const { open, remote, dataDir } = await setup(createRemote(), [], () => 1_000_000)
    const seenOnDisk: unknown[] = []
    const peek: AnyOperationExecutor = {
      op: 'test.peek',
      params: z.object({}).strict(),
      label: () => 'Look at the job file',
      retry: 'repeatable',
      async run() {
        const [file] = await readdir(join(dataDir, 'outbox'))
        const onDisk = (await snapshotsOf(dataDir, file!.replace(/\.json$/, ''))).at(-1)
        seenOnDisk.push(onDisk?.steps[0]?.result)
        return { peeked: true }
      },
    }
    const outbox = open([peek])
    const queued = await outbox.enqueueOperations(
      queue([
        { op: 'test.create', params: { name: 'Spring' } },
        { op: 'test.peek', params: {} },
      ]),
    )
    await outbox.idle()
    expect((await outbox.job(queued.id)).state).toBe('done')
    expect(remote.created).toHaveLength(1)
    expect(seenOnDisk).toEqual([{ id: 'c1', name: 'Spring' }])
    await outbox.dispose()
  })

  it('after a crash, sends again only repeatable steps not yet written, and never a creation', async () => {
    const { open, remote } = await setup(createRemote(), [], () => 1_000_000)
    let hang = true
    const stall: AnyOperationExecutor = {
      op: 'test.stall',
      params: z.object({}).strict(),
      label: () => 'Stall',
      retry: 'repeatable',
      run: () => (hang ? new Promise(() => undefined) : Promise.resolve({ stalled: false })),
    }
    const first = open([stall])
    const queued = await first.enqueueOperations(
      queue([
        { op: 'test.create', params: { name: 'Spring' } },
        { op: 'test.setStatus', params: { id: 'li1', status: 'PAUSED' } },
        { op: 'test.setStatus', params: { id: 'li2', status: 'PAUSED' } },
        { op: 'test.stall', params: {} },
      ]),
    )
    await vi.waitFor(() => expect(remote.status.size).toBe(2))
    // The first process is gone mid-job (its stalled step never returns).
    void first.dispose()
    hang = false
    const second = open([stall])
    await second.idle()
    const job = await second.job(queued.id)
    expect(job.state).toBe('done')
    // The creation was on disk before li1 was sent, so it is not made again; li1's and li2's
    // results were not written (the clock stood still), so both go again, as a repeatable
    // write allows.
    expect(remote.created).toHaveLength(1)
    expect(remote.sent.filter((op) => op === 'test.create')).toHaveLength(1)
    expect(remote.sent.filter((op) => op === 'test.setStatus')).toEqual([
      'test.setStatus',
      'test.setStatus',
      'test.setStatus',
      'test.setStatus',
    ])
    await second.dispose()
  })

  it('cancels a long step at its next safe point and keeps where it got to', async () => {
    const { open, remote } = await setup()
    let release!: () => void
    const slow: AnyOperationExecutor = {
      op: 'test.slow',
      params: z.object({}).strict(),
      label: () => 'Slow',
      retry: 'repeatable',
      async run(env, step) {
        step.state = { reached: 1 }
        await env.save()
        await new Promise<void>((resolve) => (release = resolve))
        if (env.cancelRequested()) throw new OperationCanceled()
        return {}
      },
    }
    const outbox = open([slow])
    const queued = await outbox.enqueueOperations(queue([{ op: 'test.slow', params: {} }]))
    await vi.waitFor(() => expect(release).toBeDefined())
    const canceling = await outbox.cancel(queued.id)
    expect(canceling.state).toBe('canceling')
    release()
    await outbox.idle()
    expect((await outbox.job(queued.id)).state).toBe('canceled')
    expect(remote.sent).toEqual([])
    await outbox.dispose()
  })

  it('shares one queue per account with draft jobs: a draft queued later waits for the operation', async () => {
    const d: Draft = {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'poll_card',
      name: 'Poll',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      schemaVersion: 2,
      status: 'draft',
      content: pollCard('After the unlock', ['A', 'B']),
    }
    const order: string[] = []
    let release!: () => void
    const unlock: AnyOperationExecutor = {
      op: 'test.unlock',
      params: z.object({}).strict(),
      label: () => 'Unlock',
      retry: 'repeatable',
      async run() {
        await new Promise<void>((resolve) => (release = resolve))
        order.push('unlock')
        return {}
      },
    }
    const { open } = await setup(createRemote(), [d])
    const outbox = open([unlock])
    await outbox.enqueueOperations(queue([{ op: 'test.unlock', params: {} }]))
    const draftJob = await outbox.enqueue(d.id)
    await vi.waitFor(() => expect(release).toBeDefined())
    expect((await outbox.job(draftJob.id)).state).toBe('queued')
    release()
    await outbox.idle()
    order.push('draft')
    expect(order).toEqual(['unlock', 'draft'])
    expect((await outbox.job(draftJob.id)).state).toBe('published')
    await outbox.dispose()
  })

  it('loads job files written before operation jobs existed as draft jobs', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-ops-'))
    dirs.push(dataDir)
    const store = createJobStore(dataDir)
    await store.loadAll()
    await writeFile(
      join(dataDir, 'outbox', '10000000-0000-4000-8000-000000000001.json'),
      JSON.stringify({
        schema: 1,
        id: '10000000-0000-4000-8000-000000000001',
        seq: 1,
        draftId: 'd',
        draftName: 'Old',
        kind: 'post',
        profileId: 'p',
        accountId: 'acc',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        state: 'published',
        drafts: {},
        publishedCards: {},
        steps: [],
      }),
    )
    const { jobs, unreadable } = await createJobStore(dataDir).loadAll()
    expect(unreadable).toEqual([])
    expect(jobs).toHaveLength(1)
    const outbox = createOutbox({ dataDir, drafts: noDrafts(), access: fakeAccess() })
    expect(await outbox.list()).toMatchObject([{ type: 'draft', title: 'Old', state: 'published' }])
    await outbox.dispose()
  })
})
