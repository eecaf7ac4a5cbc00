import { describe, expect, it } from 'vitest'
import { createBulkEditService, type BulkDraftsPort } from '../../../src/main/bulk/bulkEditService'
import { emptyContent } from '../../../src/shared/creatives/content'
import type { PostContent } from '../../../src/shared/creatives/post'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft } from '../../../src/shared/drafts/envelope'
import { packOf } from '../rules/teamPacks/support'

// A side-panel edit or a replace follows the active account's team rules as the editors do: a
// draft the change would make break an error rule is listed with the rule's words and skipped.

const PACK = packOf([{ type: 'banned_words', words: ['cheap'] }], 'Brand words')

function post(n: number, text: string): Draft {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'post',
    name: `Post ${n}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content: { ...emptyContent('post'), text, name: `Post ${n}` } as PostContent,
  }
}

function port(drafts: Draft[]): BulkDraftsPort {
  const byId = new Map(drafts.map((draft) => [draft.id, draft]))
  return {
    find: async (id) => byId.get(id),
    allIds: async () => [...byId.keys()],
    index: async () =>
      new Map(drafts.map((draft) => [draft.id, { kind: draft.kind, updatedAt: draft.updatedAt }])),
    update: async () => undefined,
    flush: async () => undefined,
  }
}

describe('bulk edit with team rules', () => {
  const drafts = [post(1, 'Spring shoes are here'), post(2, 'Spring boots')]
  const replace = {
    type: 'replace',
    groups: ['text'],
    find: 'Spring',
    replace: 'Cheap',
    mode: 'plain',
    caseSensitive: false,
  } as const

  it('skips a draft the replace would make break a rule, naming the pack', async () => {
    const service = createBulkEditService({ drafts: port(drafts), teamRules: async () => [PACK] })
    const preview = await service.preview({ ids: drafts.map((d) => d.id) }, replace)
    expect(preview.counts).toMatchObject({ changed: 0, refused: 2 })
    expect(preview.skipped[0]!.reasons.join(' ')).toMatch(/cheap/i)
  })

  it('applies the same replace when the account has no pack', async () => {
    const service = createBulkEditService({ drafts: port(drafts), teamRules: async () => [] })
    const preview = await service.preview({ ids: drafts.map((d) => d.id) }, replace)
    expect(preview.counts).toMatchObject({ changed: 2, refused: 0 })
  })
})
