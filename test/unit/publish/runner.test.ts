import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { OutboxJob } from '../../../src/main/publish/job'
import type { DraftJobV1 as Job } from '../../../src/main/publish/jobFormat'
import { createJobStore, lastJobRecord, type JobStore } from '../../../src/main/publish/jobStore'
import { createOutbox } from '../../../src/main/publish/outbox'
import type { Draft, DraftKind } from '../../../src/shared/drafts/envelope'
import { localMedium, pngOf } from '../../support/mediaFixtures'
import { createTestGrants } from '../../support/grantedMedia'
import { pollCard, post, singleCard } from '../../integration/publish/fixtures'
import { AppFailure, appError } from '../../../src/shared/errors'
import { writeJobFileV1 } from '../../support/jobFiles'
import { createFakeAds, fakeAccess, memoryDrafts } from './fakeAds'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})
// The outbox reads only local files the designer granted: the tests' media are granted here.
const { localFiles, chosenIn, close: closeGrants } = createTestGrants('outbox-unit')
afterAll(closeGrants)

let n = 0
function draft(kind: DraftKind, content: unknown): Draft {
  n += 1
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
  return {
    id,
    kind,
    name: `d${n}`,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    schemaVersion: 2,
    status: 'draft',
    content,
  }
}

async function setup(drafts: Draft[], fake = createFakeAds()) {
  const dataDir = await mkdtemp(join(tmpdir(), 'outbox-unit-'))
  dirs.push(dataDir)
  const store = memoryDrafts(drafts)
  const open = () =>
    createOutbox({
      dataDir,
      drafts: store,
      access: fakeAccess(fake),
      localMedia: localFiles.reader,
      options: { backoffBaseMs: 1, backoffMaxMs: 5 },
    })
  return { dataDir, store, fake, open }
}

describe('the step state machine', () => {
  it('reconciles a card whose answer was lost and adopts it instead of creating another', async () => {
    const d = draft('poll_card', pollCard('Lost poll', ['A', 'B']))
    const { fake, open, store } = await setup([d])
    fake.loseAnswer = (req) => req.url.endsWith('/cards/poll')
    const outbox = open()
    await outbox.enqueue(d.id)
    await outbox.idle()
    const [job] = await outbox.list()
    expect(job).toMatchObject({ state: 'published', created: { cardId: fake.created.polls[0]!.id } })
    expect(fake.created.polls).toHaveLength(1)
    expect(fake.posts.filter((p) => p === 'cards/poll')).toHaveLength(1)
    expect(store.all.get(d.id)).toMatchObject({
      status: 'published',
      published: { cardId: fake.created.polls[0]!.id },
    })
    await outbox.dispose()
  })

  it("finds a step left 'attempting' by a crash: adopts what exists, sends once when nothing does", async () => {
    const present = draft('poll_card', pollCard('Was created', ['A', 'B']))
    const absent = draft('poll_card', pollCard('Never arrived', ['A', 'B']))
    const { fake, open, dataDir } = await setup([present, absent])
    // What the server made before the crash: the answer never reached the app.
    fake.created.polls.push({
      id: 'p1',
      card_uri: 'card://p1',
      name: 'Was created',
      duration_in_minutes: '60',
      first_choice: 'A',
      second_choice: 'B',
      created_at: new Date().toISOString(),
    })
    const crashed = (d: Draft, seq: number): Job => ({
      schema: 1,
      id: `10000000-0000-4000-8000-00000000000${seq}`,
      seq,
      draftId: d.id,
      draftName: d.name,
      kind: d.kind,
      profileId: 'p',
      accountId: 'acc',
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      state: 'active',
      drafts: { [d.id]: { kind: d.kind, name: d.name, content: d.content } },
      publishedCards: {},
      steps: [
        {
          kind: 'card',
          id: 's1',
          status: 'attempting',
          attempts: 1,
          attemptStartedAt: Date.now() - 1_000,
          draftId: d.id,
          cardKind: 'poll_card',
        },
      ],
    })
    await writeJobFileV1(dataDir, crashed(present, 1))
    await writeJobFileV1(dataDir, crashed(absent, 2))
    const outbox = open()
    await outbox.ready
    await outbox.idle()
    const jobs = await outbox.list()
    expect(jobs.map((j) => j.state)).toEqual(['published', 'published'])
    expect(jobs[0]!.created.cardId).toBe('p1')
    expect(fake.posts).toEqual(['cards/poll'])
    expect(fake.created.polls.map((p) => p.name)).toEqual(['Was created', 'Never arrived'])
    await outbox.dispose()
  })

  describe("a crash before the drafts' writes (they settle at the job's end)", () => {
    const doneJob = (d: Draft, state: Job['state']): Job => ({
      schema: 1,
      id: '30000000-0000-4000-8000-000000000001',
      seq: 1,
      draftId: d.id,
      draftName: d.name,
      kind: d.kind,
      profileId: 'p',
      accountId: 'acc',
      createdAt: d.createdAt,
      updatedAt: '2026-01-02T00:00:00.000Z',
      state,
      drafts: { [d.id]: { kind: d.kind, name: d.name, content: d.content } },
      publishedCards: {},
      steps: [
        {
          kind: 'card',
          id: 's1',
          status: 'done',
          attempts: 1,
          draftId: d.id,
          cardKind: 'poll_card',
          result: { cardId: 'c9', cardUri: 'card://c9' },
        },
      ],
    })

    it('a job on disk as published gives its draft the status and ids on load, sending nothing', async () => {
      const d = { ...draft('poll_card', pollCard('Lost write', ['A', 'B'])), status: 'publishing' as const }
      const { fake, open, dataDir, store } = await setup([d])
      await writeJobFileV1(dataDir, doneJob(d, 'published'))
      const outbox = open()
      await outbox.ready
      expect(store.all.get(d.id)).toMatchObject({
        status: 'published',
        published: {
          accountId: 'acc',
          cardId: 'c9',
          cardUri: 'card://c9',
          publishedAt: '2026-01-02T00:00:00.000Z',
        },
      })
      expect(fake.posts).toEqual([])
      await outbox.dispose()
    })

    it('a resumed job applies what its done steps learnt to the drafts before it ends', async () => {
      const d = { ...draft('poll_card', pollCard('Resumed', ['A', 'B'])), status: 'publishing' as const }
      const { fake, open, dataDir, store } = await setup([d])
      await writeJobFileV1(dataDir, doneJob(d, 'active'))
      const outbox = open()
      await outbox.ready
      await outbox.idle()
      expect((await outbox.list())[0]).toMatchObject({ state: 'published' })
      expect(store.all.get(d.id)).toMatchObject({
        status: 'published',
        published: { accountId: 'acc', cardId: 'c9', cardUri: 'card://c9' },
      })
      expect(fake.posts).toEqual([])
      await outbox.dispose()
    })
  })

  it('a cancel during the wait after a lost answer lands once the lookup finds nothing, and sends nothing', async () => {
    const d = draft('poll_card', pollCard('Maybe sent', ['A', 'B']))
    const fake = createFakeAds()
    const send = fake.send.bind(fake)
    let listFailures = 1
    fake.send = async (req) => {
      if (req.method === 'GET' && listFailures > 0) {
        listFailures -= 1
        throw new AppFailure(appError('server_unavailable', 'down'))
      }
      return send(req)
    }
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-unit-'))
    dirs.push(dataDir)
    const job: Job = {
      schema: 1,
      id: '20000000-0000-4000-8000-000000000001',
      seq: 1,
      draftId: d.id,
      draftName: d.name,
      kind: d.kind,
      profileId: 'p',
      accountId: 'acc',
      createdAt: d.createdAt,
      updatedAt: d.createdAt,
      state: 'active',
      drafts: { [d.id]: { kind: d.kind, name: d.name, content: d.content } },
      publishedCards: {},
      steps: [
        {
          kind: 'card',
          id: 's1',
          status: 'attempting',
          attempts: 1,
          attemptStartedAt: Date.now() - 1_000,
          draftId: d.id,
          cardKind: 'poll_card',
        },
      ],
    }
    await writeJobFileV1(dataDir, job)
    // A minute between tries: only an interrupted wait lets this test end in time.
    const outbox = createOutbox({
      dataDir,
      drafts: memoryDrafts([d]),
      access: fakeAccess(fake),
      options: { backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
    })
    await outbox.ready
    for (let i = 0; i < 500 && (await outbox.list())[0]?.state !== 'waiting_network'; i++)
      await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await outbox.list())[0]?.state).toBe('waiting_network')
    await outbox.cancel(job.id)
    await outbox.idle()
    expect((await outbox.list())[0]).toMatchObject({ state: 'canceled' })
    expect(fake.posts).toEqual([])
    const saved = (await createJobStore(dataDir).loadAll()).jobs[0]!
    expect(saved.steps[0]).toMatchObject({ status: 'pending' })
    await outbox.dispose()
  })

  it('abandons an upload whose INIT answer was lost and adds the medium to the library once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-media-'))
    dirs.push(dir)
    const medium = await localMedium(chosenIn(dir), 'hero.png', pngOf(1200, 628, 'hero'))
    const d = draft('card', singleCard('Hero card', medium))
    const { fake, open, dataDir } = await setup([d])
    let inits = 0
    fake.loseAnswer = (req) =>
      req.body?.kind === 'form' && req.body.fields.command === 'INIT' && ++inits === 1
    const libraryAnswers: string[] = []
    const lose = fake.loseAnswer
    fake.loseAnswer = (req) => {
      if (req.url.endsWith('/media_library')) return libraryAnswers.push('lost') === 1
      return lose(req)
    }
    const outbox = open()
    await outbox.enqueue(d.id)
    await outbox.idle()
    expect((await outbox.list())[0]!.state).toBe('published')
    expect(fake.created.uploads).toBe(2)
    expect(fake.created.library).toHaveLength(1)
    expect(fake.created.cards).toHaveLength(1)
    const saved = (await createJobStore(dataDir).loadAll()).jobs[0]!
    expect(saved.steps[0]).toMatchObject({ kind: 'upload', status: 'done', restarts: 1 })
    await outbox.dispose()
  })

  it('keeps jobs in order per account and refuses a second job for the same draft', async () => {
    const a = draft('poll_card', pollCard('First', ['A', 'B']))
    const b = draft('poll_card', pollCard('Second', ['A', 'B']))
    const { fake, open } = await setup([a, b])
    const outbox = open()
    await outbox.enqueue(a.id)
    await outbox.enqueue(b.id)
    await expect(outbox.enqueue(b.id)).rejects.toMatchObject({ code: 'invalid_input' })
    await outbox.idle()
    expect(fake.created.polls.map((p) => p.name)).toEqual(['First', 'Second'])
    await outbox.dispose()
  })

  it('does not resume a job file it cannot read, and keeps the file aside', async () => {
    const { open, dataDir } = await setup([])
    const outbox = open()
    await outbox.ready
    await writeFile(join(dataDir, 'outbox', 'broken.json'), '{"schema":1,')
    await outbox.dispose()
    const loaded = await createJobStore(dataDir).loadAll()
    expect(loaded).toEqual({ jobs: [], unreadable: ['broken.json'] })
  })
})

describe('durable writes on the way (one per step)', () => {
  type Entry = { saved: OutboxJob } | { request: string }

  /** The outbox over a job store that logs each snapshot once it is on disk, and an API that logs each request. */
  async function recorded(drafts: Draft[]) {
    const { dataDir, store, fake } = await setup(drafts)
    const log: Entry[] = []
    const inner = createJobStore(dataDir)
    const jobStore: JobStore = {
      dir: inner.dir,
      loadAll: () => inner.loadAll(),
      remove: (id) => inner.remove(id),
      close: () => inner.close(),
      async save(job) {
        const snapshot = structuredClone(job)
        await inner.save(job)
        log.push({ saved: snapshot })
      },
    }
    const send = fake.send.bind(fake)
    fake.send = (req) => {
      const path = new URL(req.url).pathname
      const command = req.body?.kind === 'form' ? req.body.fields.command : undefined
      log.push({
        request: `${req.method} ${path.split('/').slice(5).join('/') || path}${command ? ` ${String(command)}` : ''}`,
      })
      return send(req)
    }
    const outbox = createOutbox({
      dataDir,
      drafts: store,
      access: fakeAccess(fake),
      store: jobStore,
      localMedia: localFiles.reader,
    })
    return { outbox, log, fake }
  }

  const creating = (request: string) =>
    /^POST (media_library|cards|cards\/poll|cards\/video_conversation|post)$/.test(request)
  const resultsIn = (job: OutboxJob) =>
    (job.steps as Job['steps']).filter((step) => step.kind !== 'upload' && step.status === 'done').length

  /**
   * The exactly-once rules, read off the log: a creating request leaves only once a snapshot with
   * a step 'attempting' is on disk, and no request leaves before every result already answered
   * is on disk.
   */
  function expectSafeOrder(log: Entry[]): void {
    let lastSaved: OutboxJob | undefined
    let answered = 0
    for (const entry of log) {
      if ('saved' in entry) {
        lastSaved = entry.saved
        continue
      }
      expect(lastSaved, entry.request).toBeDefined()
      expect(resultsIn(lastSaved!), `results on disk before ${entry.request}`).toBe(answered)
      if (creating(entry.request)) {
        const marked = (lastSaved!.steps as Job['steps']).filter(
          (step) => step.kind !== 'upload' && step.status === 'attempting',
        )
        expect(marked, `an attempting mark before ${entry.request}`).toHaveLength(1)
        answered += 1
      }
    }
  }

  it('a card with a local image: the enqueue and one write per step, each before its request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-writes-'))
    dirs.push(dir)
    const d = draft(
      'card',
      singleCard('Counted', await localMedium(chosenIn(dir), 'a.png', pngOf(1200, 628, 'a'))),
    )
    const { outbox, log, fake } = await recorded([d])
    const view = await outbox.enqueue(d.id)
    await outbox.idle()
    expect((await outbox.job(view.id)).state).toBe('published')
    expect(view.steps.map((step) => step.kind)).toEqual(['upload', 'library', 'card'])
    // upload (no write of its own: nothing is learnt yet), library, card, and the job's end.
    expect(log.filter((entry) => 'saved' in entry)).toHaveLength(view.steps.length + 1)
    expectSafeOrder(log)
    expect(fake.created.cards).toHaveLength(1)
    await outbox.dispose()
  })

  it("a post with its card: the post's upload waits for the card's id to be on disk", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-writes-'))
    dirs.push(dir)
    const card = draft(
      'card',
      singleCard('Its card', await localMedium(chosenIn(dir), 'c.png', pngOf(1200, 628, 'c'))),
    )
    const p = draft(
      'post',
      post('42', 'With card', 'Hello', {
        media: [await localMedium(chosenIn(dir), 'p.png', pngOf(1200, 628, 'p'))],
        cardDraftId: card.id,
      }),
    )
    const { outbox, log, fake } = await recorded([card, p])
    const view = await outbox.enqueue(p.id)
    await outbox.idle()
    expect((await outbox.job(view.id)).state).toBe('published')
    expect(view.steps.map((step) => step.kind)).toEqual([
      'upload',
      'library',
      'card',
      'upload',
      'library',
      'post',
    ])
    expect(log.filter((entry) => 'saved' in entry)).toHaveLength(view.steps.length + 1)
    expectSafeOrder(log)
    expect(fake.created.posts).toHaveLength(1)
    await outbox.dispose()
  })

  it("starts the next job while a published job's drafts are written, and queues a draft in memory", async () => {
    const first = draft('poll_card', pollCard('First', ['A', 'B']))
    const second = draft('poll_card', pollCard('Second', ['A', 'B']))
    const { store, open, fake } = await setup([first, second])
    // The outbox's writes of chosen drafts, held until released.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const flushes: string[][] = []
    store.flush = async (ids) => {
      if (!ids) return
      flushes.push([...ids])
      await held
    }
    const setStatus = vi.spyOn(store, 'setStatus')
    const outbox = open()
    await outbox.enqueue(first.id)
    await outbox.enqueue(second.id)
    // The second job publishes while the first job's draft write has not landed.
    await vi.waitFor(() => expect(fake.created.polls.map((p) => p.name)).toEqual(['First', 'Second']))
    expect(flushes[0]).toEqual([first.id])
    const queued = setStatus.mock.calls.filter(([, status]) => status === 'queued')
    expect(queued.map(([id]) => id)).toEqual([first.id, second.id])
    expect(queued.every(([, , , options]) => options?.durable === false)).toBe(true)
    release()
    await outbox.idle()
    expect(flushes).toEqual([[first.id], [second.id]])
    expect(store.get(second.id)?.status).toBe('published')
    await outbox.dispose()
  })

  it("writes the published job before its draft's status, and removes the job only once the draft is on disk", async () => {
    const d = draft('poll_card', pollCard('Settled', ['A', 'B']))
    const { store, open, dataDir } = await setup([d])
    // Read at once (synchronously): what the disk holds at the instant the draft's write starts.
    const jobOnDisk = () => {
      const [name] = readdirSync(join(dataDir, 'outbox'))
      return name ? lastJobRecord(readFileSync(join(dataDir, 'outbox', name), 'utf8')) : undefined
    }
    // The draft store's writes of chosen drafts (the outbox's), held until released.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const flushes: (string | undefined)[] = []
    store.flush = async (ids) => {
      if (!ids) return
      flushes.push(jobOnDisk()?.state)
      await held
    }
    const outbox = open()
    const view = await outbox.enqueue(d.id)
    await vi.waitFor(() => expect(flushes).toHaveLength(1))
    expect(flushes[0]).toBe('published')

    const dismissed = outbox.dismiss(view.id)
    await vi.waitFor(() => expect(flushes).toHaveLength(2))
    // The draft's write has not landed: the job file, which would repair it after a crash, stays.
    expect(jobOnDisk()?.state).toBe('published')
    release()
    await dismissed
    expect(jobOnDisk()).toBeUndefined()
    await outbox.dispose()
  })
})
