import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PRACTICE_STATE_FILE } from '../../../src/main/practice/practiceService'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import type { SecretStore } from '../../../src/main/vault/secretStore'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import type { ProfileList, ProfileSummary } from '../../../src/shared/profiles'
import { approveInBrowser } from '../../support/authorizePage'
import { startRecordingServer, acceptEverything } from '../../support/recordingServer'
import { post } from '../publish/fixtures'
import { createDraft, openApp, waitFor, type App } from '../publish/harness'

/**
 * Practice mode through the real services: main runs the sandbox on a worker thread (from
 * source here, through tsx), on a free loopback port, with its state in the data folder.
 * Nothing here starts a sandbox of its own.
 */

let workDir: string
const opened: App[] = []
const servers: Server[] = []

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-practice-'))
})
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.services.dispose()))
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

function open(dataDir: string, secrets: SecretStore, env: Record<string, string> = {}) {
  const openedUrls: string[] = []
  const app = openApp(dataDir, secrets, { env, openExternal: async (url) => void openedUrls.push(url) })
  opened.push(app)
  return { app, openedUrls }
}

/** "Practice first": begin, approve in the browser, and complete with the PIN main learned. */
async function connectPractice(app: App) {
  const started = await app.call<{ profileId: string; authorizeUrl: string }>('practice.begin')
  const pinFromMain = app.call<{ status: string; pin?: string }>('practice.awaitPin', {
    profileId: started.profileId,
  })
  const pinOnPage = await approveInBrowser(started.authorizeUrl)
  const answer = await pinFromMain
  expect(answer).toEqual({ status: 'approved', pin: pinOnPage })
  const profile = await app.call<ProfileSummary>('connect.complete', {
    profileId: started.profileId,
    pin: answer.pin,
  })
  return { profile, authorizeUrl: started.authorizeUrl }
}

/** Quits the app as the test's own step (afterEach then leaves it alone). */
async function quit(app: App) {
  opened.splice(opened.indexOf(app), 1)
  await app.services.dispose()
}

const practiceOf = async (app: App) =>
  (await app.call<ProfileList>('profiles.list')).profiles.find((p) => p.environment === 'practice')

async function refusesConnections(url: string): Promise<boolean> {
  return fetch(url).then(
    () => false,
    () => true,
  )
}

async function listenOn(port: number): Promise<boolean> {
  const server = createServer((_req, res) => res.end('not the sandbox'))
  return new Promise((resolve) => {
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => {
      servers.push(server)
      resolve(true)
    })
  })
}

// Each test starts the bundled sandbox in a worker and publishes through it: seconds of work
// that a loaded 2-core machine can stretch past the default 20 s.
describe('practice mode', { timeout: 90_000 }, () => {
  it('starts the sandbox on a free loopback port, connects the practice profile and publishes to it', async () => {
    const dataDir = join(workDir, 'first')
    const { app, openedUrls } = open(dataDir, createMemorySecretStore())
    const { profile, authorizeUrl } = await connectPractice(app)

    const origin = new URL(authorizeUrl).origin
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(openedUrls).toEqual([authorizeUrl])
    expect(profile).toMatchObject({ environment: 'practice', label: 'Demo', status: 'connected' })
    expect(profile.hosts).toEqual({
      apiUrl: origin,
      adsUrl: `${origin}/ads`,
      adsSandboxUrl: `${origin}/ads-sandbox`,
    })
    expect(profile.activeAccountId).toBeTruthy()

    const draftId = await createDraft(
      app,
      'post',
      'Practice post',
      post(profile.userId!, 'Practice post', 'Hi'),
    )
    await app.call('outbox.enqueue', { draftId })
    await waitFor(async () => {
      const { job } = await app.call<{ job: OutboxJobView | null }>('outbox.status', { draftId })
      return job?.state === 'published' ? job : undefined
    })

    // Quitting stops the sandbox, which saved what was published in the data folder.
    await quit(app)
    expect(await refusesConnections(`${origin}/`)).toBe(true)
    const state = JSON.parse(await readFile(join(dataDir, PRACTICE_STATE_FILE), 'utf8')) as {
      posts: { name?: string; text?: string }[]
    }
    expect(state.posts.filter((p) => p.name === 'Practice post').map((p) => p.text)).toEqual(['Hi'])
  })

  it('resumes at the next start on a new port when the old one is taken, and the tokens still work', async () => {
    const dataDir = join(workDir, 'resume')
    const secrets = createMemorySecretStore()
    const first = open(dataDir, secrets)
    const { profile } = await connectPractice(first.app)
    await quit(first.app)
    const oldPort = Number(new URL(profile.hosts.apiUrl).port)
    expect(await listenOn(oldPort)).toBe(true)

    const second = open(dataDir, secrets)
    // The practice profile is the active one, so the sandbox starts with the app.
    const moved = await waitFor(async () => {
      const practice = await practiceOf(second.app)
      return practice && practice.hosts.apiUrl !== profile.hosts.apiUrl ? practice : undefined
    })
    const newPort = Number(new URL(moved.hosts.apiUrl).port)
    expect(newPort).not.toBe(oldPort)
    expect(moved.hosts.adsUrl).toBe(`http://127.0.0.1:${newPort}/ads`)
    // The keychain's tokens were issued by the last run's sandbox, whose state persisted.
    const { accounts } = await second.app.call<{ accounts: { id: string }[] }>('accounts.list', {
      profileId: profile.id,
    })
    expect(accounts.map((account) => account.id)).toContain(profile.activeAccountId)
    expect(moved.status).toBe('connected')
  })

  it('refuses to send a practice profile anywhere but the practice sandbox: nothing reaches the other host', async () => {
    const dataDir = join(workDir, 'elsewhere')
    const secrets = createMemorySecretStore()
    const first = open(dataDir, secrets)
    const { profile } = await connectPractice(first.app)
    const draftId = await createDraft(first.app, 'post', 'Stays', post(profile.userId!, 'Stays', 'Not sent'))
    await quit(first.app)

    // The next start has the ads host overridden (a proxy setting, say): a real-looking host.
    const other = await startRecordingServer(acceptEverything)
    try {
      const { app } = open(dataDir, secrets, { ADS_STUDIO_ADS_URL: other.url })
      await expect(app.call('accounts.list', { profileId: profile.id })).rejects.toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('practice platform'),
      })
      await app.call('outbox.enqueue', { draftId })
      const job = await waitFor(async () => {
        const { job } = await app.call<{ job: OutboxJobView | null }>('outbox.status', { draftId })
        return job?.state === 'needs_connection' ? job : undefined
      })
      expect(job.stepsDone).toBe(0)
      expect(other.requests).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('refuses to point another profile at the practice sandbox', async () => {
    const { app } = open(join(workDir, 'not-practice'), createMemorySecretStore())
    const { profile } = await connectPractice(app)
    await expect(
      app.call('connect.begin', {
        environment: 'local_sandbox',
        hosts: profile.hosts,
        consumerKey: 'sbxDemoConsumerKey7Hq2Lw9',
        consumerSecret: 'sbxDemoConsumerSecret4Vn8Tz1Rk6Pm3Xc5Jd0Gy2Wb',
        accessLevel: 'write',
        forceLogin: false,
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'hosts.apiUrl' })
    expect((await app.call<ProfileList>('profiles.list')).profiles.map((p) => p.environment)).toEqual([
      'practice',
    ])
  })

  it('answers "none" for a profile with no practice authorization under way', async () => {
    const { app } = open(join(workDir, 'none'), createMemorySecretStore())
    expect(
      await app.call('practice.awaitPin', { profileId: '6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f' }),
    ).toEqual({ status: 'none' })
  })
})
