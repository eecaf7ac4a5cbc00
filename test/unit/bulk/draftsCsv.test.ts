import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { emptyContent } from '../../../src/shared/creatives/content'
import type { PollCardContent } from '../../../src/shared/creatives/pollCard'
import type { PostContent } from '../../../src/shared/creatives/post'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft, type DraftKind } from '../../../src/shared/drafts/envelope'
import { escapeCell, unescapeCell } from '../../../src/main/bulk/csvCells'
import { draftsToCsv } from '../../../src/main/bulk/csvExport'
import { decodeCsv, planImport } from '../../../src/main/bulk/csvImport'

let counter = 0
function draft(kind: DraftKind, content: unknown = emptyContent(kind), extra: Partial<Draft> = {}): Draft {
  counter++
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    kind,
    name: `Draft ${counter}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content,
    ...extra,
  }
}

const post = (text: string) =>
  draft('post', { ...emptyContent('post'), text, name: 'Spring post' } as PostContent)
const poll = () =>
  draft('poll_card', {
    ...emptyContent('poll_card'),
    name: 'Poll',
    choices: ['Yes', 'No'],
  } as PollCardContent)

function rowsOf(csv: string): string[][] {
  return Papa.parse<string[]>(decodeCsv(Buffer.from(csv)).text, { skipEmptyLines: 'greedy' }).data
}
function toCsv(rows: string[][]): string {
  return Papa.unparse(rows)
}
function edit(csv: string, id: string, column: string, value: string): string {
  const rows = rowsOf(csv)
  const at = rows[0]!.indexOf(column)
  return toCsv(rows.map((row) => (row[0] === id ? row.with(at, value) : row)))
}
async function plan(csv: string, drafts: Draft[], damaged = false) {
  const byId = new Map(drafts.map((item) => [item.id, item]))
  return planImport(decodeCsv(Buffer.from(csv)).text, damaged, async (id) => byId.get(id))
}

describe('formula escaping', () => {
  it('puts an apostrophe before text a spreadsheet would run, and takes exactly one off', () => {
    for (const value of ['=SUM(A1)', '+1', '-20% off', '@home', "'=x", "''+y", 'plain', "it's", ''])
      expect(unescapeCell(escapeCell(value))).toEqual({ ok: true, value })
    expect(escapeCell('=1+1')).toBe("'=1+1")
    expect(escapeCell("it's")).toBe("it's")
    expect(unescapeCell('=1+1')).toEqual({ ok: false, starts: '=' })
  })
})

describe('drafts CSV import', () => {
  it('changes nothing when the exported file comes back as it was', async () => {
    const drafts = [
      post('=HYPERLINK("x")'),
      poll(),
      draft('card'),
      draft('video_conversation_card'),
      draft('media_library'),
    ]
    const result = await plan(draftsToCsv(drafts), drafts)
    expect(result.changes).toEqual([])
    expect(result.rows.map((row) => row.outcome)).toEqual(Array(5).fill('unchanged'))
  })

  it('keeps a value on a blank cell and empties it on [clear]', async () => {
    const item = draft('post', { ...emptyContent('post'), text: 'Hello', name: 'Spring' } as PostContent)
    const csv = draftsToCsv([item])
    expect((await plan(edit(csv, item.id, 'post_text', ''), [item])).changes).toEqual([])
    const cleared = await plan(edit(csv, item.id, 'creative_name', '[clear]'), [item])
    expect(cleared.rows[0]).toMatchObject({ outcome: 'changed', fields: ['creative_name'] })
    expect((cleared.changes[0]!.patch.content as PostContent).name).toBe('')
    expect((cleared.changes[0]!.patch.content as PostContent).text).toBe('Hello')
  })

  it('changes only the edited field', async () => {
    const item = post('Hello')
    const result = await plan(edit(draftsToCsv([item]), item.id, 'post_text', 'Hello again'), [item])
    expect(result.changes[0]!.patch).toEqual({
      content: { ...(item.content as object), text: 'Hello again' },
    })
  })

  it('refuses every row of a file with an unknown column, naming it', async () => {
    const item = post('Hello')
    const rows = rowsOf(draftsToCsv([item]))
    const csv = toCsv(rows.map((row, index) => [...row, index === 0 ? 'budget' : '5']))
    const result = await plan(csv, [item])
    expect(result.changes).toEqual([])
    expect(result.rows[0]!.outcome).toBe('refused')
    expect(result.rows[0]!.reasons.join(' ')).toContain('“budget”')
  })

  it('refuses both rows of a duplicated id', async () => {
    const item = post('Hello')
    const rows = rowsOf(draftsToCsv([item]))
    const result = await plan(toCsv([...rows, rows[1]!.with(rows[0]!.indexOf('post_text'), 'Other')]), [item])
    expect(result.rows.map((row) => row.outcome)).toEqual(['refused', 'refused'])
    expect(result.rows[1]!.reasons[0]).toContain('rows 2, 3')
    expect(result.changes).toEqual([])
  })

  it('refuses an id these drafts do not have (another account’s export)', async () => {
    const mine = post('Mine')
    const theirs = post('Theirs')
    const result = await plan(edit(draftsToCsv([theirs]), theirs.id, 'post_text', 'Changed'), [mine])
    expect(result.rows[0]).toMatchObject({ outcome: 'refused' })
    expect(result.rows[0]!.reasons[0]).toContain('another account')
  })

  it('refuses rows with bytes that are not UTF-8, and only those', async () => {
    const a = post('A')
    const b = post('B')
    const csv = edit(draftsToCsv([a, b]), a.id, 'post_text', 'caf\u0000')
    const bytes = Buffer.from(csv)
    bytes[bytes.indexOf(0)] = 0xe9 // Latin-1 "é": not UTF-8
    const decoded = decodeCsv(bytes)
    expect(decoded.damaged).toBe(true)
    const byId = new Map([a, b].map((item) => [item.id, item]))
    const result = await planImport(decoded.text, decoded.damaged, async (id) => byId.get(id))
    expect(result.rows.map((row) => row.outcome)).toEqual(['refused', 'unchanged'])
    expect(result.rows[0]!.reasons.join(' ')).toContain('UTF-8')
  })

  it('refuses a cell a spreadsheet would run as a formula, and accepts it escaped', async () => {
    const item = post('Hello')
    const csv = draftsToCsv([item])
    const refused = await plan(edit(csv, item.id, 'post_text', '=HYPERLINK("http://x")'), [item])
    expect(refused.rows[0]!.outcome).toBe('refused')
    expect(refused.rows[0]!.reasons[0]).toContain('formula')
    const escaped = await plan(edit(csv, item.id, 'post_text', "'-20% today"), [item])
    expect((escaped.changes[0]!.patch.content as PostContent).text).toBe('-20% today')
  })

  it('refuses clearing a field a rule needs, with the rule’s words', async () => {
    const item = post('Hello')
    const result = await plan(edit(draftsToCsv([item]), item.id, 'post_text', '[clear]'), [item])
    expect(result.rows[0]!.outcome).toBe('refused')
    expect(result.rows[0]!.reasons.length).toBeGreaterThan(0)
  })

  it('refuses a whole row when one of its cells breaks a rule, and keeps its other edits out', async () => {
    const item = poll()
    let csv = edit(draftsToCsv([item]), item.id, 'creative_name', 'Renamed')
    csv = edit(csv, item.id, 'poll_choice_1', 'x'.repeat(200))
    const result = await plan(csv, [item])
    expect(result.rows[0]!.outcome).toBe('refused')
    expect(result.rows[0]!.reasons.length).toBeGreaterThan(0)
    expect(result.changes).toEqual([])
  })

  it('refuses a cell in a column that does not apply to the row’s kind', async () => {
    const item = poll()
    const result = await plan(edit(draftsToCsv([item]), item.id, 'post_text', 'Hi'), [item])
    expect(result.rows[0]!.reasons[0]).toContain('does not apply')
  })

  it('refuses a file it cannot tie to drafts as a whole, saying what to do', async () => {
    await expect(plan('name,post_text\r\nA,B\r\n', [])).rejects.toThrow(/no id column/)
    expect(() => decodeCsv(Buffer.from([0xff, 0xfe, 0x69, 0x00]))).toThrow(/UTF-16/)
  })

  it('refuses a row whose kind was changed', async () => {
    const item = post('Hello')
    const result = await plan(edit(draftsToCsv([item]), item.id, 'kind', 'card'), [item])
    expect(result.rows[0]!.reasons[0]).toContain('kind cannot change')
  })
})
