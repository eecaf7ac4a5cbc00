import Papa from 'papaparse'
import { CSV_COLUMN_NAMES } from '../../shared/drafts/csvFormat'
import type { Draft } from '../../shared/drafts/envelope'
import { escapeCell } from './csvCells'
import { CSV_FIELDS } from './csvFields'

/** Spreadsheets (Excel first) read a file as UTF-8 only when it starts with the byte order mark. */
export const UTF8_BOM = '\uFEFF'

/** One row: the draft's id, kind and name, then each field of its kind (blank for other kinds). */
export function draftRow(draft: Draft): string[] {
  const cells = [draft.id, draft.kind, escapeCell(draft.name)]
  for (const field of CSV_FIELDS) {
    const value = field.kinds.includes(draft.kind) ? field.read(draft.content) : undefined
    cells.push(value === undefined ? '' : escapeCell(value))
  }
  return cells
}

/** The whole file: header, one row per draft, CRLF line ends (RFC 4180), every cell quoted. */
export function draftsToCsv(drafts: Iterable<Draft>): string {
  const rows: string[][] = []
  for (const draft of drafts) rows.push(draftRow(draft))
  return (
    UTF8_BOM +
    Papa.unparse(
      { fields: [...CSV_COLUMN_NAMES], data: rows },
      { quotes: true, newline: '\r\n', escapeFormulae: false },
    ) +
    '\r\n'
  )
}
