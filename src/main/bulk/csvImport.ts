import Papa from 'papaparse'
import { AppFailure, appError } from '../../shared/errors'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import { CSV_CLEAR_MARKER, CSV_COLUMN_NAMES, DRAFTS_CSV_LIMITS } from '../../shared/drafts/csvFormat'
import type { Draft, DraftKind } from '../../shared/drafts/envelope'
import { formatNumber } from '../../shared/rules/issues'
import { describeStart, unescapeCell } from './csvCells'
import { CSV_FIELDS } from './csvFields'
import { lockedReason, newContentProblems } from './draftRules'
import { UTF8_BOM } from './csvExport'

/**
 * Reads a drafts CSV against the drafts as they are and decides, row by row, what would change.
 * Nothing is written here: a row is either changed whole (every cell it edits, checked with the
 * editors' and the publish gate's rules) or refused whole with its reasons in words.
 */

export type RowOutcome = 'changed' | 'unchanged' | 'refused'

export interface ImportRow {
  /** The spreadsheet's row number (the header is row 1). */
  line: number
  id?: string
  name?: string
  outcome: RowOutcome
  /** The columns whose values change. */
  fields: string[]
  reasons: string[]
}

export interface PlannedChange {
  id: string
  line: number
  /** The draft's updatedAt when planned: apply refuses a draft edited since. */
  baseUpdatedAt: string
  patch: { name?: string; content?: unknown }
}

export interface ImportPlan {
  rows: ImportRow[]
  changes: PlannedChange[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function refuseFile(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

/** The file's text; `damaged` when some bytes were not UTF-8 (those rows are refused). */
export function decodeCsv(bytes: Uint8Array): { text: string; damaged: boolean } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw refuseFile(
      'This file is UTF-16 text. Save it as “CSV UTF-8” and import it again. Nothing was changed.',
    )
  if (bytes.subarray(0, 4096).includes(0))
    throw refuseFile('This file holds binary data, not text: choose a CSV exported from the Drafts page.')
  let damaged = false
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    damaged = true
    text = new TextDecoder('utf-8').decode(bytes)
  }
  return { text: text.startsWith(UTF8_BOM) ? text.slice(1) : text, damaged }
}

type Cells = Record<string, string>

const inWords = (kind: DraftKind) => kind.replaceAll('_', ' ')

/** The row's cells applied to its draft: new name and content, changed columns, or reasons. */
function planRow(
  draft: Draft,
  cells: Cells,
  present: ReadonlySet<string>,
  teamRules: readonly TeamRulePack[],
) {
  const reasons: string[] = []
  const fields: string[] = []
  const values = new Map<string, string | null>()
  for (const column of CSV_COLUMN_NAMES) {
    if (column === 'id' || !present.has(column)) continue
    const cell = cells[column] ?? ''
    if (cell === '') continue
    if (cell === CSV_CLEAR_MARKER) {
      values.set(column, null)
      continue
    }
    const unescaped = unescapeCell(cell)
    if (!unescaped.ok) {
      reasons.push(
        `${column} starts with ${describeStart(unescaped.starts)}, which a spreadsheet runs as a formula. Put an apostrophe before it (') to keep it as text.`,
      )
      continue
    }
    values.set(column, unescaped.value)
  }
  const kind = values.get('kind')
  if (kind !== undefined && kind !== draft.kind)
    reasons.push(
      `kind says ${kind === null ? 'nothing' : `“${kind}”`} but this draft is a ${inWords(draft.kind)}: a draft’s kind cannot change. Put back ${draft.kind}.`,
    )
  values.delete('kind')
  let name = draft.name
  const newName = values.get('name')
  values.delete('name')
  if (newName === null) reasons.push('name cannot be cleared: every draft has a name.')
  else if (newName !== undefined && newName !== name) {
    name = newName
    fields.push('name')
  }
  let content = draft.content
  for (const field of CSV_FIELDS) {
    const value = values.get(field.column)
    if (value === undefined) continue
    if (!field.kinds.includes(draft.kind)) {
      reasons.push(`${field.column} does not apply to a ${inWords(draft.kind)}: leave that cell blank.`)
      continue
    }
    if (value !== null && field.read(content) === value) continue
    const written = field.write(content, value)
    if (!written.ok) {
      reasons.push(written.reason)
      continue
    }
    if (JSON.stringify(written.content) === JSON.stringify(content)) continue
    content = written.content
    fields.push(field.column)
  }
  if (reasons.length > 0 || fields.length === 0) return { reasons, fields, name, content }
  if (content !== draft.content) reasons.push(...newContentProblems(draft, content, teamRules))
  return { reasons, fields, name, content }
}

/**
 * Plans an import: `find` gives the draft an id names in these drafts (the connected account's
 * store), or undefined. Whole-file problems (no header, no id column, too many rows) are thrown
 * as person-facing failures; everything else is a row's reason.
 */
export async function planImport(
  text: string,
  damaged: boolean,
  find: (id: string) => Promise<Draft | undefined>,
  /** The account's team rule packs: a row breaking one of their error rules is refused. */
  teamRules: readonly TeamRulePack[] = [],
): Promise<ImportPlan> {
  const parsed = Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    preview: DRAFTS_CSV_LIMITS.maxRows + 2,
  })
  const [header, ...data] = parsed.data
  if (!header || header.every((cell) => cell.trim() === ''))
    throw refuseFile(
      'This file is empty. Export drafts as CSV from the Drafts page, edit that file and import it.',
    )
  const columns = header.map((cell) => cell.trim())
  const duplicateColumn = columns.find((column, index) => columns.indexOf(column) !== index)
  if (duplicateColumn !== undefined)
    throw refuseFile(`The header names the column “${duplicateColumn}” twice. Keep one and import again.`)
  if (!columns.includes('id'))
    throw refuseFile(
      'This file has no id column: it ties each row to its draft. Start from a CSV exported by Ads Studio.',
    )
  if (data.length > DRAFTS_CSV_LIMITS.maxRows)
    throw refuseFile(
      `This file has more than ${formatNumber(DRAFTS_CSV_LIMITS.maxRows)} rows. Split it and import each part. Nothing was changed.`,
    )
  const unknown = columns.filter((column) => !CSV_COLUMN_NAMES.includes(column))
  const fileReasons =
    unknown.length > 0
      ? [
          `The file has ${unknown.length === 1 ? 'a column' : 'columns'} Ads Studio does not know (${unknown.map((column) => `“${column}”`).join(', ')}): remove or rename ${unknown.length === 1 ? 'it' : 'them'} to the documented columns, then import again.`,
        ]
      : []
  const present = new Set(columns)
  const unreadable = new Map<number, string>()
  for (const error of parsed.errors)
    if (error.row !== undefined && error.row > 0) unreadable.set(error.row - 1, error.message)

  const ids = data.map((cells) => (cells[columns.indexOf('id')] ?? '').trim())
  const linesOf = new Map<string, number[]>()
  ids.forEach((id, index) => {
    if (id !== '') linesOf.set(id, [...(linesOf.get(id) ?? []), index + 2])
  })

  const rows: ImportRow[] = []
  const changes: PlannedChange[] = []
  for (const [index, rowCells] of data.entries()) {
    const line = index + 2
    const id = ids[index]!
    const reasons = [...fileReasons]
    const cells: Cells = {}
    columns.forEach((column, position) => (cells[column] = rowCells[position] ?? ''))
    if (unreadable.has(index)) reasons.push(`This row cannot be read: ${unreadable.get(index)}.`)
    else if (rowCells.length !== columns.length)
      reasons.push(`This row has ${rowCells.length} cells but the header names ${columns.length} columns.`)
    if (damaged && rowCells.some((cell) => cell.includes('\uFFFD')))
      reasons.push(
        'This row holds bytes that are not UTF-8 text. Save the file as “CSV UTF-8” and import it again.',
      )
    const draft = UUID.test(id) ? await find(id.toLowerCase()) : undefined
    if (id === '') reasons.push('The id cell is blank: every row needs the id of the draft it edits.')
    else if (!UUID.test(id)) reasons.push(`“${id}” is not a draft id. Keep the id column as exported.`)
    else if (!draft)
      reasons.push(
        'No draft of this account has this id: the row may come from another account’s export, or the draft was deleted.',
      )
    const repeats = linesOf.get(id) ?? []
    if (repeats.length > 1)
      reasons.push(`The same id is on rows ${repeats.join(', ')}: keep one row per draft.`)
    const locked = draft ? lockedReason(draft) : null
    if (locked) reasons.push(locked)
    const base = { line, ...(id !== '' ? { id } : {}), ...(draft ? { name: draft.name } : {}) }
    if (!draft || reasons.length > 0) {
      // The row's own cell problems are reported too when its draft is known.
      const own = draft ? planRow(draft, cells, present, teamRules).reasons : []
      rows.push({ ...base, outcome: 'refused', fields: [], reasons: [...reasons, ...own] })
      continue
    }
    const planned = planRow(draft, cells, present, teamRules)
    if (planned.reasons.length > 0) {
      rows.push({ ...base, outcome: 'refused', fields: [], reasons: planned.reasons })
      continue
    }
    if (planned.fields.length === 0) {
      rows.push({ ...base, outcome: 'unchanged', fields: [], reasons: [] })
      continue
    }
    rows.push({ ...base, outcome: 'changed', fields: planned.fields, reasons: [] })
    changes.push({
      id: draft.id,
      line,
      baseUpdatedAt: draft.updatedAt,
      patch: {
        ...(planned.name !== draft.name ? { name: planned.name } : {}),
        ...(planned.content !== draft.content ? { content: planned.content } : {}),
      },
    })
  }
  return { rows, changes }
}
