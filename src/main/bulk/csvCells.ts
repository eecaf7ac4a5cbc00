/**
 * CSV injection (OWASP "CSV Injection"): a cell a spreadsheet would run as a formula starts with
 * =, +, -, @, a tab or a carriage return. Export writes such text with one apostrophe before it
 * (the spreadsheets' "this is text" mark); import takes exactly one apostrophe off again. Text
 * that itself starts with apostrophes before such a character gets one more, so every value
 * round-trips unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/
const ESCAPED = /^'+[=+\-@\t\r]/

export function escapeCell(value: string): string {
  return FORMULA_START.test(value) || ESCAPED.test(value) ? `'${value}` : value
}

export type UnescapedCell = { ok: true; value: string } | { ok: false; starts: string }

/** The cell's text, or the character that makes it a formula a spreadsheet would run. */
export function unescapeCell(cell: string): UnescapedCell {
  if (ESCAPED.test(cell)) return { ok: true, value: cell.slice(1) }
  if (FORMULA_START.test(cell)) return { ok: false, starts: cell.charAt(0) }
  return { ok: true, value: cell }
}

/** How a formula's first character reads in a sentence. */
export function describeStart(char: string): string {
  if (char === '\t') return 'a tab'
  if (char === '\r') return 'a line break'
  return `“${char}”`
}
