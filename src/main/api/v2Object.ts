import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import type { AdsContext } from './adsRequest'
import { decodeAnswer } from './envelope'

/**
 * One object of the newer /2 API on {base_url} (a post, a news story) by its id, read as the
 * designer. The answer is `data` or, for an id the platform does not know, `errors` with a
 * detail: that is a not_found failure in the platform's words, or `missing` when it gives none.
 */
export async function getV2Object<T>(
  ctx: AdsContext,
  read: {
    /** The collection under /2, e.g. 'posts'. */
    path: string
    id: string
    query: Record<string, string>
    schema: z.ZodType<T>
    missing: string
    /** The request field the id came from, for the failure. */
    field?: string
  },
): Promise<T> {
  const response = await ctx.http.send({
    method: 'GET',
    url: `${ctx.hosts.apiUrl}/2/${read.path}/${encodeURIComponent(read.id)}`,
    query: read.query,
    auth: { kind: 'oauth1', credentials: ctx.credentials },
  })
  const answer = decodeAnswer(
    z
      .object({
        data: read.schema.optional(),
        errors: z.array(z.object({ detail: z.string().optional() }).loose()).optional(),
      })
      .loose(),
    response.json,
  )
  if (answer.data === undefined)
    throw new AppFailure(
      appError('not_found', answer.errors?.[0]?.detail ?? read.missing, { field: read.field }),
    )
  return answer.data
}
