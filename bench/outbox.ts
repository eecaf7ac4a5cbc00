/**
 * The outbox against the local sandbox over HTTP, as the app runs it: the real draft store with
 * the app's validator, the real signed HTTP client (undici) on loopback, the real job store on
 * disk. Two figures:
 *  - overhead per step: each step's wall time minus the time spent inside HTTP requests (network
 *    and the sandbox's own work), one sample per step, not averaged per job;
 *  - the rate-limit wait: how long after the `x-rate-limit-reset` instant the first request of
 *    the next window leaves, and the publish throughput that leaves against the bound.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHttpClient, failureFor, type HttpClient, type HttpResponse } from '../src/main/api/http'
import { inspectMediaFile } from '../src/main/media/inspect'
import type { OutboxJob } from '../src/main/publish/job'
import { createJobStore, type JobStore } from '../src/main/publish/jobStore'
import { createOutbox } from '../src/main/publish/outbox'
import { createProfileRepository } from '../src/main/settings/profileRepository'
import { createServices } from '../src/main/services'
import { createSession } from '../src/main/session/session'
import { createConfStore } from '../src/main/settings/confStore'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { createProfileVault } from '../src/main/vault/profileVault'
import { emptyPostContent } from '../src/shared/creatives/post'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import type { DraftKind } from '../src/shared/drafts/envelope'
import { placeholderPng } from '../sandbox/media'
import { startSandbox, type Sandbox } from '../sandbox/index'
import { approveInBrowser } from '../test/support/authorizePage'

export const OUTBOX_WARMUP_JOBS = 12
export const OUTBOX_JOBS = 90

/** Time spent inside HTTP requests, and every answer with when it was sent. */
interface TimedHttp extends HttpClient {
  insideMs(): number
  exchanges: { sentAt: number; status: number; reset?: number }[]
}

function timedHttp(inner: HttpClient): TimedHttp {
  let inside = 0
  const exchanges: TimedHttp['exchanges'] = []
  const exchange: HttpClient['exchange'] = async (req) => {
    const sentAt = Date.now()
    const started = performance.now()
    try {
      const response: HttpResponse = await inner.exchange(req)
      const reset = Number(response.headers['x-rate-limit-reset'])
      exchanges.push({
        sentAt,
        status: response.status,
        ...(response.status === 429 && reset > 0 ? { reset } : {}),
      })
      return response
    } finally {
      inside += performance.now() - started
    }
  }
  return {
    exchange,
    // As the client's own send: the same failure mapping, over the timed exchange.
    async send(req) {
      const response = await exchange(req)
      if (response.status >= 200 && response.status < 300) return response
      throw failureFor(req, response, () => Date.now() + inner.clockOffsetMs())
    },
    clockOffsetMs: () => inner.clockOffsetMs(),
    insideMs: () => inside,
    exchanges,
  }
}

/** The job store, telling when each step's result first reaches the disk. */
function observedJobStore(inner: JobStore, onSave: (job: OutboxJob) => void): JobStore {
  return {
    dir: inner.dir,
    loadAll: () => inner.loadAll(),
    remove: (id) => inner.remove(id),
    close: () => inner.close(),
    async save(job) {
      await inner.save(job)
      onSave(job)
    },
  }
}

interface Rig {
  sandbox: Sandbox
  enqueue(kind: DraftKind, content: unknown): Promise<{ draftId: string }>
  outbox: ReturnType<typeof createOutbox>
  http: TimedHttp
  userId: string
  workDir: string
  onSave: { current: (job: OutboxJob) => void }
  dispose(): Promise<void>
}

async function startRig(): Promise<Rig> {
  const workDir = await mkdtemp(join(tmpdir(), 'ads-bench-outbox-'))
  const sandbox = await startSandbox({ port: 0, limits: { videoProcessingMs: 20 } })
  const secretStore = createMemorySecretStore()
  const settingsStore = createConfStore(workDir)
  const http = timedHttp(createHttpClient())
  const services = createServices({
    dataDir: workDir,
    hosts: PRODUCTION_HOSTS,
    secretStore,
    settingsStore,
    env: {},
    http,
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => undefined,
    appInfo: { name: 'Ads Studio', version: 'bench' },
  })
  const dispatcher = services.createDispatcher(() => true)
  const call = async <T>(channel: string, request: unknown): Promise<T> => {
    const response = await dispatcher.dispatch(
      channel,
      { url: 'app://studio/index.html', isMainFrame: true },
      request,
    )
    if (!response.ok) throw new Error(`${channel}: ${response.error.message}`)
    return response.value as T
  }
  const hosts = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }
  const started = await call<{ profileId: string; authorizeUrl: string }>('connect.begin', {
    environment: 'local_sandbox',
    hosts,
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret: sandbox.demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
    label: 'Bench',
  })
  const profile = await call<{ userId: string }>('connect.complete', {
    profileId: started.profileId,
    pin: await approveInBrowser(started.authorizeUrl),
  })
  // The app's outbox, built as createServices builds it, over an observed job store in a
  // directory of its own (the services' own outbox stays idle).
  const onSave = { current: (_job: OutboxJob) => undefined as void }
  const outbox = createOutbox({
    dataDir: join(workDir, 'bench-outbox'),
    drafts: {
      ready: services.drafts.ready,
      get: (id) => services.drafts.store.get(id),
      flush: (ids) => services.drafts.store.flush(ids),
      setStatus: (id, status, refs, options) => services.drafts.store.setStatus(id, status, refs, options),
    },
    access: createSession({
      profiles: createProfileRepository(settingsStore),
      vault: createProfileVault(secretStore),
      http,
      env: {},
    }),
    store: observedJobStore(createJobStore(join(workDir, 'bench-outbox')), (job) => onSave.current(job)),
  })
  return {
    sandbox,
    outbox,
    http,
    userId: profile.userId,
    workDir,
    onSave,
    async enqueue(kind, content) {
      const draft = await call<{ id: string }>('drafts.create', { kind, name: `Bench ${kind}` })
      await call('drafts.update', { id: draft.id, content })
      return { draftId: draft.id }
    },
    async dispose() {
      await outbox.dispose()
      await services.dispose()
      await sandbox.close()
      await rm(workDir, { recursive: true, force: true })
    },
  }
}

async function localImage(rig: Rig, index: number) {
  const path = join(rig.workDir, `image-${index}.png`)
  await writeFile(path, placeholderPng(1200, 628, `bench ${index}`))
  return (await inspectMediaFile(path)).ref
}

/** A card with a local image (upload, library, card), a poll card (card) or a post with a local image. */
async function jobContent(rig: Rig, index: number): Promise<{ kind: DraftKind; content: unknown }> {
  if (index % 3 === 0) {
    return {
      kind: 'card',
      content: {
        name: `Card ${index}`,
        mode: 'single',
        components: [
          { id: 'm', type: 'MEDIA', media: await localImage(rig, index) },
          {
            id: 'd',
            type: 'DETAILS',
            title: 'Shop',
            destination: { type: 'WEBSITE', url: 'https://example.com' },
          },
        ],
        slides: [],
      },
    }
  }
  if (index % 3 === 1) {
    return {
      kind: 'poll_card',
      content: { name: `Poll ${index}`, choices: ['A', 'B'], durationInMinutes: 60, media: null },
    }
  }
  return {
    kind: 'post',
    content: {
      ...emptyPostContent(rig.userId),
      name: `Post ${index}`,
      text: `Hello ${index}`,
      media: [{ id: 'm', media: await localImage(rig, index) }],
    },
  }
}

/** Overhead per step (ms), one sample per step of every measured job. */
export async function benchOutboxSteps(): Promise<{ perStep: number[]; jobs: number }> {
  const rig = await startRig()
  try {
    const perStep: number[] = []
    for (let index = 0; index < OUTBOX_WARMUP_JOBS + OUTBOX_JOBS; index++) {
      const { kind, content } = await jobContent(rig, index)
      const { draftId } = await rig.enqueue(kind, content)
      const view = await rig.outbox.enqueue(draftId)
      // A step's end is when its result first reaches the disk (with the next step's mark, or
      // the job's last write); its overhead is that interval minus the time inside HTTP.
      let boundary = performance.now()
      let insideAtBoundary = rig.http.insideMs()
      let doneSteps = 0
      const samples: number[] = []
      rig.onSave.current = (job) => {
        if (job.id !== view.id) return
        const done = job.steps.filter((step) => step.status === 'done').length
        const finished = job.state !== 'active'
        if (done === doneSteps && !(finished && samples.length < job.steps.length)) return
        const at = performance.now()
        const inside = rig.http.insideMs()
        const newlyDone = Math.max(1, done - doneSteps)
        // Several results landing in one write share the interval.
        for (let k = 0; k < newlyDone; k++)
          samples.push((at - boundary - (inside - insideAtBoundary)) / newlyDone)
        doneSteps = done
        boundary = at
        insideAtBoundary = inside
      }
      await rig.outbox.idle()
      const final = await rig.outbox.job(view.id)
      if (final.state !== 'published')
        throw new Error(`bench job ended ${final.state}: ${JSON.stringify(final.error)}`)
      if (index >= OUTBOX_WARMUP_JOBS) perStep.push(...samples.slice(0, view.steps.length))
    }
    return { perStep, jobs: OUTBOX_JOBS }
  } finally {
    await rig.dispose()
  }
}

export interface RateLimitFigures {
  /** Per window: ms from the stated reset to the first request sent after it. */
  lateness: number[]
  /** Published per second ÷ what the stated resets allowed. */
  throughputRatio: number
  requestsPerWindow: number
  windowMs: number
  jobs: number
}

/** Poll cards (one POST each) through a sandbox that allows `perWindow` posts every `windowMs`. */
export async function benchRateLimit(
  perWindow = 6,
  windowMs = 2_000,
  windows = 5,
): Promise<RateLimitFigures> {
  const rig = await startRig()
  try {
    rig.sandbox.setLimits({ requestsPerWindow: perWindow, windowMs })
    const jobs = perWindow * windows + 1
    const ids: string[] = []
    for (let index = 0; index < jobs; index++) {
      const { draftId } = await rig.enqueue('poll_card', {
        name: `Poll ${index}`,
        choices: ['A', 'B'],
        durationInMinutes: 60,
        media: null,
      })
      ids.push(draftId)
    }
    const first = rig.http.exchanges.length
    for (const id of ids) await rig.outbox.enqueue(id)
    await rig.outbox.idle()
    const exchanges = rig.http.exchanges.slice(first)
    const lateness: number[] = []
    exchanges.forEach((exchange, index) => {
      if (exchange.reset === undefined) return
      const next = exchanges.slice(index + 1).find((candidate) => candidate.status !== 429)
      if (next) lateness.push(next.sentAt - exchange.reset * 1000)
    })
    const published = (await rig.outbox.list()).filter((job) => job.state === 'published').length
    if (published !== jobs) throw new Error(`${published} of ${jobs} rate-limited jobs published`)
    const span = exchanges.at(-1)!.sentAt - exchanges[0]!.sentAt
    const lost = lateness.reduce((sum, value) => sum + Math.max(0, value), 0)
    return { lateness, throughputRatio: (span - lost) / span, requestsPerWindow: perWindow, windowMs, jobs }
  } finally {
    await rig.dispose()
  }
}
