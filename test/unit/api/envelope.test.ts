import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { collectAll, paginate } from '../../../src/main/api/cursor'
import { decodeEnvelope } from '../../../src/main/api/envelope'
import type { Envelope } from '../../../src/main/api/envelope'
import { AppFailure } from '../../../src/shared/errors'

const item = z.object({ id: z.string() })

describe('decodeEnvelope', () => {
  it('reads data, next_cursor, total_count and request params', () => {
    const envelope = decodeEnvelope(
      {
        request: { params: { account_id: 'a1' } },
        data: [{ id: '1', extra: true }],
        next_cursor: 'c2',
        total_count: 7,
      },
      z.array(item),
    )
    expect(envelope).toEqual({
      data: [{ id: '1' }],
      nextCursor: 'c2',
      totalCount: 7,
      requestParams: { account_id: 'a1' },
    })
  })

  it('treats a missing or null cursor as the last page', () => {
    expect(decodeEnvelope({ data: { id: '1' } }, item).nextCursor).toBeNull()
    expect(decodeEnvelope({ data: [], next_cursor: null }, z.array(item)).nextCursor).toBeNull()
  })

  it.each([[undefined], ['<html>'], [{ errors: [] }], [{ data: [{ name: 'no id' }] }]])(
    'rejects %j as unexpected_response',
    (body) => {
      expect(() => decodeEnvelope(body, z.array(item))).toThrow(AppFailure)
      try {
        decodeEnvelope(body, z.array(item))
      } catch (error) {
        expect((error as AppFailure).code).toBe('unexpected_response')
      }
    },
  )
})

describe('paginate', () => {
  it('follows next_cursor until it is null', async () => {
    const pages: Record<string, Envelope<{ id: string }[]>> = {
      start: { data: [{ id: '1' }, { id: '2' }], nextCursor: 'b' },
      b: { data: [{ id: '3' }], nextCursor: 'c' },
      c: { data: [{ id: '4' }], nextCursor: null },
    }
    const asked: (string | undefined)[] = []
    const items = await collectAll(
      paginate(async (cursor) => {
        asked.push(cursor)
        return pages[cursor ?? 'start']!
      }),
    )
    expect(items.map((entry) => entry.id)).toEqual(['1', '2', '3', '4'])
    expect(asked).toEqual([undefined, 'b', 'c'])
  })

  it('fetches lazily: stopping early asks for no further page', async () => {
    let fetched = 0
    const iterator = paginate(async (cursor) => {
      fetched++
      return { data: [{ id: cursor ?? 'first' }], nextCursor: `${cursor ?? ''}x` }
    })
    for await (const entry of iterator) {
      expect(entry.id).toBe('first')
      break
    }
    expect(fetched).toBe(1)
  })

  it('stops a server that repeats a cursor instead of looping forever', async () => {
    const iterator = paginate(async () => ({ data: [{ id: '1' }], nextCursor: 'same' }))
    await expect(collectAll(iterator)).rejects.toMatchObject({ code: 'unexpected_response' })
  })
})
