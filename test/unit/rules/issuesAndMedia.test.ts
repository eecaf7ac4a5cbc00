import { describe, expect, it } from 'vitest'
import {
  aspectRatioOf,
  characterCount,
  checkFileSize,
  checkMatchingAspectRatios,
  countryName,
  COUNTRIES,
  errorCount,
  isCountryCode,
  issuesAt,
  issuesUnder,
  LIMITS,
  pathKey,
  validate,
} from '../../../src/shared/rules'

describe('issue helpers', () => {
  const issues = validate('card', {
    name: '',
    components: [
      { type: 'MEDIA' },
      { type: 'DETAILS', title: '', destination: { type: 'WEBSITE', url: 'x' } },
    ],
  })

  it('pathKey joins with dots', () => {
    expect(pathKey(['components', 1, 'destination', 'url'])).toBe('components.1.destination.url')
  })

  it('issuesUnder selects a component; issuesAt selects one field', () => {
    expect(issuesUnder(issues, ['components', 1]).map((issue) => pathKey(issue.path))).toEqual([
      'components.1.title',
      'components.1.destination.url',
    ])
    expect(issuesAt(issues, ['components', 1]).length).toBe(0)
    expect(issuesAt(issues, ['name']).map((issue) => issue.code)).toEqual(['required'])
    expect(errorCount(issues)).toBe(4)
  })

  it('counts code points', () => {
    expect(characterCount('a😀一')).toBe(3)
  })
})

describe('media facts', () => {
  it('aspect ratio from pixels, else from the library ratio string', () => {
    expect(aspectRatioOf({ width: 1920, height: 1080 })).toBeCloseTo(16 / 9)
    expect(aspectRatioOf({ aspectRatio: '1.91:1' })).toBeCloseTo(1.91)
    expect(aspectRatioOf({ aspectRatio: 'wide' })).toBeUndefined()
    expect(aspectRatioOf({ width: 100 })).toBeUndefined()
  })

  it('file size limits per type, at and over', () => {
    const cases = [
      ['IMAGE', LIMITS.localMedia.imageMaxBytes.value],
      ['GIF', LIMITS.localMedia.gifMaxBytes.value],
      ['VIDEO', LIMITS.localMedia.videoMaxBytes.value],
    ] as const
    for (const [mediaType, max] of cases) {
      expect(checkFileSize([], { mediaType, bytes: max })).toEqual([])
      expect(
        checkFileSize([], { mediaType, bytes: max + 1 }).map((issue) => [issue.code, issue.limit]),
      ).toEqual([['file_too_large', max]])
    }
  })

  it('matching ratios tolerate rounding of pixel sizes', () => {
    const items = [
      { path: ['a'], info: { width: 1200, height: 628 } },
      { path: ['b'], info: { width: 800, height: 419 } },
      { path: ['c'], info: { width: 800, height: 800 } },
    ]
    expect(checkMatchingAspectRatios(items).map((issue) => pathKey(issue.path))).toEqual(['c'])
  })
})

describe('countries', () => {
  it('holds the 249 ISO 3166-1 alpha-2 codes, unique, sorted, with names', () => {
    expect(COUNTRIES).toHaveLength(249)
    const codes = COUNTRIES.map((country) => country.code)
    expect(new Set(codes).size).toBe(249)
    expect([...codes].sort()).toEqual(codes)
    expect(isCountryCode('US')).toBe(true)
    expect(isCountryCode('UK')).toBe(false)
    expect(countryName('DE')).toBe('Germany')
  })
})
