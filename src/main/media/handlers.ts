import type { mediaContract } from '../../shared/ipc/contracts/media'
import type { HandlersOf } from '../ipc/dispatcher'
import type { MediaService } from './mediaService'

/** Local media: a file the designer picked or dropped, read and described in main. */
export function createMediaHandlers(media: MediaService): HandlersOf<typeof mediaContract> {
  return {
    'media.pickLocal': async () => {
      const result = await media.pickLocal()
      return result.picked ? { picked: true as const, media: result.ref, preview: result.preview } : result
    },
    'media.inspectPath': async ({ token }) => {
      const { ref, preview } = await media.inspectToken(token)
      return { media: ref, preview }
    },
    'media.dropKey': () => media.dropKey(),
    'media.inspectDropped': async ({ path, key }) => {
      const { ref, preview } = await media.inspectDropped(path, key)
      return { media: ref, preview }
    },
  }
}
