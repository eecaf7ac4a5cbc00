import { writeFile } from 'node:fs/promises'
import type { Summary } from './stats'

/**
 * One figure of `npm run bench`: what was measured, the target, the samples and whether
 * it passed. `compare` says which way is good; the checked figure is the p95 (or the one value).
 */
export interface Row {
  what: string
  target: string
  /** The bound the checked figure is compared with, in `unit`. */
  limit: number
  compare: 'max' | 'min'
  unit: string
  /** Latency-like figures: samples, p50, p95. One-off facts (a size, a ratio): `value`. */
  summary?: Summary
  value?: number
  note?: string
  /** The target is relative to a floor measured in the same run (key → frame). */
  relative?: true
  /**
   * The host's fixed workload (bench/machine.ts) measured near this row, ms: an absolute figure
   * compares with another run's only where this does too.
   */
  hostMs?: number
}

/** A row with no limit is a reference for the others, never a pass. */
export const isReference = (row: Row) => !Number.isFinite(row.limit)

export function checked(row: Row): number {
  return row.summary ? row.summary.p95 : (row.value ?? Number.NaN)
}

export function passes(row: Row): boolean {
  const figure = checked(row)
  if (!Number.isFinite(figure)) return false
  return row.compare === 'max' ? figure <= row.limit : figure >= row.limit
}

const fmt = (value: number | undefined, digits = 1) =>
  value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(digits)

export function formatTable(rows: readonly Row[]): string {
  const header = ['What', 'Target', 'n', 'p50', 'p95 / value', 'Result', 'Host workload']
  const lines = rows.map((row) => [
    row.what,
    row.target,
    row.summary ? String(row.summary.n) : '1',
    row.summary ? `${fmt(row.summary.p50)} ${row.unit}` : '—',
    `${fmt(checked(row))} ${row.unit}`,
    isReference(row) ? 'reference' : passes(row) ? 'pass' : 'FAIL',
    row.relative || row.hostMs === undefined ? '(same-run floor)' : `${row.hostMs.toFixed(0)} ms`,
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]!.length)),
  )
  const render = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')
  const notes = rows.filter((row) => row.note).map((row) => `  · ${row.what}: ${row.note}`)
  return [
    render(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...lines.map(render),
    '',
    ...notes,
  ].join('\n')
}

export async function writeResults(
  path: string,
  rows: readonly Row[],
  meta: Record<string, unknown>,
): Promise<void> {
  const results = rows.map((row) => ({
    ...row,
    limit: isReference(row) ? null : row.limit,
    figure: checked(row),
    pass: isReference(row) ? null : passes(row),
  }))
  await writeFile(path, `${JSON.stringify({ ...meta, results }, null, 2)}\n`)
}
