import { z } from 'zod'
import { POST_LENGTH_LIMITS } from '../../rules/limits'
import { emptyRequest as empty } from './fields'

/** The app itself: its name and version, the designer's settings, and links opened in the browser. */

export const themeSchema = z.enum(['system', 'light', 'dark'])
const postLengthLimitSchema = z.union(POST_LENGTH_LIMITS.map((limit) => z.literal(limit)))

/** "<profile id>/<account id>", or the renderer's stand-ins "no-profile" / "no-account". */
const postLengthKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{1,64}$/, 'Not a profile/account key')

export const settingsSchema = z.object({
  theme: themeSchema,
  /**
   * The post length the designer chose per ad account ("<profile id>/<account id>"): the API
   * does not say whether an account has standard, extended or long-form posts.
   */
  postLengthLimits: z
    .record(postLengthKeySchema, postLengthLimitSchema)
    .refine((limits) => Object.keys(limits).length <= 1_000, 'At most 1,000 ad accounts'),
  /** How many backups of each draft to keep (the newest); older ones are removed as new ones are written. */
  draftBackupsKept: z.number().int().min(1, 'Keep at least one backup').max(100, 'Keep at most 100 backups'),
})
export type Settings = z.infer<typeof settingsSchema>

/**
 * A patch sets what it names. A key that is present must hold a value: `{ postLengthLimits:
 * undefined }` is refused, not read as "clear every saved limit".
 */
const settingsPatchSchema = z
  .object({
    theme: settingsSchema.shape.theme.exactOptional(),
    postLengthLimits: settingsSchema.shape.postLengthLimits.exactOptional(),
    draftBackupsKept: settingsSchema.shape.draftBackupsKept.exactOptional(),
  })
  .strict()

export const appContract = {
  'app.info': {
    request: empty,
    response: z.object({ name: z.string(), version: z.string() }),
  },
  'settings.get': {
    request: empty,
    response: settingsSchema,
  },
  'settings.update': {
    request: settingsPatchSchema,
    response: settingsSchema,
  },
  'external.open': {
    request: z.object({ url: z.string().url().max(2048) }).strict(),
    response: z.object({ opened: z.literal(true) }),
  },
} as const
