import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import { MESSAGES } from './errors'

/** The ads response envelope (spec part A, "Endpoints"): request, data, next_cursor, total_count. */
export interface Envelope<T> {
  data: T
  nextCursor: string | null
  totalCount?: number
  requestParams?: Record<string, unknown>
}

const envelopeSchema = z.object({
  request: z
    .object({ params: z.record(z.string(), z.unknown()).optional() })
    .loose()
    .optional(),
  data: z.unknown(),
  next_cursor: z.union([z.string(), z.number()]).nullable().optional(),
  total_count: z.number().int().nonnegative().optional(),
})

/** The platform's answer read with `schema`; any other shape is an unexpected_response failure. */
export function decodeAnswer<T>(schema: z.ZodType<T>, json: unknown): T {
  const result = schema.safeParse(json)
  if (!result.success) throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
  return result.data
}

export function decodeEnvelope<T>(body: unknown, dataSchema: z.ZodType<T>): Envelope<T> {
  const outer = envelopeSchema.safeParse(body)
  if (!outer.success || outer.data.data === undefined) {
    throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
  }
  const envelope: Envelope<T> = {
    data: decodeAnswer(dataSchema, outer.data.data),
    nextCursor:
      outer.data.next_cursor === undefined || outer.data.next_cursor === null
        ? null
        : String(outer.data.next_cursor),
  }
  if (outer.data.total_count !== undefined) envelope.totalCount = outer.data.total_count
  if (outer.data.request?.params) envelope.requestParams = outer.data.request.params
  return envelope
}
