import { authenticateUser } from '../auth'
import type { UserContext } from '../auth'
import type { RequestContext, Route, Runtime } from '../context'
import { RawInteger, json, legacyError, parseMultipart } from '../http'
import type { Reply } from '../http'
import { MAX_UPLOAD_BYTES, UPLOAD_CATEGORIES, mediaTypeOfMime, probeImage, probeMp4 } from '../media'
import type { VideoProbe } from '../media'
import type { Upload } from '../state'
import { newMediaKey } from '../ads/records'

/**
 * The platform's public chunked media upload (not in the spec): INIT, APPEND, FINALIZE, STATUS.
 * Errors use the legacy `{errors: [{code, message}]}` objects; 324 is the platform's media error code.
 */
const EXPIRES_AFTER_SECS = 86_400
const MAX_SEGMENT_INDEX = 999

interface UploadParams {
  get(name: string): string | undefined
  media?: Buffer
}

function readParams(ctx: RequestContext): UploadParams {
  const values = new Map<string, string>()
  for (const [name, value] of [...ctx.query, ...ctx.form]) values.set(name, value)
  let media: Buffer | undefined
  if (ctx.contentType === 'multipart/form-data') {
    for (const part of parseMultipart(ctx.body, String(ctx.headers['content-type']))) {
      if (part.name === 'media') media = part.data
      else values.set(part.name, part.data.toString('utf8'))
    }
  }
  const base64 = values.get('media_data')
  if (!media && base64 !== undefined) media = Buffer.from(base64, 'base64')
  return { get: (name) => values.get(name), ...(media ? { media } : {}) }
}

function required(params: UploadParams, name: string): string {
  const value = params.get(name)
  if (value === undefined || value === '') throw legacyError(400, 38, `${name} parameter is missing.`)
  return value
}

function findUpload(rt: Runtime, caller: UserContext, params: UploadParams): Upload {
  const mediaId = required(params, 'media_id')
  const upload = rt.state.uploads.find((u) => u.mediaId === mediaId && u.userId === caller.user.id)
  if (!upload) throw legacyError(400, 324, `media_id ${mediaId} is not an upload of yours.`)
  return upload
}

function describe(upload: Upload, now: number): Record<string, unknown> {
  const base: Record<string, unknown> = {
    media_id: new RawInteger(upload.mediaId),
    media_id_string: upload.mediaId,
    media_key: upload.mediaKey,
    size: upload.totalBytes,
    expires_after_secs: Math.max(0, EXPIRES_AFTER_SECS - Math.floor((now - upload.createdAt) / 1000)),
  }
  const type = mediaTypeOfMime(upload.mimeType)
  const kind =
    type === 'VIDEO'
      ? { video: { video_type: upload.mimeType } }
      : { image: { image_type: upload.mimeType, w: upload.width, h: upload.height } }
  return {
    ...base,
    ...kind,
    ...(processedLater(upload) ? { processing_info: processingInfo(upload, now) } : {}),
  }
}

/**
 * Which uploads the platform processes after FINALIZE, reporting `processing_info` until done:
 * videos, and GIFs uploaded for posts (media_category post_gif), as the public upload API does.
 * Other images are ready when FINALIZE answers and carry no processing_info. The spec shows no
 * states for media; these are the upload API's: pending, in_progress, succeeded, failed.
 */
function processedLater(upload: Upload): boolean {
  const type = mediaTypeOfMime(upload.mimeType)
  return type === 'VIDEO' || (type === 'GIF' && upload.mediaCategory === 'post_gif')
}

function processingInfo(upload: Upload, now: number): Record<string, unknown> {
  if (upload.failure) {
    return {
      state: 'failed',
      progress_percent: 100,
      error: { code: 1, name: 'InvalidMedia', message: upload.failure },
    }
  }
  const remaining = upload.readyAt - now
  if (remaining <= 0) return { state: 'succeeded', progress_percent: 100 }
  const total = Math.max(1, upload.readyAt - (upload.finalizedAt ?? upload.createdAt))
  const progress = Math.min(99, Math.floor(((total - remaining) / total) * 100))
  return {
    state: progress < 10 ? 'pending' : 'in_progress',
    check_after_secs: Math.max(1, Math.ceil(remaining / 1000)),
    progress_percent: progress,
  }
}

/**
 * What makes the platform's transcode fail, from its public upload guide (not in the spec):
 * H.264 is the one video codec it names, and a post video lasts 0.5 s to 20 minutes (default
 * accounts, as the sandbox's users are).
 */
const TRANSCODED_CODECS = ['avc1', 'avc3']
const MIN_VIDEO_MS = 500
const MAX_VIDEO_MS = 20 * 60 * 1000

function transcodeFailure(probe: VideoProbe): string | undefined {
  if (probe.videoCodec && !TRANSCODED_CODECS.includes(probe.videoCodec))
    return `Unsupported video codec ${probe.videoCodec}: the video must be H.264.`
  if (probe.durationMs < MIN_VIDEO_MS || probe.durationMs > MAX_VIDEO_MS)
    return `Video duration ${probe.durationMs / 1000} s is outside 0.5 s to 20 minutes.`
  return undefined
}

function init(ctx: RequestContext, rt: Runtime, caller: UserContext, params: UploadParams): Reply {
  const totalText = required(params, 'total_bytes')
  const mimeType = required(params, 'media_type').toLowerCase()
  const mediaType = mediaTypeOfMime(mimeType)
  if (!mediaType) throw legacyError(400, 324, `media_type ${mimeType} is not supported.`)
  const total = /^\d{1,12}$/.test(totalText) ? Number(totalText) : NaN
  if (!(total > 0)) throw legacyError(400, 324, 'total_bytes must be a positive integer.')
  if (total > MAX_UPLOAD_BYTES[mediaType])
    throw legacyError(
      400,
      324,
      `total_bytes exceeds the ${MAX_UPLOAD_BYTES[mediaType]}-byte limit for ${mediaType}.`,
    )
  const categoryText = params.get('media_category')?.toLowerCase()
  const category = categoryText ? UPLOAD_CATEGORIES[categoryText] : undefined
  if (categoryText && !category) {
    throw legacyError(400, 324, `media_category must be one of ${Object.keys(UPLOAD_CATEGORIES).join(', ')}.`)
  }
  if (category && category.mediaType !== mediaType) {
    throw legacyError(400, 324, `media_category ${categoryText} does not fit media_type ${mimeType}.`)
  }
  const { mediaId, mediaKey } = newMediaKey(rt.state, mediaType, category?.libraryCategory ?? null)
  const upload: Upload = {
    mediaId,
    mediaKey,
    userId: caller.user.id,
    mimeType,
    mediaCategory: categoryText ?? null,
    totalBytes: total,
    receivedBytes: 0,
    segments: {},
    phase: 'uploading',
    readyAt: Number.MAX_SAFE_INTEGER,
    createdAt: ctx.now,
  }
  rt.state.uploads.push(upload)
  rt.state.created.media_uploads += 1
  return json(202, describeInit(upload))
}

function describeInit(upload: Upload): Record<string, unknown> {
  return {
    media_id: new RawInteger(upload.mediaId),
    media_id_string: upload.mediaId,
    media_key: upload.mediaKey,
    expires_after_secs: EXPIRES_AFTER_SECS,
  }
}

function append(rt: Runtime, caller: UserContext, params: UploadParams): Reply {
  const upload = findUpload(rt, caller, params)
  if (upload.phase !== 'uploading') throw legacyError(400, 324, 'This upload is already finalized.')
  const indexText = required(params, 'segment_index')
  const index = /^\d{1,3}$/.test(indexText) ? Number(indexText) : NaN
  if (!(index >= 0 && index <= MAX_SEGMENT_INDEX))
    throw legacyError(400, 324, `segment_index must be 0 to ${MAX_SEGMENT_INDEX}.`)
  if (!params.media || params.media.length === 0) throw legacyError(400, 38, 'media parameter is missing.')
  let chunks = rt.uploadBytes.get(upload.mediaId)
  if (!chunks) {
    if (upload.receivedBytes > 0)
      throw legacyError(400, 324, 'This upload session expired with a restart: start again with INIT.')
    chunks = new Map()
    rt.uploadBytes.set(upload.mediaId, chunks)
  }
  // Re-sending a segment replaces it, so a client may retry an APPEND whose response was lost.
  const previous = chunks.get(index)?.length ?? 0
  if (upload.receivedBytes - previous + params.media.length > upload.totalBytes) {
    throw legacyError(400, 324, 'Appended bytes exceed total_bytes.')
  }
  chunks.set(index, params.media)
  upload.segments[String(index)] = params.media.length
  upload.receivedBytes += params.media.length - previous
  return { status: 204 }
}

function finalize(ctx: RequestContext, rt: Runtime, caller: UserContext, params: UploadParams): Reply {
  const upload = findUpload(rt, caller, params)
  if (upload.phase === 'finalized') return json(200, describe(upload, ctx.now))
  const chunks = rt.uploadBytes.get(upload.mediaId) ?? new Map<number, Buffer>()
  const indexes = [...chunks.keys()].sort((a, b) => a - b)
  if (indexes.some((value, position) => value !== position))
    throw legacyError(400, 324, 'Segments are not contiguous from segment_index 0.')
  if (upload.receivedBytes !== upload.totalBytes) {
    throw legacyError(
      400,
      324,
      `File size mismatch: total_bytes ${upload.totalBytes}, received ${upload.receivedBytes}.`,
    )
  }
  const bytes = Buffer.concat(indexes.map((i) => chunks.get(i) as Buffer))
  const type = mediaTypeOfMime(upload.mimeType)
  if (type === 'VIDEO') {
    const probe = probeMp4(bytes)
    if (probe)
      Object.assign(upload, { width: probe.width, height: probe.height, durationMs: probe.durationMs })
    const failure = probe
      ? transcodeFailure(probe)
      : 'Unsupported video: no readable MP4 movie and track headers.'
    if (failure) upload.failure = failure
    upload.readyAt = ctx.now + rt.limits.videoProcessingMs
  } else {
    const probe = probeImage(bytes)
    if (!probe || (probe.format === 'gif') !== (type === 'GIF')) {
      throw legacyError(400, 324, `The bytes are not a readable ${upload.mimeType} image.`)
    }
    upload.width = probe.width
    upload.height = probe.height
    upload.readyAt = processedLater(upload) ? ctx.now + rt.limits.gifProcessingMs : ctx.now
  }
  upload.phase = 'finalized'
  upload.finalizedAt = ctx.now
  rt.uploadBytes.delete(upload.mediaId)
  return json(201, describe(upload, ctx.now))
}

function handle(ctx: RequestContext, rt: Runtime): Reply {
  const params = readParams(ctx)
  const command = required(params, 'command')
  const caller = authenticateUser(ctx, rt, { write: command !== 'STATUS', style: 'legacy' })
  switch (command) {
    case 'INIT':
      return init(ctx, rt, caller, params)
    case 'APPEND':
      return append(rt, caller, params)
    case 'FINALIZE':
      return finalize(ctx, rt, caller, params)
    case 'STATUS': {
      const upload = findUpload(rt, caller, params)
      if (upload.phase !== 'finalized') throw legacyError(400, 324, 'STATUS is available after FINALIZE.')
      return json(200, describe(upload, ctx.now))
    }
    default:
      throw legacyError(400, 324, `command must be INIT, APPEND, FINALIZE or STATUS (got ${command}).`)
  }
}

export const mediaUploadRoutes: Route[] = ['/1.1/media/upload', '/1.1/media/upload.json'].flatMap(
  (pattern) => [
    { method: 'POST', pattern, handler: handle },
    { method: 'GET', pattern, handler: handle },
  ],
)
