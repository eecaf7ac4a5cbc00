import { z } from 'zod'
import { emptyRequest } from './fields'
import { localMediaRefSchema, mediaTokenSchema } from '../../creatives/media'

/** 24 random bytes, base64url. */
const dropKeySchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Not a drop key Ads Studio handed out')

const inspected = {
  media: localMediaRefSchema,
  /** A data: URL of the image itself, for thumbnails; absent for videos and very large files. */
  preview: z.string().startsWith('data:image/').optional(),
}

export const mediaContract = {
  /** Shows the native file dialog in main and reads the chosen file there. */
  'media.pickLocal': {
    request: emptyRequest,
    response: z.discriminatedUnion('picked', [
      z.object({ picked: z.literal(false) }),
      z.object({ picked: z.literal(true), ...inspected }),
    ]),
  },
  /**
   * Reads a file main handed out a token for (chosen in the dialog or dropped): a draft's
   * medium shown again. The renderer never names a path to read.
   */
  'media.inspectPath': {
    request: z.object({ token: mediaTokenSchema }).strict(),
    response: z.object(inspected),
  },
  /**
   * The key that proves a drop (main/media/mediaService.ts): the preload alone asks for it, once,
   * as its document starts and before the page's scripts run; main hands it out once per document.
   */
  'media.dropKey': {
    request: z.object({}).strict(),
    response: z.object({ key: dropKeySchema }),
  },
  /**
   * A file dropped on the window: the preload alone calls this, with the path Electron gives
   * for a real dropped File (webUtils.getPathForFile) and the drop key; neither is on
   * window.studio, so the page cannot name a path. Main grants the file a token and reads it.
   */
  'media.inspectDropped': {
    request: z.object({ path: z.string().min(1).max(4096), key: dropKeySchema }).strict(),
    response: z.object(inspected),
  },
} as const
