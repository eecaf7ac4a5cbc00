import { describe, expect, it } from 'vitest'
import { allCitations, readCitedLines } from '../../spec/citations'

// The quoted copy of the spec must cover exactly what the rule tables cite: a new limit without
// its quote, or a quote left behind by a removed limit, fails here even without the spec present.
describe('test/spec/citedLines.json', () => {
  const citations = allCitations()
  const quoted = readCitedLines()

  it('quotes every spec line a rule table cites', () => {
    expect(citations.length).toBeGreaterThan(50)
    expect(citations.filter((source) => quoted[source] === undefined)).toEqual([])
  })

  it('holds no quote that nothing cites', () => {
    expect(Object.keys(quoted).filter((source) => !citations.includes(source))).toEqual([])
  })

  it('every quote is non-empty text', () => {
    for (const [source, text] of Object.entries(quoted)) expect(text.trim(), source).not.toBe('')
  })
})
