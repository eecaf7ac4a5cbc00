import { describe, expect, it } from 'vitest'
import { compileFind, setQueryParam, type FindSpec } from '../../../src/main/bulk/replaceEngine'

function replaced(text: string, spec: Partial<FindSpec> & { find: string }): string {
  const compiled = compileFind({ replace: 'X', mode: 'plain', caseSensitive: false, ...spec })
  if (!compiled.ok) throw new Error(compiled.reason)
  return compiled.apply(text)
}

describe('find and replace over one value', () => {
  it('replaces every plain match, ignoring case unless asked', () => {
    expect(replaced('Spring sale, spring prices', { find: 'spring' })).toBe('X sale, X prices')
    expect(replaced('Spring sale, spring prices', { find: 'spring', caseSensitive: true })).toBe(
      'Spring sale, X prices',
    )
  })

  it('takes plain text and its replacement as typed, not as a pattern', () => {
    expect(replaced('Price: $5.00 (a.b)', { find: '$5.00', replace: '$1' })).toBe('Price: $1 (a.b)')
    expect(replaced('axb', { find: 'a.b' })).toBe('axb')
  })

  it('matches whole words only in word mode, in any script', () => {
    expect(replaced('sale salesman sale_ resale sale!', { find: 'sale', mode: 'word' })).toBe(
      'X salesman sale_ resale X!',
    )
    expect(replaced('été étés', { find: 'été', mode: 'word' })).toBe('X étés')
  })

  it('runs a regular expression with its groups', () => {
    expect(replaced('€10 and €25', { find: '€(\\d+)', replace: '$1 EUR', mode: 'regex' })).toBe(
      '10 EUR and 25 EUR',
    )
  })

  it('refuses a bad regular expression and an empty find with a reason', () => {
    const bad = compileFind({ find: '(unclosed', replace: '', mode: 'regex', caseSensitive: false })
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.reason).toMatch(/not a regular expression/)
    expect(compileFind({ find: '', replace: '', mode: 'plain', caseSensitive: false }).ok).toBe(false)
  })

  it('gives back the same string when nothing matches', () => {
    const text = 'Nothing here'
    expect(replaced(text, { find: 'zzz' })).toBe(text)
  })
})

describe('URL query parameters', () => {
  it('adds a parameter, after the others and before the fragment', () => {
    expect(setQueryParam('https://shop.example/a?x=1#top', 'utm_campaign', 'spring 26')).toBe(
      'https://shop.example/a?x=1&utm_campaign=spring%2026#top',
    )
    expect(setQueryParam('https://shop.example', 'utm_campaign', 'spring')).toBe(
      'https://shop.example?utm_campaign=spring',
    )
  })

  it('changes a parameter in place and keeps the others as written', () => {
    expect(setQueryParam('https://s.example/?a=%7E&utm_campaign=old&b=2', 'utm_campaign', 'new')).toBe(
      'https://s.example/?a=%7E&utm_campaign=new&b=2',
    )
  })

  it('removes a parameter, and the question mark with the last one', () => {
    expect(setQueryParam('https://s.example/?utm_campaign=old&b=2', 'utm_campaign', null)).toBe(
      'https://s.example/?b=2',
    )
    expect(setQueryParam('https://s.example/?utm_campaign=old', 'utm_campaign', null)).toBe(
      'https://s.example/',
    )
  })

  it('leaves blank text and URLs it does not change alone', () => {
    expect(setQueryParam('', 'utm_campaign', 'x')).toBe('')
    const url = 'https://s.example/?utm_campaign=x'
    expect(setQueryParam(url, 'utm_campaign', 'x')).toBe(url)
    expect(setQueryParam('https://s.example/', 'utm_source', null)).toBe('https://s.example/')
  })
})
