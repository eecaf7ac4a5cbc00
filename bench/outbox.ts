/**
 * The outbox against the local sandbox over HTTP, as the app runs it: the real draft store with
 * the app's validator, the real signed HTTP client (undici) on loopback, the real job store on
 * disk, the preflight and the designer's grants for local media. Figures:
 *  - overhead per step: from the Publish click (the enqueue call) until the job is published on
 *    disk, minus the time spent inside HTTP requests (network and the sandbox's own work),
 *    divided by the job's steps: one sample per job, with images of about 1 MB;
 *  - the rate limit: posts per window against what the window allows (rateLimit.ts).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHttpClient, failureFor, type HttpClient, type HttpResponse } from '../src/main/api/http'
import { createGrantedFiles } from '../src/main/media/grantedFiles'
import { inspectMediaFile } from '../src/main/media/inspect'
import { createMediaGrants } from '../src/main/media/mediaGrants'
import { readOnce } from '../src/main/media/mediaStream'
import { createAccountFeaturesCache } from '../src/main/publish/accountFeatures'
import { createPreflight } from '../src/main/publish/preflight'
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
import { isAppFailure } from '../src/shared/errors'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import type { DraftKind } from '../src/shared/drafts/envelope'
import { rgbPng } from '../sandbox/media'
import { startSandbox, type Sandbox } from '../sandbox/index'
import { approveInBrowser } from '../test/support/authorizePage'

export const OUTBOX_WARMUP_JOBS = 12
export const OUTBOX_JOBS = 90

/** Time spent inside HTTP requests, and every answer with when it was sent. */
interface TimedHttp extends HttpClient {
  insideMs(): number
  /** Every answer, and every request the client refused to send (paced: a window known used up). */
  exchanges: { sentAt: number; method: string; url: string; status: number | 'paced'; reset?: number }[]
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
        method: req.method,
        url: req.url,
        status: response.status,
        ...(reset > 0 ? { reset } : {}),
      })
      return response
    } catch (error) {
      if (isAppFailure(error) && error.code === 'rate_limited')
        exchanges.push({ sentAt, method: req.method, url: req.url, status: 'paced' })
      throw error
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

export interface Rig {
  sandbox: Sandbox
  enqueue(kind: DraftKind, content: unknown): Promise<{ draftId: string }>
  outbox: ReturnType<typeof createOutbox>
  /** Grants a local file, as choosing it in the app does. */
  grant(path: string): Promise<unknown>
  http: TimedHttp
  userId: string
  workDir: string
  onSave: { current: (job: OutboxJob) => void }
  dispose(): Promise<void>
}

export async function startRig(): Promise<Rig> {
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
  // The app's outbox, built as createServices builds it (grants, one read per medium, the
  // preflight), over an observed job store in a directory of its own (the services' own outbox
  // stays idle).
  const onSave = { current: (_job: OutboxJob) => undefined as void }
  const grants = createMediaGrants({ file: join(workDir, 'bench-grants.json') })
  const localFiles = createGrantedFiles(grants)
  const localMedia = readOnce(localFiles.reader)
  const outbox = createOutbox({
    localMedia,
    preflight: createPreflight({
      features: createAccountFeaturesCache(),
      postLengthTier: () => 'standard',
      localMedia,
      publishedCard: () => undefined,
    }),
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
    async grant(path) {
      const { ref, identity } = await inspectMediaFile(path)
      return { ...ref, token: await grants.grant(path, identity) }
    },
    async enqueue(kind, content) {
      const draft = await call<{ id: string }>('drafts.create', { kind, name: `Bench ${kind}` })
      await call('drafts.update', { id: draft.id, content })
      return { draftId: draft.id }
    },
    async dispose() {
      await outbox.dispose()
      await localFiles.close()
      await services.dispose()
      await sandbox.close()
      await rm(workDir, { recursive: true, force: true })
    },
  }
}

/**
 * A PNG of about `bytes` (noise, stored without compression, as a photo barely compresses) at
 * the 1.91:1 shape a website card takes.
 */
function photoPng(bytes: number): Buffer {
  const width = Math.round(Math.sqrt((bytes / 3) * 1.91))
  const height = Math.round(width / 1.91)
  const raw = randomBytes(height * (1 + width * 3))
  for (let y = 0; y < height; y++) raw[y * (1 + width * 3)] = 0 // filter: none
  return rgbPng(width, height, raw, 0)
}

/** The size of the bench's photos. */
export const PHOTO_BYTES = 1024 * 1024

async function localImage(rig: Rig, index: number) {
  const path = join(rig.workDir, `image-${index}.png`)
  await writeFile(path, photoPng(PHOTO_BYTES))
  return rig.grant(path)
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

/**
 * Overhead per step (ms): per job, from the Publish click until the job is published on disk,
 * minus the time inside HTTP requests, over its steps. The drafts' own write after the job's is
 * not waited for (the next job does not wait for it either).
 */
export async function benchOutboxSteps(
  jobs = OUTBOX_JOBS,
  warmup = OUTBOX_WARMUP_JOBS,
): Promise<{ perStep: number[]; jobs: number; steps: number }> {
  const rig = await startRig()
  try {
    const perStep: number[] = []
    let steps = 0
    // Every photo is made before the first click: the bench's own megabytes of garbage would
    // otherwise be collected inside the timed jobs.
    const contents = []
    for (let index = 0; index < warmup + jobs; index++) contents.push(await jobContent(rig, index))
    for (let index = 0; index < warmup + jobs; index++) {
      const { kind, content } = contents[index]!
      const { draftId } = await rig.enqueue(kind, content)
      let publishedAt: number | undefined
      // The job's own file is the only one written with the draft's id in it while it runs.
      rig.onSave.current = (job) => {
        if (job.state === 'published' && job.publication?.draftId === draftId) publishedAt = performance.now()
      }
      // As in the app: the review sheet, then Publish (the sheet's read writes the drafts).
      await rig.outbox.review(draftId)
      const insideBefore = rig.http.insideMs()
      const clickedAt = performance.now()
      const view = await rig.outbox.enqueue(draftId)
      await rig.outbox.idle()
      const final = await rig.outbox.job(view.id)
      if (final.state !== 'published' || publishedAt === undefined)
        throw new Error(`bench job ended ${final.state}: ${JSON.stringify(final.error)}`)
      // HTTP time up to the published write: the job's requests all end before it.
      const overhead = publishedAt - clickedAt - (rig.http.insideMs() - insideBefore)
      if (index >= warmup) {
        perStep.push(overhead / view.steps.length)
        steps += view.steps.length
      }
    }
    return { perStep, jobs, steps }
  } finally {
    await rig.dispose()
  }
}
