import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { invalidateToken } from '../../../src/main/auth/pinFlow'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { image, pollCard, post, singleCard } from './fixtures'
import { connectProfile, createDraft, openApp, waitFor, type App } from './harness'

const keychainService = `Ads Studio outbox test ${process.pid}`
let sandbox: Sandbox
let workDir: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-outbox-'))
  sandbox = await startSandbox({ port: 0, limits: { videoProcessingMs: 20 } })
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

async function connectedApp(name: string) {
  const dataDir = join(workDir, name)
  const app = openApp(dataDir, createKeytarSecretStore(keychainService))
  opened.push(app)
  const profile = await connectProfile(app, hosts(), sandbox.demo)
  return { app, dataDir, profile, mediaDir: workDir }
}

const jobOf = async (app: App, draftId: string) =>
  (await app.call<{ job: OutboxJobView | null }>('outbox.status', { draftId })).job

const until = (app: App, draftId: string, state: OutboxJobView['state'], timeoutMs = 15_000) =>
  waitFor(async () => {
    const job = await jobOf(app, draftId)
    return job?.state === state ? job : undefined
  }, timeoutMs)

describe('the outbox against the sandbox', () => {
  it('publishes a post with a new poll card draft and a local image: media, card, post, each once', async () => {
    const { app, profile } = await connectedApp('happy')
    const before = sandbox.created()
    const pollImage = await image(app.media(workDir), 'happy-poll')
    const postImage = await image(app.media(workDir), 'happy-post')
    const pollId = await createDraft(
      app,
      'poll_card',
      'Happy poll',
      pollCard('Happy poll', ['Yes', 'No'], pollImage),
    )
    const postId = await createDraft(
      app,
      'post',
      'Happy post',
      post(profile.userId, 'Happy post', 'Vote now', { media: [postImage], cardDraftId: pollId }),
    )

    const queued = (await app.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId: postId })).job
    expect(queued.steps.map((step) => step.kind)).toEqual([
      'upload',
      'library',
      'card',
      'upload',
      'library',
      'post',
    ])
    const done = await until(app, postId, 'published')

    const after = sandbox.created()
    expect(after.media_library - before.media_library).toBe(2)
    expect(after.poll_cards - before.poll_cards).toBe(1)
    expect(after.posts - before.posts).toBe(1)
    const created = sandbox.list('posts').find((p) => p.name === 'Happy post')!
    expect(created).toMatchObject({ id: done.created.postId, media_keys: [done.created.mediaKeys[1]] })
    // The outbox names each created medium as the designer knows it; its key is for tools.
    expect(done.created.media?.map((item) => item.mediaKey)).toEqual(done.created.mediaKeys)
    expect(done.created.media?.map((item) => item.name)).toEqual([
      expect.stringContaining('happy-poll'),
      expect.stringContaining('happy-post'),
    ])
    const poll = sandbox.list('poll_cards').find((c) => c.name === 'Happy poll')!
    expect(created.card_uri).toBe(poll.card_uri)
    expect(done.bytes).toEqual({
      sent: pollImage.bytes + postImage.bytes,
      total: pollImage.bytes + postImage.bytes,
    })

    const postDraft = await app.call<{ status: string; published: Record<string, string> }>('drafts.get', {
      id: postId,
    })
    expect(postDraft).toMatchObject({
      status: 'published',
      published: { postId: done.created.postId, accountId: profile.activeAccountId },
    })
    const pollDraft = await app.call<{ status: string; published: Record<string, string> }>('drafts.get', {
      id: pollId,
    })
    expect(pollDraft).toMatchObject({
      status: 'published',
      published: { cardUri: poll.card_uri, cardId: poll.id },
    })
    await waitFor(async () => (app.notifications.length > 0 ? true : undefined))
    expect(app.notifications.at(-1)).toEqual({ title: 'Publishing finished', body: '1 published' })
    await expect(app.call('outbox.enqueue', { draftId: postId })).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })

  it('stops before any upload when the account lacks a feature, naming the draft field; resuming unfixed is refused', async () => {
    const { app, profile } = await connectedApp('refused')
    // The second demo account lacks PROMOTED_MEDIA_POLLS: the preflight asks the platform for the
    // account's features before the first write, so nothing is uploaded (issue 9).
    const other = sandbox.demo.accountIds[1]!
    await app.call('accounts.select', { profileId: profile.id, accountId: other })
    const pollId = await createDraft(
      app,
      'poll_card',
      'Media poll',
      pollCard('Media poll', ['A', 'B'], await image(app.media(workDir), 'refused')),
    )
    const uploadsBefore = sandbox.created().media_uploads
    await app.call('outbox.enqueue', { draftId: pollId })
    const stopped = await until(app, pollId, 'needs_attention')
    expect(stopped.problems).toEqual([
      expect.objectContaining({
        code: 'needs_feature',
        message: expect.stringContaining('PROMOTED_MEDIA_POLLS'),
        contentPath: ['media'],
        draftId: pollId,
      }),
    ])
    expect(stopped.stepsDone).toBe(0)
    expect((await app.call<{ status: string }>('drafts.get', { id: pollId })).status).toBe('failed')
    // Resuming without a fix is refused at once: main now knows the account's features (the
    // preflight fetched them), so the publish gate names the problem and nothing is queued.
    await expect(app.call('outbox.retry', { jobId: stopped.id })).rejects.toThrow(/PROMOTED_MEDIA_POLLS/)
    expect(sandbox.created().media_uploads).toBe(uploadsBefore)
  })

  it('waits out a 429 with a countdown, then publishes', async () => {
    const { app, profile } = await connectedApp('rate')
    const postId = await createDraft(app, 'post', 'Rate post', post(profile.userId, 'Rate post', 'Hello'))
    sandbox.setFaults({ force429: 1, pathPattern: '^POST /ads' })
    await app.call('outbox.enqueue', { draftId: postId })
    const limited = await until(app, postId, 'rate_limited', 5_000)
    expect(Date.parse(limited.retryAt!)).toBeGreaterThan(Date.now() - 1_000)
    await until(app, postId, 'published')
    expect(sandbox.list('posts').filter((p) => p.name === 'Rate post')).toHaveLength(1)
  })

  it('pauses on an expired token and resumes once the profile is connected again', async () => {
    const { app, profile } = await connectedApp('expired')
    const cardId = await createDraft(
      app,
      'card',
      'Expiry card',
      singleCard('Expiry card', await image(app.media(workDir), 'expired')),
    )
    const vault = createProfileVault(createKeytarSecretStore(keychainService))
    const secrets = await vault.read(profile.id)
    await invalidateToken({
      hosts: hosts(),
      consumerKey: sandbox.demo.consumerKey,
      consumerSecret: sandbox.demo.consumerSecret,
      accessToken: secrets.accessToken!,
      accessTokenSecret: secrets.accessTokenSecret!,
    })
    await app.call('outbox.enqueue', { draftId: cardId })
    await until(app, cardId, 'needs_connection')
    const profiles = await app.call<{ profiles: { id: string; status: string }[] }>('profiles.list')
    expect(profiles.profiles.find((p) => p.id === profile.id)?.status).toBe('expired')

    const again = await app.call<{ authorizeUrl: string }>('connect.begin', {
      profileId: profile.id,
      environment: 'local_sandbox',
      hosts: hosts(),
      consumerKey: sandbox.demo.consumerKey,
      accessLevel: 'write',
      forceLogin: false,
    })
    const { approveInBrowser } = await import('../../support/authorizePage')
    await app.call('connect.complete', {
      profileId: profile.id,
      pin: await approveInBrowser(again.authorizeUrl),
    })
    await until(app, cardId, 'published')
    expect(sandbox.list('cards').filter((c) => c.name === 'Expiry card')).toHaveLength(1)
  })

  it('cancels a queued job at once and a running one after its step; retry continues', async () => {
    const { app, profile } = await connectedApp('cancel')
    sandbox.setFaults({ latencyMs: 40 })
    const first = await createDraft(
      app,
      'post',
      'Cancel first',
      post(profile.userId, 'Cancel first', 'One', { media: [await image(app.media(workDir), 'cancel-1')] }),
    )
    const second = await createDraft(
      app,
      'post',
      'Cancel second',
      post(profile.userId, 'Cancel second', 'Two'),
    )
    const running = (await app.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId: first })).job
    const queued = (await app.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId: second })).job
    expect((await app.call<{ job: OutboxJobView }>('outbox.cancel', { jobId: queued.id })).job.state).toBe(
      'canceled',
    )
    await waitFor(async () => ((await jobOf(app, first))?.state === 'running' ? true : undefined))
    expect(['canceling', 'canceled']).toContain(
      (await app.call<{ job: OutboxJobView }>('outbox.cancel', { jobId: running.id })).job.state,
    )
    const canceled = await until(app, first, 'canceled')
    expect(canceled.stepsDone).toBeLessThan(3)
    expect((await app.call<{ status: string }>('drafts.get', { id: first })).status).toBe('draft')
    sandbox.setFaults({ latencyMs: 0 })
    await app.call('outbox.retry', { jobId: running.id })
    await app.call('outbox.retry', { jobId: queued.id })
    await until(app, first, 'published')
    await until(app, second, 'published')
    expect(sandbox.list('posts').filter((p) => p.name === 'Cancel first')).toHaveLength(1)
    expect(sandbox.list('media_library').filter((m) => m.name === 'cancel-1.png')).toHaveLength(1)
  })
})
