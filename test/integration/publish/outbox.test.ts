import { describe, expect, it } from 'vitest'
import { invalidateToken } from '../../../src/main/auth/pinFlow'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { useSandboxApps } from '../../support/sandboxApps'
import { image, pollCard, post, singleCard } from './fixtures'
import { createDraft, draftJob, untilDraftJob, waitFor } from './harness'

const apps = useSandboxApps(
  'outbox test',
  { port: 0, limits: { videoProcessingMs: 20 } },
  { resetFaults: true },
)

async function connectedApp(name: string) {
  return { ...(await apps.connected(name)), mediaDir: apps.workDir }
}

describe('the outbox against the sandbox', () => {
  it('publishes a post with a new poll card draft and a local image: media, card, post, each once', async () => {
    const { app, profile } = await connectedApp('happy')
    const before = apps.sandbox.created()
    const pollImage = await image(app.media(apps.workDir), 'happy-poll')
    const postImage = await image(app.media(apps.workDir), 'happy-post')
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
    const done = await untilDraftJob(app, postId, 'published')

    const after = apps.sandbox.created()
    expect(after.media_library - before.media_library).toBe(2)
    expect(after.poll_cards - before.poll_cards).toBe(1)
    expect(after.posts - before.posts).toBe(1)
    const created = apps.sandbox.list('posts').find((p) => p.name === 'Happy post')!
    expect(created).toMatchObject({ id: done.created.postId, media_keys: [done.created.mediaKeys[1]] })
    // The outbox names each created medium as the designer knows it; its key is for tools.
    expect(done.created.media?.map((item) => item.mediaKey)).toEqual(done.created.mediaKeys)
    expect(done.created.media?.map((item) => item.name)).toEqual([
      expect.stringContaining('happy-poll'),
      expect.stringContaining('happy-post'),
    ])
    const poll = apps.sandbox.list('poll_cards').find((c) => c.name === 'Happy poll')!
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
    const other = apps.sandbox.demo.accountIds[1]!
    await app.call('accounts.select', { profileId: profile.id, accountId: other })
    const pollId = await createDraft(
      app,
      'poll_card',
      'Media poll',
      pollCard('Media poll', ['A', 'B'], await image(app.media(apps.workDir), 'refused')),
    )
    const uploadsBefore = apps.sandbox.created().media_uploads
    await app.call('outbox.enqueue', { draftId: pollId })
    const stopped = await untilDraftJob(app, pollId, 'needs_attention')
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
    expect(apps.sandbox.created().media_uploads).toBe(uploadsBefore)
  })

  it('waits out a 429 with a countdown, then publishes', async () => {
    const { app, profile } = await connectedApp('rate')
    const postId = await createDraft(app, 'post', 'Rate post', post(profile.userId, 'Rate post', 'Hello'))
    apps.sandbox.setFaults({ force429: 1, pathPattern: '^POST /ads' })
    await app.call('outbox.enqueue', { draftId: postId })
    const limited = await untilDraftJob(app, postId, 'rate_limited', 5_000)
    expect(Date.parse(limited.retryAt!)).toBeGreaterThan(Date.now() - 1_000)
    await untilDraftJob(app, postId, 'published')
    expect(apps.sandbox.list('posts').filter((p) => p.name === 'Rate post')).toHaveLength(1)
  })

  it('pauses on an expired token and resumes once the profile is connected again', async () => {
    const { app, profile } = await connectedApp('expired')
    const cardId = await createDraft(
      app,
      'card',
      'Expiry card',
      singleCard('Expiry card', await image(app.media(apps.workDir), 'expired')),
    )
    const vault = createProfileVault(createKeytarSecretStore(apps.keychainService))
    const secrets = await vault.read(profile.id)
    await invalidateToken({
      hosts: apps.hosts(),
      consumerKey: apps.sandbox.demo.consumerKey,
      consumerSecret: apps.sandbox.demo.consumerSecret,
      accessToken: secrets.accessToken!,
      accessTokenSecret: secrets.accessTokenSecret!,
    })
    await app.call('outbox.enqueue', { draftId: cardId })
    await untilDraftJob(app, cardId, 'needs_connection')
    const profiles = await app.call<{ profiles: { id: string; status: string }[] }>('profiles.list')
    expect(profiles.profiles.find((p) => p.id === profile.id)?.status).toBe('expired')

    const again = await app.call<{ authorizeUrl: string }>('connect.begin', {
      profileId: profile.id,
      environment: 'local_sandbox',
      hosts: apps.hosts(),
      consumerKey: apps.sandbox.demo.consumerKey,
      accessLevel: 'write',
      forceLogin: false,
    })
    const { approveInBrowser } = await import('../../support/authorizePage')
    await app.call('connect.complete', {
      profileId: profile.id,
      pin: await approveInBrowser(again.authorizeUrl),
    })
    await untilDraftJob(app, cardId, 'published')
    expect(apps.sandbox.list('cards').filter((c) => c.name === 'Expiry card')).toHaveLength(1)
  })

  it('cancels a queued job at once and a running one after its step; retry continues', async () => {
    const { app, profile } = await connectedApp('cancel')
    apps.sandbox.setFaults({ latencyMs: 40 })
    const first = await createDraft(
      app,
      'post',
      'Cancel first',
      post(profile.userId, 'Cancel first', 'One', {
        media: [await image(app.media(apps.workDir), 'cancel-1')],
      }),
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
    await waitFor(async () => ((await draftJob(app, first))?.state === 'running' ? true : undefined))
    expect(['canceling', 'canceled']).toContain(
      (await app.call<{ job: OutboxJobView }>('outbox.cancel', { jobId: running.id })).job.state,
    )
    const canceled = await untilDraftJob(app, first, 'canceled')
    expect(canceled.stepsDone).toBeLessThan(3)
    expect((await app.call<{ status: string }>('drafts.get', { id: first })).status).toBe('draft')
    apps.sandbox.setFaults({ latencyMs: 0 })
    await app.call('outbox.retry', { jobId: running.id })
    await app.call('outbox.retry', { jobId: queued.id })
    await untilDraftJob(app, first, 'published')
    await untilDraftJob(app, second, 'published')
    expect(apps.sandbox.list('posts').filter((p) => p.name === 'Cancel first')).toHaveLength(1)
    expect(apps.sandbox.list('media_library').filter((m) => m.name === 'cancel-1.png')).toHaveLength(1)
  })
})
