import { describe, expect, it } from 'vitest'
import { cardStateOf } from '../../../src/main/published/cardState'
import type { Draft } from '../../../src/shared/drafts/envelope'
import type { PublishedCardState } from '../../../src/shared/ipc/contracts/published'
import { useSandboxApps } from '../../support/sandboxApps'
import { pollCard, video, videoConversationCard } from './fixtures'
import { createDraft, untilDraftJob, type App } from './harness'

/**
 * A published poll or video conversation card read back from the platform when its draft opens
 * (GET cards/poll/:id, B:99; GET cards/video_conversation/:id, B:130), against the sandbox: still
 * there or not, a poll's voting window, and the text someone changed elsewhere.
 */

const apps = useSandboxApps('published card state test')

async function published(app: App, kind: 'poll_card' | 'video_conversation_card', content: unknown) {
  const draftId = await createDraft(app, kind, (content as { name: string }).name, content)
  await app.call('outbox.enqueue', { draftId })
  await untilDraftJob(app, draftId, 'published')
  const draft = await app.call<{ published: { cardId: string; accountId: string } }>('drafts.get', {
    id: draftId,
  })
  return { draftId, cardId: draft.published.cardId, accountId: draft.published.accountId }
}

describe('published.cardState', () => {
  it('reads a published poll: voting open until its end; then deleted on the platform', async () => {
    const { app, profile } = await apps.connected('poll')
    const { draftId, cardId } = await published(app, 'poll_card', pollCard('Lunch poll', ['Soup', 'Salad']))
    const stored = apps.sandbox.list('poll_cards').find((card) => card.id === cardId)!

    const state = await app.call<PublishedCardState>('published.cardState', {
      profileId: profile.id,
      draftId,
    })
    expect(state).toMatchObject({
      state: 'live',
      cardId,
      voting: { endsAt: stored.end_time, open: true },
      changes: [],
    })

    apps.sandbox.outsideChange({ kind: 'poll_cards', action: 'delete', id: cardId })
    const deleted = await app.call<PublishedCardState>('published.cardState', {
      profileId: profile.id,
      draftId,
    })
    expect(deleted).toMatchObject({ state: 'deleted', cardId, changes: [] })
    expect(deleted.voting).toBeUndefined()
  })

  it('names the text fields of a video conversation card changed on the platform, with their values now', async () => {
    const { app, profile } = await apps.connected('conversation')
    const clip = await video(app.media(apps.workDir), 7)
    const { draftId, cardId } = await published(
      app,
      'video_conversation_card',
      videoConversationCard('Red or blue', clip),
    )
    const read = () => app.call<PublishedCardState>('published.cardState', { profileId: profile.id, draftId })
    expect(await read()).toMatchObject({ state: 'live', changes: [] })

    apps.sandbox.outsideChange({
      kind: 'video_conversation_cards',
      action: 'edit',
      id: cardId,
      fields: { title: 'Pick one now', thank_you_text: 'Merci' },
    })
    const changed = await read()
    expect(changed.state).toBe('live')
    expect(changed.changes).toEqual([
      { field: 'title', label: 'Title', now: 'Pick one now' },
      { field: 'thank_you_text', label: 'Thank-you text', now: 'Merci' },
    ])
  })

  it('refuses a draft that is not published, and a kind it does not read back', async () => {
    const { app, profile } = await apps.connected('refusals')
    const unpublished = await createDraft(app, 'poll_card', 'Not yet', pollCard('Not yet', ['A', 'B']))
    await expect(
      app.call('published.cardState', { profileId: profile.id, draftId: unpublished }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'This card is not published yet — publish it, then its platform state shows here',
    })
    const post = await app.call<{ id: string }>('drafts.create', { kind: 'post', name: 'A post' })
    await expect(
      app.call('published.cardState', { profileId: profile.id, draftId: post.id }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })
})

describe('cardStateOf', () => {
  const draft = (kind: Draft['kind'], content: unknown): Draft =>
    ({ id: 'd', kind, name: 'n', status: 'published', content }) as unknown as Draft
  const NOW = Date.parse('2026-12-07T12:00:00Z')

  it('says a poll whose end has passed is closed, and a card not found is missing', () => {
    const poll = draft('poll_card', pollCard('p', ['a', 'b']))
    expect(cardStateOf(poll, '1', { id: '1', end_time: '2026-12-07T11:59:59Z' }, NOW).voting).toEqual({
      endsAt: '2026-12-07T11:59:59Z',
      open: false,
    })
    expect(cardStateOf(poll, '1', { id: '1', end_time: '2026-12-07T12:00:01Z' }, NOW).voting?.open).toBe(true)
    expect(cardStateOf(poll, '1', undefined, NOW)).toEqual({
      state: 'missing',
      readAt: '2026-12-07T12:00:00.000Z',
      cardId: '1',
      changes: [],
    })
  })

  it('reads an unset optional field sent as null as empty, and skips fields the platform does not send', () => {
    const content = videoConversationCard('Red or blue', { source: 'library', mediaKey: '3_1' } as never)
    const card = draft('video_conversation_card', { ...content, thankYouUrl: '' })
    const state = cardStateOf(
      card,
      '1',
      { id: '1', name: 'Red or blue', title: 'Pick a side', thank_you_url: null, second_cta: '#TeamGreen' },
      NOW,
    )
    expect(state.changes).toEqual([
      { field: 'second_cta', label: 'Hashtag of the second option', now: '#TeamGreen' },
    ])
  })
})
