import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../../src/main/publish/job'
import { createJobStore } from '../../../src/main/publish/jobStore'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { post } from './fixtures'
import { connectProfile, openApp, waitFor, type App } from './harness'

/**
 * Regressions found by the security and reliability review (issue #10), driven through the real
 * services against the sandbox: a job that could never end, and a publication lost to false
 * adoption.
 */

const keychainService = `Ads Studio review faults ${process.pid}`
let sandbox: Sandbox
let workDir: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-review-faults-'))
  sandbox = await startSandbox({ port: 0, limits: { requestsPerWindow: 1_000_000 } })
})
afterAll(async () => {
  await sandbox?.close()
  await rm(workDir, { recursive: true, force: true })
})
const opened: App[] = []
afterEach(async () => {
  sandbox.setFaults({
    errorRate: 0,
    dropAfterCommitRate: 0,
    force429: false,
    latencyMs: 0,
    pathPattern: undefined,
  })
  await Promise.all(opened.splice(0).map((app) => app.services.dispose()))
})

const hosts = () => ({ apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl })

function open(dataDir: string): App {
  const app = openApp(dataDir, createKeytarSecretStore(keychainService))
  opened.push(app)
  return app
}

const jobById = async (app: App, jobId: string) =>
  (await app.call<{ jobs: OutboxJobView[] }>('outbox.list')).jobs.find((job) => job.id === jobId)

/** A post job as an older version of the app left it on disk (queued before text was checked). */
function postJob(
  seq: number,
  profile: { id: string; activeAccountId: string; userId: string },
  name: string,
  text: string,
): Job {
  const draftId = randomUUID()
  const now = new Date().toISOString()
  return {
    schema: 1,
    type: 'draft',
    id: randomUUID(),
    seq,
    draftId,
    draftName: name,
    kind: 'post',
    profileId: profile.id,
    accountId: profile.activeAccountId,
    userId: profile.userId,
    createdAt: now,
    updatedAt: now,
    state: 'active',
    drafts: { [draftId]: { kind: 'post', name, content: post(profile.userId, name, text) } },
    publishedCards: {},
    steps: [{ kind: 'post', id: 's1', status: 'pending', attempts: 0, draftId }],
  }
}

describe('a job whose request cannot be built (lone UTF-16 surrogate)', () => {
  it(
    'fails with a message, sends nothing, does not hold up the next job, and stays cancelable',
    { timeout: 60_000 },
    async () => {
      const dataDir = join(workDir, 'surrogate')
      const setup = open(dataDir)
      const profile = await connectProfile(setup, hosts(), sandbox.demo)
      await setup.services.dispose()
      opened.splice(opened.indexOf(setup), 1)

      const broken = postJob(1, profile, 'Broken text', 'Half an emoji: \ud83d')
      const behind = postJob(2, profile, 'Queued behind it', 'A perfectly fine post')
      const store = createJobStore(dataDir)
      await store.save(broken)
      await store.save(behind)
      const postsBefore = sandbox.created().posts

      const app = open(dataDir)
      const failed = await waitFor(async () => {
        const job = await jobById(app, broken.id)
        return job && job.state !== 'queued' && job.state !== 'running' && job.state !== 'waiting_network'
          ? job
          : undefined
      }, 15_000)
      expect(failed.state).toBe('failed')
      expect(failed.error).toMatchObject({
        code: 'local_failure',
        message: expect.stringMatching(/nothing was sent.*broken character/i),
      })
      const published = await waitFor(async () => {
        const job = await jobById(app, behind.id)
        return job?.state === 'published' ? job : undefined
      }, 15_000)
      expect(sandbox.created().posts - postsBefore).toBe(1)
      expect(sandbox.list('posts').some((p) => p.id === published.created.postId)).toBe(true)

      // Retrying cannot wedge it either: it fails again at once; cancel and dismiss always answer.
      await app.call('outbox.retry', { jobId: broken.id })
      const again = await waitFor(async () => {
        const job = await jobById(app, broken.id)
        return job?.state === 'failed' ? job : undefined
      }, 15_000)
      expect(again.error?.code).toBe('local_failure')
      expect((await app.call<{ job: OutboxJobView }>('outbox.cancel', { jobId: broken.id })).job.state).toBe(
        'failed',
      )
      await app.call('outbox.dismiss', { jobId: broken.id })
      expect(await jobById(app, broken.id)).toBeUndefined()
      expect(sandbox.created().posts - postsBefore).toBe(1)
    },
  )
})
