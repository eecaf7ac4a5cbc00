import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatTable, writeResults, type Row } from '../../../bench/report'

/** A row of the bench; `overrides` make it the kind a test needs. */
const row = (overrides: Partial<Row> & Pick<Row, 'what' | 'limit'>): Row => ({
  target: Number.isFinite(overrides.limit) ? `≤ ${overrides.limit} ms` : '(reference)',
  compare: 'max',
  unit: 'ms',
  hostMs: 61,
  ...overrides,
})
const absolute = row({
  what: 'Publish click → published, minus HTTP, per step',
  limit: 5,
  summary: { n: 90, p50: 2, p95: 4 },
})
const reference = row({
  what: 'Reference: start → a one-row static page painted',
  limit: Infinity,
  summary: { n: 7, p50: 400, p95: 420 },
})
const relative = row({
  what: 'Composer, 25,000 chars: key → frame',
  limit: 20,
  summary: { n: 240, p50: 9, p95: 25 },
  relative: true,
})

const lineOf = (table: string, what: string) => table.split('\n').find((line) => line.startsWith(what))!

describe("the bench's table and results file", () => {
  it('prints a row without a limit as a reference, and the host figure beside every absolute row', () => {
    const table = formatTable([absolute, reference, relative])
    expect(lineOf(table, absolute.what)).toMatch(/\| pass\s+\| 61 ms/)
    expect(lineOf(table, reference.what)).toMatch(/\| reference \| 61 ms/)
    expect(lineOf(table, relative.what)).toMatch(/\| FAIL\s+\| \(same-run floor\)/)
  })

  it('writes a reference with no pass and no limit, and keeps the host figure', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-report-'))
    try {
      const file = join(dir, 'results.json')
      await writeResults(file, [absolute, reference], {})
      const { results } = JSON.parse(await readFile(file, 'utf8')) as {
        results: { what: string; pass: boolean | null; limit: number | null; hostMs: number }[]
      }
      expect(results.map(({ pass, limit, hostMs }) => ({ pass, limit, hostMs }))).toEqual([
        { pass: true, limit: 5, hostMs: 61 },
        { pass: null, limit: null, hostMs: 61 },
      ])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
