import { FormData } from 'undici'
import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import type { AdsContext } from './adsRequest'
import { MESSAGES } from './errors'
import type { HttpRequest } from './http'

/**
 * Chunked media upload (INIT, APPEND, FINALIZE, STATUS) at {apiUrl}/1.1/media/upload. These
 * answers are bare objects, not the ads envelope. INIT, APPEND and FINALIZE are POSTs and so are
 * never retried here: a lost answer surfaces as outcome_unknown for the outbox to handle.
 */

const processingInfoSchema = z
  .object({
    state: z.enum(['pending', 'in_progress', 'failed', 'succeeded']),
    check_after_secs: z.number().optional(),
    progress_percent: z.number().optional(),
    error: z
      .object({ code: z.number().optional(), name: z.string().optional(), message: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose()

const uploadSchema = z
  .object({
    media_id: z.union([z.number(), z.string()]).optional(),
    media_id_string: z.string().optional(),
    media_key: z.string().optional(),
    expires_after_secs: z.number().optional(),
    processing_info: processingInfoSchema.optional(),
  })
  .loose()

export type ProcessingInfo = z.infer<typeof processingInfoSchema>

export interface UploadState {
  mediaId: string
  mediaKey?: string
  expiresAfterSecs?: number
  processingInfo?: ProcessingInfo
}

function uploadUrl(ctx: AdsContext): string {
  return `${ctx.hosts.apiUrl}/1.1/media/upload`
}

function readUpload(body: unknown): UploadState {
  const parsed = uploadSchema.safeParse(body)
  const mediaId = parsed.success ? (parsed.data.media_id_string ?? parsed.data.media_id) : undefined
  if (!parsed.success || mediaId === undefined) {
    throw new AppFailure(appError('unexpected_response', MESSAGES.unexpected_response))
  }
  const state: UploadState = { mediaId: String(mediaId) }
  if (parsed.data.media_key !== undefined) state.mediaKey = parsed.data.media_key
  if (parsed.data.expires_after_secs !== undefined) state.expiresAfterSecs = parsed.data.expires_after_secs
  if (parsed.data.processing_info !== undefined) state.processingInfo = parsed.data.processing_info
  return state
}

function signedBy(ctx: AdsContext): HttpRequest['auth'] {
  return { kind: 'oauth1', credentials: ctx.credentials }
}

export interface UploadInit {
  totalBytes: number
  mediaType: string
  /** Needed for the returned media_key to be usable in the media library (e.g. POST_IMAGE, ADS_VIDEO). */
  mediaCategory?: string
}

export async function uploadInit(ctx: AdsContext, input: UploadInit): Promise<UploadState> {
  const fields: Record<string, string> = {
    command: 'INIT',
    total_bytes: String(input.totalBytes),
    media_type: input.mediaType,
  }
  if (input.mediaCategory) fields.media_category = input.mediaCategory
  const response = await ctx.http.send({
    method: 'POST',
    url: uploadUrl(ctx),
    body: { kind: 'form', fields },
    auth: signedBy(ctx),
  })
  return readUpload(response.json)
}

export async function uploadAppend(
  ctx: AdsContext,
  input: { mediaId: string; segmentIndex: number; chunk: Uint8Array },
): Promise<void> {
  const form = new FormData()
  form.set('command', 'APPEND')
  form.set('media_id', input.mediaId)
  form.set('segment_index', String(input.segmentIndex))
  // A copy typed over a plain ArrayBuffer, which is what Blob accepts under every @types/node.
  form.set('media', new Blob([new Uint8Array(input.chunk)]), 'blob')
  await ctx.http.send({
    method: 'POST',
    url: uploadUrl(ctx),
    body: { kind: 'multipart', form },
    auth: signedBy(ctx),
  })
}

export async function uploadFinalize(ctx: AdsContext, mediaId: string): Promise<UploadState> {
  const response = await ctx.http.send({
    method: 'POST',
    url: uploadUrl(ctx),
    body: { kind: 'form', fields: { command: 'FINALIZE', media_id: mediaId } },
    auth: signedBy(ctx),
  })
  return readUpload(response.json)
}

export async function uploadStatus(ctx: AdsContext, mediaId: string): Promise<UploadState> {
  const response = await ctx.http.send({
    method: 'GET',
    url: uploadUrl(ctx),
    query: { command: 'STATUS', media_id: mediaId },
    auth: signedBy(ctx),
  })
  return readUpload(response.json)
}
