import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { coalesce, createEventEmitter } from '../../../src/main/ipc/events'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { createEventSubscriber } from '../../../src/preload/events'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { EVENT_CHANNEL, EVENT_NAMES } from '../../../src/shared/ipc/channels'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { events, type StudioEvent } from '../../../src/shared/ipc/events'

const JOB: OutboxJobView = {
  id: '8c5f3d2e-1b4a-4c6d-9e8f-0a1b2c3d4e5f',
  type: 'operation',
  title: 'Delete the do-not-reach list “Old”',
  area: 'audiences',
  profileId: 'p1',
  accountId: 'a1',
  state: 'running',
  steps: [{ kind: 'operation', label: 'Delete', status: 'attempting' }],
  stepsDone: 0,
  created: { mediaKeys: [] },
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:01.000Z',
}

const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('the events map', () => {
  it('gives every event name a schema, and nothing else', () => {
    expect(Object.keys(events).sort()).toEqual([...EVENT_NAMES].sort())
  })
})

describe("main's event emitter", () => {
  it('sends what the schema declares and drops every other field, nested ones included', () => {
    const emitter = createEventEmitter()
    const sent: StudioEvent[] = []
    emitter.subscribe((event) => sent.push(event))
    const leaky = {
      job: { ...JOB, oauthToken: 'secret-token', steps: [{ ...JOB.steps[0]!, params: { path: '/home/x' } }] },
      tokenSecret: 'also-secret',
    }
    emitter.emit('job.progress', leaky)
    expect(sent).toEqual([{ name: 'job.progress', payload: { job: JOB } }])
    expect(JSON.stringify(sent)).not.toMatch(/secret|\/home/)
  })

  it('refuses a payload that does not match its schema, or an unknown event, and says so', () => {
    const onProblem = vi.fn()
    const emitter = createEventEmitter(onProblem)
    const sink = vi.fn()
    emitter.subscribe(sink)
    emitter.emit('drafts.changed', { revision: -1 })
    emitter.emit('outbox.changed', { jobId: JOB.id, change: 'exploded' as 'added' })
    emitter.emit('job.progress', { job: { ...JOB, state: undefined as unknown as 'running' } })
    emitter.emit('app.secrets' as 'drafts.changed', { revision: 1 })
    expect(sink).not.toHaveBeenCalled()
    expect(onProblem).toHaveBeenCalledTimes(4)
    expect(onProblem.mock.calls[0]).toEqual(['event drafts.changed', expect.any(Error)])
  })

  it('hands each event to every sink, one failing sink not stopping the others, until unsubscribed', () => {
    const onProblem = vi.fn()
    const emitter = createEventEmitter(onProblem)
    const failing = vi.fn(() => {
      throw new Error('window gone')
    })
    const other = vi.fn()
    emitter.subscribe(failing)
    const unsubscribe = emitter.subscribe(other)
    emitter.emit('catalog.changed', { profileId: 'p1' })
    expect(other).toHaveBeenCalledExactlyOnceWith({ name: 'catalog.changed', payload: { profileId: 'p1' } })
    expect(onProblem).toHaveBeenCalledOnce()
    unsubscribe()
    emitter.emit('catalog.changed', { profileId: 'p1' })
    expect(other).toHaveBeenCalledOnce()
  })

  it('gathers what happens in one turn into one event per key, with the latest value', async () => {
    const flushed: [string, number][] = []
    const push = coalesce((key: string, value: number) => flushed.push([key, value]))
    for (let revision = 1; revision <= 400; revision++) push(revision % 2 ? 'odd' : 'even', revision)
    expect(flushed).toEqual([])
    await turn()
    expect(flushed).toEqual([
      ['odd', 399],
      ['even', 400],
    ])
  })
})

describe("the preload's window.studio.on", () => {
  function preload() {
    let listener: ((event: unknown, message: unknown) => void) | undefined
    const on = vi.fn((channel: string, handler: typeof listener) => {
      expect(channel).toBe(EVENT_CHANNEL)
      listener = handler
    })
    const subscribe = createEventSubscriber({ on })
    return { subscribe, on, send: (message: unknown) => listener?.({ sender: 'main' }, message) }
  }

  it('drops a message without a known name or an object payload (main checked the schema)', () => {
    const { subscribe, send } = preload()
    const progress = vi.fn()
    subscribe('job.progress', progress)
    send({ name: 'job.progress', payload: { job: JOB } })
    send({ name: 'job.unknown', payload: { job: JOB } })
    send({ name: 'job.progress', payload: [JOB] })
    send({ name: 'job.progress' })
    send('job.progress')
    send(null)
    expect(progress).toHaveBeenCalledExactlyOnceWith({ job: JOB })
  })

  it('hands an event to the handlers of its name, listens on the channel once, and unsubscribes', () => {
    const { subscribe, on, send } = preload()
    const drafts = vi.fn()
    const catalog = vi.fn()
    const unsubscribe = subscribe('drafts.changed', drafts)
    subscribe('catalog.changed', catalog)
    send({ name: 'drafts.changed', payload: { revision: 3 } })
    expect(drafts).toHaveBeenCalledExactlyOnceWith({ revision: 3 })
    expect(catalog).not.toHaveBeenCalled()
    unsubscribe()
    send({ name: 'drafts.changed', payload: { revision: 4 } })
    expect(drafts).toHaveBeenCalledOnce()
    expect(on).toHaveBeenCalledOnce()
  })
})

describe('what main emits', () => {
  let dataDir: string
  let services: Services | undefined

  afterEach(async () => {
    await services?.dispose()
    services = undefined
    await rm(dataDir, { recursive: true, force: true })
  })

  async function start() {
    dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-events-'))
    services = createServices({
      dataDir,
      hosts: PRODUCTION_HOSTS,
      settingsStore: createMemoryStore(),
      secretStore: createMemorySecretStore(),
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
      openExternal: async () => {},
      appInfo: { name: 'Ads Studio', version: 'test' },
    })
    const sent: StudioEvent[] = []
    services.events.subscribe((event) => sent.push(event))
    return { services, sent }
  }

  it("says when a job is added and each time its state changes, with the job's view as the outbox answers it", async () => {
    const { services, sent } = await start()
    // The outbox's own (the drafts' load, which it waits for, says drafts.changed).
    const outbox = () =>
      sent.filter((event) => event.name === 'outbox.changed' || event.name === 'job.progress')
    const queued = await services.outbox.enqueueOperations({
      profileId: 'not-connected',
      accountId: 'a1',
      area: 'audiences',
      title: 'Delete the do-not-reach list “Old”',
      steps: [{ op: 'audiences.doNotReach.delete', params: { listId: 'list1', name: 'Old' } }],
    })
    await turn()
    expect(outbox()).toEqual([
      { name: 'outbox.changed', payload: { jobId: queued.id, change: 'added' } },
      { name: 'job.progress', payload: { job: queued } },
    ])
    expect(queued.state).toBe('needs_connection')

    sent.length = 0
    await services.outbox.cancel(queued.id)
    await turn()
    const canceled = await services.outbox.job(queued.id)
    expect(canceled.state).toBe('canceled')
    // Each state change is said, each with the job's view after it; the last is the one main keeps.
    const changes = outbox()
    expect(changes.length).toBeGreaterThanOrEqual(2)
    changes.forEach((event, index) =>
      expect(event).toEqual(
        index % 2 === 0
          ? { name: 'outbox.changed', payload: { jobId: queued.id, change: 'state' } }
          : { name: 'job.progress', payload: { job: expect.objectContaining({ id: queued.id }) } },
      ),
    )
    expect(changes.at(-1)).toEqual({ name: 'job.progress', payload: { job: canceled } })

    sent.length = 0
    await services.outbox.dismiss(queued.id)
    await turn()
    expect(outbox()).toEqual([{ name: 'outbox.changed', payload: { jobId: queued.id, change: 'removed' } }])
  })

  it('says when the drafts list changed, with the revision to ask what changed since', async () => {
    const { services, sent } = await start()
    await services.drafts.ready
    await turn()
    sent.length = 0
    await services.drafts.create('post', 'Spring')
    await turn()
    const drafts = sent.filter((event) => event.name === 'drafts.changed')
    expect(drafts).toHaveLength(1)
    const { revision } = await services.drafts.list({})
    expect(drafts[0]!.payload).toEqual({ revision })
  })
})
