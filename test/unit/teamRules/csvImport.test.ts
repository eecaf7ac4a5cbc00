import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { draftsToCsv } from '../../../src/main/bulk/csvExport'
import { decodeCsv, planImport } from '../../../src/main/bulk/csvImport'
import { emptyContent } from '../../../src/shared/creatives/content'
import type { PostContent } from '../../../src/shared/creatives/post'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft } from '../../../src/shared/drafts/envelope'
import { packOf } from '../rules/teamPacks/support'

// Bulk edits follow the account's team rules as the editors do: a drafts CSV row that breaks an
// error rule is refused with the rule's words; a warning rule never refuses a row.

const PACK = packOf(
  [
    { type: 'required_text', text: '#ad', kinds: ['post'] },
    { type: 'banned_words', words: ['cheap'], severity: 'warning' },
  ],
  'Disclosure',
)

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

async function plan(drafts: Draft[], texts: Record<string, string>) {
  const rows = Papa.parse<string[]>(decodeCsv(Buffer.from(draftsToCsv(drafts))).text, {
    skipEmptyLines: 'greedy',
  }).data
  const at = rows[0]!.indexOf('post_text')
  const edited = rows.map((row) => (texts[row[0]!] === undefined ? row : row.with(at, texts[row[0]!]!)))
  const byId = new Map(drafts.map((draft) => [draft.id, draft]))
  return planImport(Papa.unparse(edited), false, async (id) => byId.get(id), [PACK])
}

describe('drafts CSV import with team rules', () => {
  it('refuses a row breaking an error rule, and not one breaking a warning rule', async () => {
    const disclosed = post(1, 'Spring #ad')
    const cheap = post(2, 'Spring #ad')
    const result = await plan([disclosed, cheap], {
      [disclosed.id]: 'Spring is here',
      [cheap.id]: 'Cheap spring #ad',
    })
    expect(result.rows.map((row) => [row.outcome, row.reasons])).toEqual([
      ['refused', ['Team rule · Disclosure: Post text must include “#ad”']],
      ['changed', []],
    ])
  })

  it('lets a draft that already breaks a rule be edited when the row adds no new problem', async () => {
    const undisclosed = post(3, 'Spring')
    const result = await plan([undisclosed], { [undisclosed.id]: 'Spring is here' })
    expect(result.rows.map((row) => row.outcome)).toEqual(['changed'])
  })
})
