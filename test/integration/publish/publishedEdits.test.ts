import { describe, expect, it } from 'vitest'
import type { HttpClient, HttpRequest } from '../../../src/main/api/http'
import type { CardContent } from '../../../src/shared/creatives/card'
import type { VideoConversationCardContent } from '../../../src/shared/creatives/videoConversationCard'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { useSandboxApps } from '../../support/sandboxApps'
import { image, multiDestinationCard, post, singleCard, video, videoConversationCard } from './fixtures'
import { createDraft, fastHttp, waitFor, type App, untilDraftJob } from './harness'

/**
 * Edits of published creatives (issue 9, "Published means read-only"), against the sandbox: the
 * edit the spec allows is queued through the outbox and sent once as an update; the platform and
 * the local draft then hold the new values. An edit the rules refuse sends nothing at all.
 */

const apps = useSandboxApps('published edits test')

/** The ads host's path prefix, as the sandbox serves it. */
const adsPath = () => new URL(apps.sandbox.adsUrl).pathname.replace(/\/$/, '')

/** Every request the app sends, as method and path, recorded before it leaves. */
function recordingHttp(sent: { method: string; path: string; request: HttpRequest }[]): HttpClient {
  const inner = fastHttp()
  const record = (request: HttpRequest) =>
    sent.push({ method: request.method, path: new URL(request.url).pathname, request })
  return {
    exchange: (request) => (record(request), inner.exchange(request)),
    send: (request) => (record(request), inner.send(request)),
    clockOffsetMs: () => inner.clockOffsetMs(),
  }
}

async function connectedApp(name: string) {
  const sent: { method: string; path: string; request: HttpRequest }[] = []
  const { app, profile } = await apps.connected(name, { http: recordingHttp(sent) })
  return { app, profile, sent }
}

async function publish(app: App, draftId: string) {
  await app.call('outbox.enqueue', { draftId })
  await untilDraftJob(app, draftId, 'published')
  return app.call<{ status: string; published: { cardId?: string; postId?: string }; content: unknown }>(
    'drafts.get',
    { id: draftId },
  )
}

const finished = (app: App, jobId: string) =>
  waitFor(async () => {
    const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId })).job
    return job.state === 'done' || job.state === 'failed' ? job : undefined
  })

/** The refusal the dispatcher forwards, as the renderer receives it. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as { code: string; message: string; field?: string; issues?: { field: string }[] }
  }
  throw new Error('The edit was accepted')
}

describe('editing a published component card', () => {
  it('sends the new name and component text once as a card update, keeping the uploaded media', async () => {
    const { app, profile, sent } = await connectedApp('card')
    const media = await image(app.media(apps.workDir), 'edit-card')
    const draftId = await createDraft(app, 'card', 'Spring card', singleCard('Spring card', media))
    const published = await publish(app, draftId)
    const cardId = published.published.cardId!
    const stored = () =>
      apps.sandbox.list('cards').find((card) => card.id === cardId) as Record<string, unknown>
    const mediaKey = (stored().components as { media_key?: string }[])[0]!.media_key
    expect(mediaKey).toMatch(/^[0-9]+_[0-9]+$/)

    const content = structuredClone(published.content) as CardContent
    content.name = 'Summer card'
    const detailsIndex = content.components.findIndex((c) => c.type === 'DETAILS')
    const details = content.components[detailsIndex]
    if (details?.type !== 'DETAILS') throw new Error('the fixture has a DETAILS component')
    details.title = 'Shop the summer range'
    sent.length = 0

    const { job } = await app.call<{ job: OutboxJobView }>('published.updateCard', {
      profileId: profile.id,
      draftId,
      content,
    })
    expect(job.area).toBe('published')
    const done = await finished(app, job.id)
    expect(done.state).toBe('done')

    const puts = sent.filter((request) => request.method === 'PUT')
    expect(puts.map((request) => request.path)).toEqual([
      `${adsPath()}/12/accounts/${job.accountId}/cards/${cardId}`,
    ])
    expect(puts[0]!.request.body).toMatchObject({ kind: 'json' })
    const body = (puts[0]!.request.body as { value: Record<string, unknown> }).value
    expect(Object.keys(body).sort()).toEqual(['components', 'name'])
    expect(stored().name).toBe('Summer card')
    expect(stored().components).toEqual([
      { type: 'MEDIA', media_key: mediaKey },
      {
        type: 'DETAILS',
        title: 'Shop the summer range',
        destination: { type: 'WEBSITE', url: 'https://example.com/offer' },
      },
    ])
    // Nothing new was created on the platform: the same card, updated.
    expect(apps.sandbox.list('cards').filter((card) => card.id === cardId)).toHaveLength(1)

    const local = await app.call<{ name: string; status: string; content: CardContent }>('drafts.get', {
      id: draftId,
    })
    expect(local).toMatchObject({ name: 'Summer card', status: 'published' })
    expect(local.content.name).toBe('Summer card')
  })

  it('sends a BUTTON component’s new label and app link as a card update', async () => {
    const { app, profile, sent } = await connectedApp('app-card')
    const base = singleCard('App card', await image(app.media(apps.workDir), 'app-card'))
    const appCard: CardContent = {
      ...base,
      components: [
        base.components[0]!,
        {
          id: 'b',
          type: 'BUTTON',
          label: 'INSTALL',
          destination: {
            type: 'APP',
            countryCode: 'US',
            androidStoreAppId: '',
            iosAppStoreIdentifier: '333903271',
            androidStoreDeepLink: '',
            iosDeepLink: '',
          },
        },
      ],
    }
    const draftId = await createDraft(app, 'card', 'App card', appCard)
    const published = await publish(app, draftId)
    const cardId = published.published.cardId!
    const content = structuredClone(published.content) as CardContent
    const button = content.components[1]
    if (button?.type !== 'BUTTON') throw new Error('the fixture has a BUTTON component')
    button.label = 'OPEN'
    button.destination.iosDeepLink = 'example://spring'
    sent.length = 0

    const { job } = await app.call<{ job: OutboxJobView }>('published.updateCard', {
      profileId: profile.id,
      draftId,
      content,
    })
    expect((await finished(app, job.id)).state).toBe('done')
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1)
    const stored = apps.sandbox.list('cards').find((card) => card.id === cardId) as Record<string, unknown>
    expect((stored.components as Record<string, unknown>[])[1]).toMatchObject({
      type: 'BUTTON',
      label: { type: 'ENUM', value: 'OPEN' },
      destination: { type: 'APP', ios_deep_link: 'example://spring' },
    })
  })

  it('sends only the name when only the name changed', async () => {
    const { app, profile, sent } = await connectedApp('card-name')
    const draftId = await createDraft(
      app,
      'card',
      'Name card',
      singleCard('Name card', await image(app.media(apps.workDir), 'name-card')),
    )
    const published = await publish(app, draftId)
    const content = { ...(published.content as CardContent), name: 'Renamed card' }
    sent.length = 0
    const { job } = await app.call<{ job: OutboxJobView }>('published.updateCard', {
      profileId: profile.id,
      draftId,
      content,
    })
    expect((await finished(app, job.id)).state).toBe('done')
    const puts = sent.filter((request) => request.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect((puts[0]!.request.body as { value: unknown }).value).toEqual({ name: 'Renamed card' })
    // The card is read again just before the update (issue 42): what changed there is caught.
    const reads = sent.filter((request) => request.method === 'GET' && request.path.includes('/cards/'))
    expect(reads.length).toBeGreaterThan(0)
    expect(sent.indexOf(reads[reads.length - 1]!)).toBeLessThan(sent.indexOf(puts[0]!))
  })

  it('refuses a name over the limit and a changed medium in main, before anything is sent', async () => {
    const { app, profile, sent } = await connectedApp('card-invalid')
    const draftId = await createDraft(
      app,
      'card',
      'Strict card',
      singleCard('Strict card', await image(app.media(apps.workDir), 'strict-card')),
    )
    const published = await publish(app, draftId)
    const jobsBefore = (await app.jobs()).length
    sent.length = 0

    const tooLong = { ...(published.content as CardContent), name: 'x'.repeat(81) }
    const long = await refusal(
      app.call('published.updateCard', { profileId: profile.id, draftId, content: tooLong }),
    )
    expect(long).toMatchObject({ code: 'invalid_input', field: 'name' })
    expect(long.issues?.map((issue) => issue.field)).toEqual(['name'])
    expect(long.message).toMatch(/80/)

    const otherMedia = structuredClone(published.content) as CardContent
    otherMedia.components[0] = {
      ...otherMedia.components[0]!,
      type: 'MEDIA',
      media: await image(app.media(apps.workDir), 'another-picture'),
    }
    const media = await refusal(
      app.call('published.updateCard', { profileId: profile.id, draftId, content: otherMedia }),
    )
    expect(media).toMatchObject({ code: 'invalid_input', field: 'components.0' })
    expect(media.message).toMatch(/media of a published card stays as published/)

    const unchanged = await refusal(
      app.call('published.updateCard', { profileId: profile.id, draftId, content: published.content }),
    )
    expect(unchanged.message).toMatch(/Nothing changed/)

    expect(sent).toEqual([])
    expect(await app.jobs()).toHaveLength(jobsBefore)
  })
})

describe('editing a published multi-destination card', () => {
  it('replaces the slides with the edited headline, each slide keeping its uploaded media; a removed slide is refused', async () => {
    const { app, profile, sent } = await connectedApp('slides')
    const media = [
      await image(app.media(apps.workDir), 'slide-a'),
      await image(app.media(apps.workDir), 'slide-b'),
    ]
    const draftId = await createDraft(app, 'card', 'Slides', multiDestinationCard('Slides', media))
    const published = await publish(app, draftId)
    const cardId = published.published.cardId!
    const stored = () =>
      apps.sandbox.list('cards').find((card) => card.id === cardId) as Record<string, unknown>
    const keys = (stored().slides as { media_key?: string }[][]).map((slide) => slide[0]!.media_key)
    sent.length = 0

    const fewer = structuredClone(published.content) as CardContent
    fewer.slides = fewer.slides.slice(0, 1)
    const refused = await refusal(
      app.call('published.updateCard', { profileId: profile.id, draftId, content: fewer }),
    )
    expect(refused).toMatchObject({ code: 'invalid_input', field: 'slides' })
    expect(sent).toEqual([])

    const content = structuredClone(published.content) as CardContent
    const details = content.slides[1]!.components[1]
    if (details?.type !== 'DETAILS') throw new Error('the fixture has a DETAILS component')
    details.title = 'Second look'
    const { job } = await app.call<{ job: OutboxJobView }>('published.updateCard', {
      profileId: profile.id,
      draftId,
      content,
    })
    expect((await finished(app, job.id)).state).toBe('done')
    const put = sent.filter((request) => request.method === 'PUT')
    expect(put).toHaveLength(1)
    const body = (put[0]!.request.body as { value: { slides: { media_key?: string; title?: string }[][] } })
      .value
    expect(Object.keys(body)).toEqual(['slides'])
    expect(body.slides.map((slide) => slide[0]!.media_key)).toEqual(keys)
    const slides = stored().slides as { title?: string }[][]
    expect(slides.map((slide) => slide[1]!.title)).toEqual(['Slide 1', 'Second look'])
  })
})

describe('editing a published video conversation card', () => {
  it('sends only the changed fields once in its PUT, and clears an emptied optional field', async () => {
    const { app, profile, sent } = await connectedApp('vcc')
    const draftId = await createDraft(
      app,
      'video_conversation_card',
      'Vote card',
      videoConversationCard('Vote card', await video(app.media(apps.workDir), 7)),
    )
    const published = await publish(app, draftId)
    const cardId = published.published.cardId!
    const content = structuredClone(published.content) as VideoConversationCardContent
    content.name = 'Vote card, final'
    content.thankYouText = 'Thanks, counted!'
    content.thankYouUrl = ''
    sent.length = 0

    const { job } = await app.call<{ job: OutboxJobView }>('published.updateVideoConversationCard', {
      profileId: profile.id,
      draftId,
      content,
    })
    expect((await finished(app, job.id)).state).toBe('done')
    const puts = sent.filter((request) => request.method === 'PUT')
    expect(puts.map((request) => request.path)).toEqual([
      `${adsPath()}/12/accounts/${job.accountId}/cards/video_conversation/${cardId}`,
    ])
    expect(puts[0]!.request.query).toEqual({
      name: 'Vote card, final',
      thank_you_text: 'Thanks, counted!',
      thank_you_url: '',
    })
    const stored = apps.sandbox.list('video_conversation_cards').find((card) => card.id === cardId)
    expect(stored).toMatchObject({
      name: 'Vote card, final',
      thank_you_text: 'Thanks, counted!',
      thank_you_url: null,
      title: 'Pick a side',
    })
    const local = await app.call<{ name: string; content: VideoConversationCardContent }>('drafts.get', {
      id: draftId,
    })
    expect(local.name).toBe('Vote card, final')
    expect(local.content.thankYouText).toBe('Thanks, counted!')
  })

  it('refuses a thank-you text over 23 characters with its field, sending nothing', async () => {
    const { app, profile, sent } = await connectedApp('vcc-invalid')
    const draftId = await createDraft(
      app,
      'video_conversation_card',
      'Strict vote',
      videoConversationCard('Strict vote', await video(app.media(apps.workDir), 8)),
    )
    const published = await publish(app, draftId)
    sent.length = 0
    const content = {
      ...(published.content as VideoConversationCardContent),
      thankYouText: 'Thank you so much for voting!',
    }
    const refused = await refusal(
      app.call('published.updateVideoConversationCard', { profileId: profile.id, draftId, content }),
    )
    expect(refused).toMatchObject({ code: 'invalid_input', field: 'thankYouText' })
    expect(sent).toEqual([])
  })
})

describe('renaming a published post', () => {
  it('sends PUT posts/:id/name once; an over-long name is refused without a request', async () => {
    const { app, profile, sent } = await connectedApp('post')
    const draftId = await createDraft(
      app,
      'post',
      'Launch post',
      post(profile.userId, 'Launch post', 'Our launch is here'),
    )
    const published = await publish(app, draftId)
    const postId = published.published.postId!
    sent.length = 0

    const long = await refusal(
      app.call('published.renamePost', { profileId: profile.id, draftId, name: 'n'.repeat(81) }),
    )
    expect(long).toMatchObject({ code: 'invalid_input', field: 'name' })
    expect(sent).toEqual([])

    const { job } = await app.call<{ job: OutboxJobView }>('published.renamePost', {
      profileId: profile.id,
      draftId,
      name: 'Launch post (spring)',
    })
    expect((await finished(app, job.id)).state).toBe('done')
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT ${adsPath()}/12/accounts/${job.accountId}/posts/${postId}/name`,
    ])
    const stored = apps.sandbox.list('posts').find((p) => p.id === postId)
    expect(stored?.name).toBe('Launch post (spring)')
    const local = await app.call<{ name: string; content: { name: string; text: string } }>('drafts.get', {
      id: draftId,
    })
    expect(local.name).toBe('Launch post (spring)')
    expect(local.content).toMatchObject({ name: 'Launch post (spring)', text: 'Our launch is here' })
  })
})

describe('a lost answer to an update', () => {
  it('sends the same PUT again and ends with one updated card and the local draft updated', async () => {
    const { app, profile, sent } = await connectedApp('vcc-lost')
    const draftId = await createDraft(
      app,
      'video_conversation_card',
      'Lost vote',
      videoConversationCard('Lost vote', await video(app.media(apps.workDir), 9)),
    )
    const published = await publish(app, draftId)
    const cardId = published.published.cardId!
    const cardsBefore = apps.sandbox.list('video_conversation_cards').length
    sent.length = 0
    apps.sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^PUT .*/cards/video_conversation/' })
    try {
      const content = { ...(published.content as VideoConversationCardContent), title: 'Pick one' }
      const { job } = await app.call<{ job: OutboxJobView }>('published.updateVideoConversationCard', {
        profileId: profile.id,
        draftId,
        content,
      })
      // The platform applies the update but its answer is lost; then it answers again.
      await waitFor(async () => (apps.sandbox.faultCounts().drops > 0 ? true : undefined))
      apps.sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
      expect((await finished(app, job.id)).state).toBe('done')
    } finally {
      apps.sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    }
    // One update, whose lost answer the client sent again as the same request (a PUT replaces,
    // so a second arrival changes nothing more); the platform saw it more than once.
    const puts = sent.filter((request) => request.method === 'PUT')
    expect(puts).toHaveLength(1)
    expect(puts[0]!.request.query).toEqual({ title: 'Pick one' })
    expect(apps.sandbox.faultCounts().drops).toBeGreaterThanOrEqual(1)
    expect(apps.sandbox.list('video_conversation_cards')).toHaveLength(cardsBefore)
    expect(apps.sandbox.list('video_conversation_cards').find((card) => card.id === cardId)?.title).toBe(
      'Pick one',
    )
    const local = await app.call<{ content: VideoConversationCardContent }>('drafts.get', { id: draftId })
    expect(local.content.title).toBe('Pick one')
  })
})
