import { describe, expect, it } from 'vitest'
import { CURRENT_DRAFT_SCHEMA_VERSION, draftSchema } from '../../../src/shared/drafts/envelope'
import type { ContentValidator } from '../../../src/shared/drafts/envelope'
import { DRAFT_MIGRATIONS, restoreDraft } from '../../../src/shared/drafts/migrations'

const ID = '3f0e6a52-8c1d-4c59-9a43-2b6f1c0d7e11'

function v1Draft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 1,
    id: ID,
    kind: 'tweet',
    title: 'Spring launch',
    created: Date.UTC(2025, 2, 1, 9, 30),
    modified: Date.UTC(2025, 2, 2, 10, 0),
    state: 'sent',
    content: { text: 'Hello spring', media: [{ mediaKey: '3_123' }] },
    remote: { tweet_id: 1234567890123, account_id: 'abc1', bogus: true },
    ...overrides,
  }
}

function v2Draft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: ID,
    kind: 'card',
    name: 'Card',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    schemaVersion: 2,
    status: 'draft',
    content: { components: [] },
    ...overrides,
  }
}

describe('draft migrations', () => {
  it('has a migration for every version below the current one', () => {
    for (let version = 1; version < CURRENT_DRAFT_SCHEMA_VERSION; version++) {
      expect(DRAFT_MIGRATIONS[version], `migration from v${version}`).toBeTypeOf('function')
    }
  })

  it('upgrades a version 1 draft: renamed fields, epoch times, states, kinds and remote ids', () => {
    const result = restoreDraft(v1Draft())
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.migratedFrom).toBe(1)
    expect(result.draft).toEqual({
      id: ID,
      kind: 'post',
      name: 'Spring launch',
      createdAt: '2025-03-01T09:30:00.000Z',
      updatedAt: '2025-03-02T10:00:00.000Z',
      schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
      status: 'published',
      content: { text: 'Hello spring', media: [{ mediaKey: '3_123' }] },
      published: { postId: '1234567890123', accountId: 'abc1' },
    })
    expect(draftSchema.safeParse(result.draft).success).toBe(true)
  })

  it.each([
    ['editing', 'draft'],
    ['ready', 'queued'],
    ['sending', 'publishing'],
    ['sent', 'published'],
    ['error', 'failed'],
  ])('maps v1 state %s to status %s', (state, status) => {
    const result = restoreDraft(v1Draft({ state, remote: undefined }))
    expect(result.ok && result.draft.status).toBe(status)
  })

  it.each([
    ['card', 'card'],
    ['poll', 'poll_card'],
    ['video_conversation', 'video_conversation_card'],
    ['tweet', 'post'],
    ['media', 'media_library'],
  ])('maps v1 kind %s to %s', (kind, expected) => {
    const result = restoreDraft(v1Draft({ kind }))
    expect(result.ok && result.draft.kind).toBe(expected)
  })

  it('treats a prototype file without any version field as version 1', () => {
    const { version: _version, ...unversioned } = v1Draft()
    const result = restoreDraft(unversioned)
    expect(result.ok && result.migratedFrom).toBe(1)
  })

  it('does not mutate its input', () => {
    const input = v1Draft()
    const snapshot = structuredClone(input)
    restoreDraft(input)
    expect(input).toEqual(snapshot)
  })

  it('returns a current draft unchanged with no repairs', () => {
    const result = restoreDraft(v2Draft())
    expect(result).toEqual({ ok: true, draft: v2Draft(), repairs: [] })
  })

  it('repairs what it can and says what it did', () => {
    const result = restoreDraft(
      v2Draft({
        name: 42,
        status: 'archived',
        updatedAt: 'yesterday',
        extra: 1,
        published: { postId: 9, x: 'y' },
      }),
    )
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.draft.name).toBe('Untitled card')
    expect(result.draft.status).toBe('draft')
    expect(result.draft.updatedAt).toBe('2026-01-01T00:00:00.000Z')
    expect(result.draft.published).toEqual({ postId: '9' })
    expect(result.draft).not.toHaveProperty('extra')
    expect(result.repairs).toEqual(
      expect.arrayContaining([
        'dropped unknown field "extra"',
        'missing name replaced',
        'unknown status "archived" reset to "draft"',
        'updatedAt repaired',
        'published ids repaired',
      ]),
    )
  })

  it('falls back to the given time when a draft has no timestamps at all', () => {
    const result = restoreDraft(v2Draft({ createdAt: undefined, updatedAt: undefined }), {
      fallbackTime: '2026-05-05T05:05:05.000Z',
    })
    expect(result.ok && [result.draft.createdAt, result.draft.updatedAt]).toEqual([
      '2026-05-05T05:05:05.000Z',
      '2026-05-05T05:05:05.000Z',
    ])
  })

  it('converts epoch-millisecond timestamps in a current draft', () => {
    const result = restoreDraft(v2Draft({ createdAt: Date.UTC(2026, 0, 3) }))
    expect(result.ok && result.draft.createdAt).toBe('2026-01-03T00:00:00.000Z')
    expect(result.ok && result.repairs).toEqual(['createdAt repaired'])
  })

  it.each([
    ['a string', 'hello', 'not_an_object'],
    ['an array', [1, 2], 'not_an_object'],
    ['null', null, 'not_an_object'],
    ['an object with no version', { foo: 1 }, 'unknown_version'],
    ['version 0', { schemaVersion: 0 }, 'unknown_version'],
    ['a fractional version', { schemaVersion: 1.5 }, 'unknown_version'],
    ['a bad id', v2Draft({ id: 'not-a-uuid' }), 'invalid_draft'],
    ['an unknown kind', v2Draft({ kind: 'banner' }), 'invalid_draft'],
    ['no content', v2Draft({ content: undefined }), 'invalid_draft'],
    [
      'no timestamps and no fallback',
      v2Draft({ createdAt: undefined, updatedAt: undefined }),
      'invalid_draft',
    ],
  ])('rejects %s with a typed error', (_label, input, code) => {
    const result = restoreDraft(input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe(code)
    expect(result.error.message.length).toBeGreaterThan(10)
  })

  it('reports a draft from a newer app version as such', () => {
    const result = restoreDraft(v2Draft({ schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION + 1 }))
    expect(result).toMatchObject({ ok: false, error: { code: 'future_version', version: 3 } })
  })

  it('runs the content validator and applies its normalised content', () => {
    const validateContent: ContentValidator = (kind, content) =>
      kind === 'card' && typeof content === 'object' && content !== null
        ? { ok: true, content: { ...content, normalised: true } }
        : { ok: false, message: 'cards need an object' }
    const good = restoreDraft(v2Draft(), { validateContent })
    expect(good.ok && good.draft.content).toEqual({ components: [], normalised: true })
    const bad = restoreDraft(v2Draft({ content: 'text' }), { validateContent })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_content' } })
    expect(!bad.ok && bad.error.message).toContain('cards need an object')
  })

  it('turns a throwing content validator into a typed error instead of throwing', () => {
    const result = restoreDraft(v2Draft(), {
      validateContent: () => {
        throw new Error('boom')
      },
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'migration_failed' } })
  })

  it('rejects content that is not plain JSON', () => {
    expect(restoreDraft(v2Draft({ content: { when: new Date() } })).ok).toBe(false)
    expect(restoreDraft(v2Draft({ content: { n: Number.NaN } })).ok).toBe(false)
  })
})
