import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import type { IpcError } from '../../../src/shared/ipc/result'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { localMedium, mp4Of } from '../../support/mediaFixtures'
import { image, multiDestinationCard, pollCard, post, videoConversationCard } from './fixtures'
import { connectProfile, createDraft, openApp, waitFor, type App } from './harness'

// The publish gate in main: outbox.enqueue called straight through the dispatcher, as a
// compromised or buggy renderer could, refuses a draft with errors and sends nothing.

const keychainService = `Ads Studio publish gate test ${process.pid}`
let sandbox: Sandbox
let workDir: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-gate-'))
  sandbox = await startSandbox({ port: 0, limits: { videoProcessingMs: 20 } })
})
afterAll(async () => {
  await sandbox?.close()
  await rm(workDir, { recursive: true, force: true })
})

const opened: App[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.services.dispose()))
})

async function connectedApp(name: string) {
  const app = openApp(join(workDir, name), createKeytarSecretStore(keychainService))
  opened.push(app)
  const hosts = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }
  const profile = await connectProfile(app, hosts, sandbox.demo)
  return { app, profile }
}

/** Enqueues through the dispatcher and returns the structured refusal. */
async function refusal(app: App, draftId: string): Promise<IpcError> {
  try {
    await app.call('outbox.enqueue', { draftId })
  } catch (error) {
    return error as IpcError
  }
  throw new Error('outbox.enqueue accepted a draft with errors')
}

describe('the publish gate in main', () => {
  it('refuses a 4,001-character post with a poll card draft: every issue named, nothing sent', async () => {
    const { app, profile } = await connectedApp('over-limit')
    const before = sandbox.created()
    const pollImage = await image(workDir, 'gate-poll')
    const pollId = await createDraft(
      app,
      'poll_card',
      'Gate poll',
      pollCard('Gate poll', ['Yes', 'x'.repeat(26)], pollImage),
    )
    const postId = await createDraft(
      app,
      'post',
      'Gate post',
      post(profile.userId, 'Gate post', 'a'.repeat(4001), { cardDraftId: pollId }),
    )

    const error = await refusal(app, postId)
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/^2 problems to fix before publishing/)
    expect(error.issues).toEqual([
      { field: 'text', draftId: postId, message: 'Post text is 1 character over the 4,000-character limit' },
      expect.objectContaining({
        field: 'choices.1',
        draftId: pollId,
        message: expect.stringMatching(/^The attached card "Gate poll": /),
      }),
    ])
    expect(sandbox.created()).toEqual(before)
    expect(await app.jobs()).toEqual([])
    const draft = await app.call<{ status: string }>('drafts.get', { id: postId })
    expect(draft.status).toBe('draft')
  })

  it('refuses a one-slide multi-destination card and a 1200×640 poll image', async () => {
    const { app } = await connectedApp('structure')
    const before = sandbox.created()
    const slide = await image(workDir, 'gate-slide')
    const cardId = await createDraft(app, 'card', 'One slide', multiDestinationCard('One slide', [slide]))
    expect((await refusal(app, cardId)).issues).toEqual([
      expect.objectContaining({
        field: 'slides',
        message: 'A multi-destination carousel needs at least 2 slides; add 1 more',
      }),
    ])

    for (const [width, height] of [
      [1200, 640],
      [1220, 628],
    ] as const) {
      const wide = await image(workDir, `gate-${width}x${height}`, width, height)
      const pollId = await createDraft(
        app,
        'poll_card',
        'Ratio poll',
        pollCard('Ratio poll', ['A', 'B'], wide),
      )
      expect((await refusal(app, pollId)).issues).toEqual([
        expect.objectContaining({
          field: 'media',
          message: expect.stringMatching(/^Poll image must be 1.91:1/),
        }),
      ])
    }

    const video = await localMedium(workDir, 'gate-1920x1100.mp4', mp4Of(1920, 1100, 3_000, 7))
    const vcId = await createDraft(
      app,
      'video_conversation_card',
      'Ratio VC',
      videoConversationCard('Ratio VC', video),
    )
    expect((await refusal(app, vcId)).issues).toEqual([
      expect.objectContaining({ field: 'video', message: expect.stringMatching(/must be 16:9/) }),
    ])
    expect(sandbox.created()).toEqual(before)
    expect(await app.jobs()).toEqual([])
  })

  it('follows the posting user’s tier from settings: 4,001 characters publish for a long-form user', async () => {
    const { app, profile } = await connectedApp('long-form')
    const postId = await createDraft(
      app,
      'post',
      'Long post',
      post(profile.userId, 'Long post', 'b'.repeat(4001)),
    )
    expect((await refusal(app, postId)).issues?.map((issue) => issue.field)).toEqual(['text'])

    // The tier is the posting user's, on whichever account (the premium demo user posts long-form).
    await app.call('settings.update', { postLengthLimits: { [`${profile.id}/${profile.userId}`]: 25000 } })
    const before = sandbox.created().posts
    await app.call('outbox.enqueue', { draftId: postId })
    await waitFor(async () => {
      const { job } = await app.call<{ job: OutboxJobView | null }>('outbox.status', { draftId: postId })
      return job?.state === 'published' ? job : undefined
    })
    expect(sandbox.created().posts - before).toBe(1)
  })
})
