import type { Route, Runtime } from '../context'
import { UPLOAD_CATEGORIES, mediaTypeOfMime } from '../media'
import type { AdsRecord } from '../state'
import { touch } from '../state'
import { AdsInput, accountIdOf, adsCaller, single } from './core'
import type { AdsCaller, ListSpec } from './core'
import { accountRecords, deleteOwnedRoute, findOwned, getOwnedRoute, listRoute } from './resourceRoutes'
import type { OwnedResource } from './resourceRoutes'
import { libraryItem, readyUpload } from './lookup'
import { makeLibraryItem, makePrerollAccountMedia, mediaUrl } from './records'

const LIBRARY_LIST: ListSpec = { countDefault: 20, countMax: 50, withDeleted: false }
const LIMITS = { name: 100, file_name: 255, description: 200, title: 70 } as const
const VIDEO_ONLY = ['description', 'title', 'poster_media_key'] as const
const EDITABLE = ['description', 'file_name', 'name', 'poster_media_key', 'title'] as const

interface Editable {
  description?: string
  file_name?: string
  name?: string
  title?: string
  poster?: { mediaKey: string; url: string }
}

/** Reads the optional fields shared by POST and PUT; `isVideo` decides the videos-only rule. */
function readEditable(
  input: AdsInput,
  rt: Runtime,
  caller: AdsCaller,
  isVideo: boolean,
  now: number,
): Editable {
  const result: Editable = {}
  for (const field of ['description', 'file_name', 'name', 'title'] as const) {
    const value = input.string(field, { max: LIMITS[field] })
    if (value !== undefined) result[field] = value
  }
  const posterKey = input.string('poster_media_key')
  if (posterKey !== undefined) {
    const inLibrary = libraryItem(rt, accountIdOf(caller), posterKey)
    const upload = readyUpload(rt, caller.user.id, posterKey, now)
    const isImage = inLibrary
      ? inLibrary.media_type === 'IMAGE'
      : upload
        ? mediaTypeOfMime(upload.mimeType) === 'IMAGE'
        : false
    if (!isImage) input.invalid('poster_media_key', `${posterKey} is not an uploaded image`)
    else
      result.poster = {
        mediaKey: posterKey,
        url: (inLibrary?.media_url as string | undefined) ?? mediaUrl(posterKey),
      }
  }
  if (!isVideo)
    for (const field of VIDEO_ONLY)
      if (input.has(field)) input.invalid(field, `${field} applies to videos only`)
  return result
}

function termMatch(item: AdsRecord, q: string): boolean {
  const haystack = ['name', 'title', 'file_name', 'description'].map((f) =>
    String(item[f] ?? '').toLowerCase(),
  )
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.some((field) => field.includes(term)))
}

const LIBRARY_ITEM: OwnedResource = {
  collection: 'mediaLibrary',
  label: 'Media library object',
  idParam: 'media_key',
  idKey: 'media_key',
}

export const mediaLibraryRoutes: Route[] = [
  listRoute({
    pattern: '/accounts/:account_id/media_library',
    spec: LIBRARY_LIST,
    filterParameters: ['media_type', 'q'],
    readFilters: (input) => ({
      mediaType: input.oneOf('media_type', ['GIF', 'IMAGE', 'VIDEO']),
      q: input.string('q', { min: 1, max: 255 }),
    }),
    records: (rt, caller, { mediaType, q }) =>
      accountRecords(rt, caller, 'mediaLibrary').filter(
        (m) =>
          (mediaType === undefined || m.media_type === mediaType) && (q === undefined || termMatch(m, q)),
      ),
    idKey: 'media_key',
  }),
  getOwnedRoute('/accounts/:account_id/media_library/:media_key', LIBRARY_ITEM, { withDeleted: false }),
  {
    method: 'POST',
    pattern: '/accounts/:account_id/media_library',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const input = new AdsInput(ctx, ['media_key', ...EDITABLE])
      const mediaKey = input.string('media_key', { required: true })
      const anyUpload = rt.state.uploads.find((u) => u.mediaKey === mediaKey && u.userId === caller.user.id)
      const upload = mediaKey !== undefined ? readyUpload(rt, caller.user.id, mediaKey, ctx.now) : undefined
      const category = upload?.mediaCategory ? UPLOAD_CATEGORIES[upload.mediaCategory] : undefined
      if (mediaKey !== undefined) {
        if (!anyUpload) input.invalid('media_key', `${mediaKey} is not a media key from one of your uploads`)
        else if (anyUpload.failure)
          input.invalid('media_key', `${mediaKey} failed processing: ${anyUpload.failure}`)
        else if (!upload)
          input.invalid('media_key', `${mediaKey} is not ready: finish the upload and wait for processing`)
        else if (!category) input.invalid('media_key', `${mediaKey} was uploaded without a media_category`)
        else if (libraryItem(rt, accountId, mediaKey))
          input.invalid('media_key', `${mediaKey} is already in the media library`)
      }
      const editable = readEditable(input, rt, caller, category?.mediaType === 'VIDEO', ctx.now)
      input.finish()
      if (!upload || !category) throw new Error('unreachable: checked above')
      const item = makeLibraryItem({
        account: accountId,
        mediaKey: upload.mediaKey,
        mediaType: category.mediaType,
        mediaCategory: category.libraryCategory,
        width: upload.width ?? 0,
        height: upload.height ?? 0,
        ...(upload.durationMs !== undefined ? { durationMs: upload.durationMs } : {}),
        name: editable.name ?? null,
        fileName: editable.file_name ?? null,
        description: editable.description ?? null,
        title: editable.title ?? null,
        poster: editable.poster ?? null,
        now: ctx.now,
      })
      rt.state.mediaLibrary.push(item)
      rt.state.created.media_library += 1
      if (category.libraryCategory === 'ADS_VIDEO') {
        rt.state.accountMedia.push(makePrerollAccountMedia(rt.state, accountId, upload.mediaKey, ctx.now))
      }
      return single(ctx, item)
    },
  },
  {
    method: 'PUT',
    pattern: '/accounts/:account_id/media_library/:media_key',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const item = findOwned(ctx, rt, caller, LIBRARY_ITEM)
      const input = new AdsInput(ctx, [...EDITABLE])
      const editable = readEditable(input, rt, caller, item.media_type === 'VIDEO', ctx.now)
      input.finish()
      for (const field of ['description', 'file_name', 'name', 'title'] as const) {
        if (editable[field] !== undefined) item[field] = editable[field]
      }
      if (editable.poster) {
        item.poster_media_key = editable.poster.mediaKey
        item.poster_media_url = editable.poster.url
      }
      touch(item, ctx.now)
      return single(ctx, item)
    },
  },
  deleteOwnedRoute('/accounts/:account_id/media_library/:media_key', LIBRARY_ITEM),
]
