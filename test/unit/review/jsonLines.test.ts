import { describe, expect, it } from 'vitest'
import { parseJsonWithLines } from '../../../src/shared/review/jsonLines'

describe('JSON read with lines', () => {
  it('reads what JSON.parse reads, and knows the line of each value', () => {
    const text =
      '{\n  "a": "x \\" y",\n  "list": [\n    1,\n    {"b": null, "c": [true, false, -1.5e3]}\n  ]\n}\n'
    const read = parseJsonWithLines(text)
    if (!read.ok) throw new Error(read.reason)
    expect(read.value).toEqual(JSON.parse(text))
    expect(read.lineOf(['a'])).toBe(2)
    expect(read.lineOf(['list', 1, 'c', 2])).toBe(5)
    // A field that is not there: the line of its object.
    expect(read.lineOf(['list', 1, 'missing'])).toBe(5)
  })

  it('names the line where the JSON breaks, counted from where the block starts', () => {
    expect(parseJsonWithLines('{\n  "a": 1,\n  "b": tru\n}', 10)).toEqual({
      ok: false,
      line: 12,
      reason: expect.stringContaining('“t” is there'),
    })
    expect(parseJsonWithLines('{"a": "unclosed\n}')).toMatchObject({ ok: false, line: 1 })
    expect(parseJsonWithLines('[1, 2] 3')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('after the end'),
    })
  })

  it('names a trailing comma in an object or a list, on its line', () => {
    expect(parseJsonWithLines('{\n  "a": 1,\n}')).toEqual({
      ok: false,
      line: 3,
      reason: 'a comma before a closing brace: remove the last comma',
    })
    expect(parseJsonWithLines('[1,\n 2,\n]')).toEqual({
      ok: false,
      line: 3,
      reason: 'a comma before a closing bracket: remove the last comma',
    })
  })

  it('keeps a "__proto__" field as data', () => {
    const read = parseJsonWithLines('{"__proto__": {"polluted": true}}')
    expect(read.ok && Object.keys(read.value as object)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
