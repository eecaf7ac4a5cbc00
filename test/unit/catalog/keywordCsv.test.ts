import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { keywordCsv } from '../../../src/main/keywords/keywordService'
import type { KeywordResult } from '../../../src/shared/ipc/contracts/catalogs'

// Issue 39, D17: every CSV the app writes escapes cells a spreadsheet would run as a formula.
// The keyword export is the one CSV it writes; its labels are keywords anyone may have typed.

const FORMULAS = ['=HYPERLINK("https://evil.example","open")', '+SUM(1,2)', '-2+3', '@cmd', '\tTAB', '\rCR']

const result: KeywordResult = {
  resultId: 'r1',
  query: {
    keywords: FORMULAS,
    negativeKeywords: [],
    start: '2026-01-01T00:00:00Z',
    end: '2026-01-02T00:00:00Z',
    granularity: 'DAY',
  },
  times: [Date.UTC(2026, 0, 1)],
  series: [...FORMULAS.map((label) => ({ label, values: [-5] })), { label: 'coffee', values: [7] }],
  relatedKeywords: [],
}

describe('the keyword volume export', () => {
  it('writes formula-like cells as text, with a leading quote, and leaves the rest alone', () => {
    const [header, row] = Papa.parse<string[]>(keywordCsv(result)).data
    expect(header).toEqual(['time', ...FORMULAS.map((label) => `'${label}`), 'coffee'])
    // Numbers are numbers (a negative volume is not a formula), and the time is text as it was.
    expect(row).toEqual(['2026-01-01T00:00:00.000Z', ...FORMULAS.map(() => '-5'), '7'])
  })
})
