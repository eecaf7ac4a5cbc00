import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import type { HttpRequest } from '../../../src/main/api/httpTypes'
import { getV2Object } from '../../../src/main/api/v2Object'

function contextAnswering(json: unknown) {
  const sent: HttpRequest[] = []
  const ctx = {
    http: {
      send: async (request: HttpRequest) => {
        sent.push(request)
        return { status: 200, headers: {}, text: JSON.stringify(json), json }
      },
    },
    hosts: { apiUrl: 'http://127.0.0.1:9' },
    credentials: {},
  } as unknown as AdsContext
  return { ctx, sent }
}

const read = {
  path: 'posts',
  id: 'a/b',
  query: { 'post.fields': 'created_at' },
  schema: z.object({ id: z.string() }).loose(),
  missing: 'There is no post a/b',
  field: 'postId',
}

describe('one object of the /2 API', () => {
  it('reads the object at its escaped id, signed as the designer', async () => {
    const { ctx, sent } = contextAnswering({ data: { id: '7', text: 'hi' } })
    await expect(getV2Object(ctx, read)).resolves.toEqual({ id: '7', text: 'hi' })
    expect(sent[0]).toMatchObject({
      method: 'GET',
      url: 'http://127.0.0.1:9/2/posts/a%2Fb',
      query: { 'post.fields': 'created_at' },
      auth: { kind: 'oauth1' },
    })
  })

  it('is not_found in the platform’s words, or ours when it gives none, on the field', async () => {
    const worded = contextAnswering({ errors: [{ detail: 'Could not find post a/b.' }] })
    await expect(getV2Object(worded.ctx, read)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Could not find post a/b.',
      field: 'postId',
    })
    const bare = contextAnswering({})
    await expect(getV2Object(bare.ctx, read)).rejects.toMatchObject({
      code: 'not_found',
      message: 'There is no post a/b',
    })
  })

  it('refuses an answer of another shape as unexpected', async () => {
    const { ctx } = contextAnswering({ data: { id: 7 } })
    await expect(getV2Object(ctx, read)).rejects.toMatchObject({ code: 'unexpected_response' })
  })
})
