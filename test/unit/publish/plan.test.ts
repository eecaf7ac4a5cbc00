import { describe, expect, it } from 'vitest'
import { buildPlan, localMediaOf, mediaCategoryFor, type PlanInput } from '../../../src/main/publish/plan'
import { loadPostLengthCounter } from '../../../src/shared/rules/postLength'
import type { Draft, DraftKind } from '../../../src/shared/drafts/envelope'
import type { LocalMediaRef } from '../../../src/shared/creatives/media'
import {
  carouselCard,
  mediaLibrary,
  pollCard,
  post,
  singleCard,
  videoConversationCard,
} from '../../integration/publish/fixtures'

const local = (name: string, mimeType = 'image/png', width = 1200, height = 628): LocalMediaRef => ({
  source: 'local',
  path: `/media/${name}`,
  sha256: name
    .padEnd(64, '0')
    .replace(/[^0-9a-f]/g, 'a')
    .slice(0, 64),
  mimeType,
  bytes: 100,
  width,
  height,
})

let n = 0
function draft(kind: DraftKind, content: unknown, extra: Partial<Draft> = {}): Draft {
  n += 1
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind,
    name: `draft ${n}`,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    schemaVersion: 2,
    status: 'draft',
    content,
    ...extra,
  }
}

const countLength = await loadPostLengthCounter()
const plan = (d: Draft, others: Draft[] = [], publish: Partial<PlanInput['publish']> = {}) =>
  buildPlan({
    draft: d,
    lookupDraft: (id) => others.find((o) => o.id === id),
    accountId: 'acc',
    userId: '42',
    publish: {
      postLengthTier: 'standard',
      weightedLength: (text) => countLength(text, 25000).weightedLength,
      ...publish,
    },
  })
const kinds = (d: Draft, others: Draft[] = [], publish: Partial<PlanInput['publish']> = {}) =>
  plan(d, others, publish).steps.map((s) => s.kind)

describe('planning', () => {
  it('uploads and adds each local medium once, then creates the card', () => {
    const a = local('a1'),
      b = local('b2')
    expect(kinds(draft('card', singleCard('One', a)))).toEqual(['upload', 'library', 'card'])
    expect(kinds(draft('card', carouselCard('Two', [a, b, a].slice(0, 2))))).toEqual([
      'upload',
      'library',
      'upload',
      'library',
      'card',
    ])
    const steps = plan(draft('card', carouselCard('Same', [a, a]))).steps
    expect(steps.filter((s) => s.kind === 'upload')).toHaveLength(1)
  })

  it('plans polls, video conversation cards and media library drafts', () => {
    expect(kinds(draft('poll_card', pollCard('Poll', ['A', 'B'])))).toEqual(['card'])
    expect(
      kinds(
        draft('video_conversation_card', videoConversationCard('VC', local('c3', 'video/mp4', 1280, 720))),
      ),
    ).toEqual(['upload', 'library', 'card'])
    const withPoster = { ...mediaLibrary('Lib', local('d4', 'video/mp4', 1280, 720)), poster: local('e5') }
    const steps = plan(draft('media_library', withPoster)).steps
    // The poster is uploaded and added first; the draft's own medium carries the draft's fields.
    expect(
      steps.map((s) => [s.kind, 'sha256' in s ? s.sha256.slice(0, 2) : '', 'draftId' in s ? 'own' : '']),
    ).toEqual([
      ['upload', 'e5', ''],
      ['library', 'e5', ''],
      ['upload', 'd4', ''],
      ['library', 'd4', 'own'],
    ])
    expect(steps[2]).toMatchObject({ mediaCategory: 'POST_VIDEO', fileName: 'd4' })
    // ADS_VIDEO, chosen on upload, is the category the video is uploaded with (it becomes PREROLL media).
    const ads = plan(draft('media_library', { ...withPoster, mediaCategory: 'ADS_VIDEO' })).steps
    expect(ads[2]).toMatchObject({ mediaCategory: 'ADS_VIDEO' })
    expect(ads[0]).toMatchObject({ mediaCategory: 'POST_IMAGE' })
    expect(() =>
      plan(draft('media_library', { ...mediaLibrary('Img', local('c3')), mediaCategory: 'ADS_VIDEO' })),
    ).toThrow(/videos only/)
  })

  it("includes an unpublished card draft's steps in a post, and reuses a published one", () => {
    const card = draft('card', singleCard('Card', local('f6')))
    const p = draft('post', post('42', 'Post', 'Hi', { media: [local('a7')], cardDraftId: card.id }))
    expect(kinds(p, [card])).toEqual(['upload', 'library', 'card', 'upload', 'library', 'post'])
    const published = {
      ...card,
      status: 'published' as const,
      published: { accountId: 'acc', cardUri: 'card://9', cardId: '9' },
    }
    const reused = plan(p, [published])
    expect(reused.steps.map((s) => s.kind)).toEqual(['upload', 'library', 'post'])
    expect(reused.publishedCards).toEqual({ [card.id]: 'card://9' })
    // Published on another account: it has to be created on this one.
    const elsewhere = { ...published, published: { ...published.published, accountId: 'other' } }
    expect(kinds(p, [elsewhere])).toContain('card')
  })

  it('refuses a draft with errors, naming the first error and its field', () => {
    const bad = draft('poll_card', pollCard('Poll', ['A', 'x'.repeat(30)]))
    expect(() => plan(bad)).toThrow(expect.objectContaining({ code: 'invalid_input', field: 'choices.1' }))
    const badCard = draft('card', { ...singleCard('', local('b8')) })
    const p = draft('post', post('42', 'Post', 'Hi', { cardDraftId: badCard.id }))
    expect(() => plan(p, [badCard])).toThrow(expect.objectContaining({ field: 'card' }))
    expect(() => plan(draft('post', post('42', 'Post', 'Hi', { cardDraftId: 'missing' })))).toThrow(
      /no longer exists/,
    )
  })

  it('lists every error with its field path and draft', () => {
    const bad = draft('poll_card', { ...pollCard('', ['A', 'x'.repeat(30)]), durationInMinutes: 1 })
    let thrown: unknown
    try {
      plan(bad)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toMatchObject({ code: 'invalid_input', message: /^3 problems to fix before publishing/ })
    const issues = (thrown as { issues: { field: string; draftId: string }[] }).issues
    expect(issues.map((issue) => issue.field).sort()).toEqual(['choices.1', 'durationInMinutes', 'name'])
    expect(new Set(issues.map((issue) => issue.draftId))).toEqual(new Set([bad.id]))
  })

  it('checks post text against the account tier: 4,001 is refused on standard, taken on long-form', () => {
    const long = draft('post', post('42', 'Post', 'a'.repeat(4001)))
    expect(() => plan(long)).toThrow(expect.objectContaining({ field: 'text' }))
    expect(kinds(long, [], { postLengthTier: 'long_form' })).toEqual(['post'])
  })

  it('refuses poll media on an account known to lack PROMOTED_MEDIA_POLLS', () => {
    const poll = draft('poll_card', pollCard('Poll', ['A', 'B'], local('f1')))
    expect(() => plan(poll, [], { features: [] })).toThrow(expect.objectContaining({ field: 'media' }))
    expect(kinds(poll, [], { features: ['PROMOTED_MEDIA_POLLS'] })).toEqual(['upload', 'library', 'card'])
  })

  it('finds local media anywhere in content and picks upload categories by type', () => {
    expect(localMediaOf({ deep: [{ x: local('c9') }, { media: local('c9') }] })).toHaveLength(1)
    expect([
      mediaCategoryFor('image/png'),
      mediaCategoryFor('image/gif'),
      mediaCategoryFor('video/mp4'),
    ]).toEqual(['POST_IMAGE', 'POST_GIF', 'POST_VIDEO'])
  })
})
