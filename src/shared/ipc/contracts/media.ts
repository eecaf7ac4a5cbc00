import { z } from 'zod'
import { localMediaRefSchema } from '../../creatives/media'

const inspected = {
  media: localMediaRefSchema,
  /** A data: URL of the image itself, for thumbnails; absent for videos and very large files. */
  preview: z.string().startsWith('data:image/').optional(),
}

export const mediaContract = {
  /** Shows the native file dialog in main and reads the chosen file there. */
  'media.pickLocal': {
    request: z.object({}).strict(),
    response: z.discriminatedUnion('picked', [
      z.object({ picked: z.literal(false) }),
      z.object({ picked: z.literal(true), ...inspected }),
    ]),
  },
  /** Reads a file by absolute path: a file dropped on the picker, or a draft's medium shown again. */
  'media.inspectPath': {
    request: z.object({ path: z.string().min(1).max(4096) }).strict(),
    response: z.object(inspected),
  },
} as const
