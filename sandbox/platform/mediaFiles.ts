import type { Route } from '../context'
import { legacyError } from '../http'
import { placeholderPng } from '../media'

/**
 * Serves media_url and poster_media_url. The sandbox keeps metadata, not bytes, so it answers
 * with a placeholder PNG of the item's real dimensions; that is enough for previews and layout.
 */
export const mediaFileRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/media/:file',
    page: true,
    handler: (ctx, rt) => {
      const match = /^(\d+_\d+)(-poster)?\.png$/.exec(ctx.params.file ?? '')
      const key = match?.[1]
      const item = rt.state.mediaLibrary.find((m) => m.media_key === key)
      const upload = rt.state.uploads.find((u) => u.mediaKey === key)
      const accountMedia = rt.state.accountMedia.find((m) =>
        String(m.media_url).endsWith(`/${ctx.params.file}`),
      )
      const width =
        (item?._width as number | undefined) ?? upload?.width ?? (accountMedia?._width as number | undefined)
      const height =
        (item?._height as number | undefined) ??
        upload?.height ??
        (accountMedia?._height as number | undefined)
      if (!key || !width || !height) throw legacyError(404, 34, 'Sorry, that page does not exist.')
      return {
        status: 200,
        headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' },
        body: placeholderPng(width, height, key),
      }
    },
  },
]
