import { describe, expect, it } from 'vitest'
import { DEFAULT_POST_LENGTH_LIMIT, enumTuple, LIMITS, POST_LENGTH_LIMITS } from '../../../src/shared/rules'
import { citedText } from '../../spec/citations'

// The cited lines come from the copy kept in test/spec/citedLines.json, so these checks run in a
// plain clone; `npm run check:spec` compares that copy with the spec documents.

// Entries whose numbers are derived from the spec wording rather than written on the line.
const DERIVED = new Set([
  'card.slides', // no slide count in the spec: the carousel bound is assumed (warning only)
  'pollCard.choices', // first_choice to fourth_choice, two required
  'videoConversationCard.ctaCount', // first_cta to fourth_cta
  'post.nullcastDefault', // boolean default
  'card.countryCode', // ISO 3166-1 alpha-2 written as a regular expression
  'card.cardUri', // card://<card_id> written as a regular expression
  'post.asUserId', // long written as a regular expression
  'product.price', // "number, a space, 3-letter ISO 4217 code" written as a regular expression
  'productSet.filterAttributes', // custom_label_0 to custom_label_4 written out
  'postEditing.windowMinutes', // "within one hour of creation"
])

type Entry = Record<string, unknown> & { source: string }

function entries(): [string, Entry][] {
  return Object.entries(LIMITS).flatMap(([group, items]) =>
    Object.entries(items as Record<string, Entry>).map(([name, entry]): [string, Entry] => [
      `${group}.${name}`,
      entry,
    ]),
  )
}

function mentionsNumber(text: string, value: number): boolean {
  const forms = [String(value), value.toLocaleString('en-US')]
  return forms.some((form) =>
    new RegExp(`(^|[^\\d.,])${form.replace(/[.,]/g, '\\$&')}(?!\\d|,\\d|\\.\\d)`).test(text),
  )
}

describe('LIMITS sources', () => {
  const all = entries()

  it('every entry names a source: a spec line, or an explicit non-spec origin', () => {
    for (const [name, entry] of all) {
      expect(entry.source, name).toMatch(
        /^(ads-a-catalogs-audiences|ads-b-creatives-campaigns|platform-auth-events-releases)\.md:\d+(-\d+)?$|not in spec|twitter-text|app rule/,
      )
    }
  })

  it.each(all.filter(([, entry]) => /\.md:/.test(entry.source)).map(([name, entry]) => ({ name, entry })))(
    '$name: the cited spec line states the value',
    ({ name, entry }) => {
      if (DERIVED.has(name)) return
      const line = citedText(entry.source)
      const numbers: number[] = []
      if (typeof entry.max === 'number') numbers.push(entry.max)
      if (typeof entry.min === 'number') numbers.push(entry.min)
      if (typeof entry.default === 'number') numbers.push(entry.default)
      if (typeof entry.value === 'number') numbers.push(entry.value)
      for (const value of numbers)
        expect(mentionsNumber(line, value), `${name}: ${value} in "${line}"`).toBe(true)
      if (typeof entry.width === 'number')
        expect(line).toContain(`${String(entry.width)}:${String(entry.height)}`)
      if (Array.isArray(entry.values)) {
        for (const value of entry.values as string[])
          expect(line.toLowerCase(), name).toContain(value.toLowerCase())
      }
      if (entry.pattern instanceof RegExp) expect(line).toContain(entry.pattern.source)
    },
  )

  it('the number checker tells 20 from 200 and 2,000', () => {
    expect(mentionsNumber('up to 200 entries', 20)).toBe(false)
    expect(mentionsNumber('up to 2,000', 2000)).toBe(true)
    expect(mentionsNumber('1.91:1', 1)).toBe(true)
    expect(mentionsNumber('1.91:1', 91)).toBe(false)
  })
})

describe('limits helpers', () => {
  it('post length: standard 4,000 (the default) and long-form 25,000; Classic 280 only opt-in', () => {
    expect([...POST_LENGTH_LIMITS]).toEqual([4000, 25000, 280])
    expect(DEFAULT_POST_LENGTH_LIMIT).toBe(4000)
    expect(LIMITS.postLength.standard.source).toBe(LIMITS.postLength.longForm.source)
  })

  it('one aspect ratio tolerance, 1%', () => {
    expect(LIMITS.localMedia.aspectRatioTolerance.value).toBe(0.01)
  })

  it('enumTuple keeps order and refuses an empty enum', () => {
    expect(enumTuple(LIMITS.post.videoCta)).toEqual(['VISIT_SITE', 'WATCH_NOW'])
    expect(() => enumTuple({ values: [], source: 'x' })).toThrow(/empty enum/)
  })

  it('webhook ids are 1 to 19 digits', () => {
    const pattern = LIMITS.webhook.webhookId.pattern
    expect(pattern.test('1')).toBe(true)
    expect(pattern.test('9'.repeat(19))).toBe(true)
    expect(pattern.test('9'.repeat(20))).toBe(false)
    expect(pattern.test('')).toBe(false)
    expect(pattern.test('12a')).toBe(false)
  })
})
