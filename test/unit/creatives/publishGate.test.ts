import { describe, expect, it } from 'vitest'
import type { LocalMediaRef } from '../../../src/shared/creatives/media'
import type { Draft, DraftKind } from '../../../src/shared/drafts/envelope'
import { loadPostLengthCounter } from '../../../src/shared/rules/postLength'
import {
  checkDraftForPublish,
  publishErrors,
  publishIssueField,
} from '../../../src/shared/creatives/publishGate'
import type { PublishContext } from '../../../src/shared/creatives/publishGate'
import { multiDestinationCard, pollCard, post, singleCard } from '../../integration/publish/fixtures'

const local = (seed: string, width = 1200, height = 628): LocalMediaRef => ({
  source: 'local',
  path: `/media/${seed}.png`,
  sha256: Buffer.from(seed).toString('hex').padEnd(64, '0'),
  mimeType: 'image/png',
  bytes: 100,
  width,
  height,
})

let n = 0
function draft(kind: DraftKind, content: unknown): Draft {
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
  }
}

const counter = await loadPostLengthCounter()
const standard: PublishContext = {
  postLengthTier: 'standard',
  weightedLength: (text) => counter(text, 4000).weightedLength,
  authenticatedUserId: '42',
}
const errorFields = (d: Draft, context: PublishContext = standard, others: Draft[] = []) =>
  publishErrors(
    checkDraftForPublish(d, { ...context, lookupDraft: (id) => others.find((o) => o.id === id) }),
  ).map((issue) => `${issue.code}@${publishIssueField(issue)}`)

describe('checkDraftForPublish', () => {
  it('refuses a post over its tier, with the text field named; long-form takes it', () => {
    const over = draft('post', post('42', 'Long', 'a'.repeat(4001)))
    expect(errorFields(over)).toEqual(['too_long@text'])
    expect(errorFields(over, { ...standard, postLengthTier: 'long_form' })).toEqual([])
    expect(errorFields(draft('post', post('42', 'At', 'a'.repeat(4000))))).toEqual([])
  })

  it('never guesses a post length: without a counter the text is an error', () => {
    const { weightedLength: _, ...withoutCounter } = standard
    expect(errorFields(draft('post', post('42', 'x', 'hello')), withoutCounter)).toEqual(['unchecked@text'])
  })

  it('poll media needs the feature once the features are known', () => {
    const poll = draft('poll_card', pollCard('Poll', ['A', 'B'], local('p1')))
    expect(errorFields(poll)).toEqual([])
    expect(errorFields(poll, { ...standard, features: [] })).toEqual(['needs_feature@media'])
    expect(errorFields(poll, { ...standard, features: ['PROMOTED_MEDIA_POLLS'] })).toEqual([])
  })

  it('rejects a 1200×640 poll image (outside the 1% tolerance of 1.91:1)', () => {
    const poll = draft('poll_card', pollCard('Poll', ['A', 'B'], local('p2', 1200, 640)))
    expect(errorFields(poll, { ...standard, features: ['PROMOTED_MEDIA_POLLS'] })).toEqual([
      'aspect_ratio@media',
    ])
  })

  it('a multi-destination card with one slide is an error', () => {
    const one = draft('card', multiDestinationCard('One', [local('s1')]))
    expect(errorFields(one)).toEqual(['too_few@slides'])
    expect(errorFields(draft('card', multiDestinationCard('Two', [local('s1'), local('s2')])))).toEqual([])
  })

  it('checks the card draft a post attaches, naming that draft', () => {
    const card = draft('card', { ...singleCard('Card', local('c1')), name: '' })
    const withCard = draft('post', post('42', 'p', 'hello', { cardDraftId: card.id }))
    const issues = publishErrors(checkDraftForPublish(withCard, { ...standard, lookupDraft: () => card }))
    expect(issues.map((issue) => [issue.draftId, publishIssueField(issue)])).toEqual([[card.id, 'name']])
    expect(issues[0]?.message).toMatch(/^The attached card "draft \d+": /)
    expect(errorFields(withCard, standard, [])).toEqual(['required@card'])
  })

  it('an unreadable draft is one error, not a crash', () => {
    expect(errorFields(draft('card', { nonsense: true }))).toEqual(['invalid_type@'])
  })
})
