import { describe, expect, it } from 'vitest'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import type { IpcError } from '../../../src/shared/ipc/result'
import { localMedium, mp4Of } from '../../support/mediaFixtures'
import { useSandboxApps } from '../../support/sandboxApps'
import { image, multiDestinationCard, pollCard, post, videoConversationCard } from './fixtures'
import { createDraft, waitFor, type App } from './harness'

// The publish gate in main: outbox.enqueue called straight through the dispatcher, as a
// compromised or buggy renderer could, refuses a draft with errors and sends nothing.

const apps = useSandboxApps('publish gate test', { port: 0, limits: { videoProcessingMs: 20 } })
const connectedApp = (name: string) => apps.connected(name)

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
    const before = apps.sandbox.created()
    const pollImage = await image(apps.workDir, 'gate-poll')
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
    expect(apps.sandbox.created()).toEqual(before)
    expect(await app.jobs()).toEqual([])
    const draft = await app.call<{ status: string }>('drafts.get', { id: postId })
    expect(draft.status).toBe('draft')
  })

  it('refuses a one-slide multi-destination card and a 1200×640 poll image', async () => {
    const { app } = await connectedApp('structure')
    const before = apps.sandbox.created()
    const slide = await image(apps.workDir, 'gate-slide')
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
      const wide = await image(apps.workDir, `gate-${width}x${height}`, width, height)
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

    const video = await localMedium(apps.workDir, 'gate-1280x760.mp4', mp4Of(1280, 760, 3_000, 7))
    const vcId = await createDraft(
      app,
      'video_conversation_card',
      'Ratio VC',
      videoConversationCard('Ratio VC', video),
    )
    expect((await refusal(app, vcId)).issues).toEqual([
      expect.objectContaining({ field: 'video', message: expect.stringMatching(/must be 16:9/) }),
    ])
    expect(apps.sandbox.created()).toEqual(before)
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
    const before = apps.sandbox.created().posts
    await app.call('outbox.enqueue', { draftId: postId })
    await waitFor(async () => {
      const { job } = await app.call<{ job: OutboxJobView | null }>('outbox.status', { draftId: postId })
      return job?.state === 'published' ? job : undefined
    })
    expect(apps.sandbox.created().posts - before).toBe(1)
  })
})
