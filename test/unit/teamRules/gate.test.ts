import { describe, expect, it } from 'vitest'
import { checkSnapshotRules } from '../../../src/main/publish/preflightRules'
import { checkDraftForPublish, publishErrors } from '../../../src/shared/creatives/publishGate'
import { emptyContent } from '../../../src/shared/creatives/content'
import type { PostContent } from '../../../src/shared/creatives/post'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft } from '../../../src/shared/drafts/envelope'
import { packOf } from '../rules/teamPacks/support'

// The gate main runs at enqueue and again in the preflight before a job's first network write:
// a team pack's error rule refuses, naming the rule and the pack; a warning rule does not.

const PACK = packOf(
  [
    { type: 'required_text', text: '#ad', kinds: ['post'] },
    { type: 'banned_words', words: ['cheap'], severity: 'warning' },
  ],
  'Disclosure',
)

const post = (text: string): Draft => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'post',
  name: 'Post',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
  status: 'draft',
  content: { ...emptyContent('post'), asUserId: '42', text } as PostContent,
})

const facts = {
  features: [],
  postLengthTier: 'standard' as const,
  weightedLength: (text: string) => text.length,
}

describe('team rules in main’s publish checks', () => {
  it('refuses a job whose draft breaks an error rule, before anything is sent', () => {
    const draft = post('Cheap spring')
    expect(checkSnapshotRules(draft, () => undefined, { ...facts, teamRules: [PACK] })).toEqual([
      {
        code: 'team_rule',
        message: 'Team rule · Disclosure: Post text must include “#ad”',
        draftId: draft.id,
        contentPath: ['text'],
      },
    ])
    expect(checkSnapshotRules(draft, () => undefined, facts)).toEqual([])
  })

  it('passes a warning rule, which the review lists', () => {
    const issues = checkDraftForPublish(post('Cheap spring #ad'), { ...facts, teamRules: [PACK] })
    expect(publishErrors(issues)).toEqual([])
    expect(issues.map((issue) => issue.message)).toContain(
      'Team rule · Disclosure: Post text uses “cheap”, which the team does not use',
    )
  })
})
