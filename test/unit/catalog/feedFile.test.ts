import { describe, expect, it } from 'vitest'
import { decodeFeed, parseCsv, parseFeed, parseJsonFeed } from '../../../src/main/catalog/feedFile'
import { LIMITS } from '../../../src/shared/rules/limits'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('feed files', () => {
  it('reads CSV with quotes, commas and line breaks inside fields, and a UTF-8 BOM', () => {
    const feed = parseFeed(
      'feed.csv',
      bytes('\ufeffid,title,description\n1,"Shoe, red","Two\nlines"\n2,Cap,"Say ""hi"""\n'),
    )
    expect(feed.columns).toEqual(['id', 'title', 'description'])
    expect(feed.rows).toEqual([
      { id: '1', title: 'Shoe, red', description: 'Two\nlines' },
      { id: '2', title: 'Cap', description: 'Say "hi"' },
    ])
    expect(feed.problems).toEqual([])
  })

  it('detects semicolon-separated files', () => {
    expect(parseFeed('feed.csv', bytes('id;title\n1;Shoe\n')).rows).toEqual([{ id: '1', title: 'Shoe' }])
  })

  it('reports ragged rows on the row, not for the whole file', () => {
    const feed = parseCsv('feed.csv', 'id,title,price\n1,Shoe,2 USD\n2,Cap\n3,Hat,1 USD,extra\n')
    expect(feed.rows).toHaveLength(3)
    expect(feed.problems.map((problem) => problem.index)).toEqual([1, 2])
    expect(feed.problems[0]?.message).toMatch(/2 values but the header has 3 columns/)
  })

  it('refuses files it cannot read as a whole, saying what to do', () => {
    expect(() => decodeFeed(new Uint8Array([0xff, 0xfe, 0x69, 0x00]))).toThrow(/UTF-16/)
    expect(() => decodeFeed(new Uint8Array([0x69, 0x64, 0x0a, 0xe9, 0x0a]))).toThrow(/not UTF-8/)
    expect(() => decodeFeed(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toThrow(/binary/)
    expect(() => parseCsv('f.csv', ',title\n1,a\n')).toThrow(/Column 1 of the header has no name/)
    expect(() => parseCsv('f.csv', 'id,id\n1,2\n')).toThrow(/“id” twice/)
    expect(() => parseCsv('f.csv', 'id,title\n')).toThrow(/no products/)
    const max = LIMITS.feedImport.maxRows.value
    const huge = `id\n${Array.from({ length: max + 1 }, (_, i) => String(i)).join('\n')}\n`
    expect(() => parseCsv('f.csv', huge)).toThrow(/more than 20,000 products.*Nothing was sent/)
    const atLimit = `id\n${Array.from({ length: max }, (_, i) => String(i)).join('\n')}\n`
    expect(parseCsv('f.csv', atLimit).rows).toHaveLength(max)
  })

  it('reads JSON feeds as a list or {products: [...]}, collecting every key as a column', () => {
    expect(parseJsonFeed('f.json', '[{"id":"1","title":"A"},{"id":"2","brand":"B"}]').columns).toEqual([
      'id',
      'title',
      'brand',
    ])
    const wrapped = parseJsonFeed('f.json', '{"products":[{"id":"1"}, 5]}')
    expect(wrapped.problems).toEqual([{ index: 1, message: 'This entry is not a product object' }])
    expect(() => parseJsonFeed('f.json', '{"items":[]}')).toThrow(/list of products/)
    expect(() => parseJsonFeed('f.json', '[{')).toThrow(/cannot be read/)
  })
})
