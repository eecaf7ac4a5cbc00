import { z } from 'zod'
import { POST_LENGTH_LIMITS } from '../../rules/limits'
import { emptyRequest as empty } from './fields'

/** The app itself: its name and version, the designer's settings, and links opened in the browser. */

export const themeSchema = z.enum(['system', 'light', 'dark'])
const postLengthLimitSchema = z.union(POST_LENGTH_LIMITS.map((limit) => z.literal(limit)))

/** "<profile id>/<user id>" (postLengthKey). */
const postLengthKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{1,64}$/, 'Not a profile/user key')

export const settingsSchema = z.object({
  theme: themeSchema,
  /**
   * The post length of each posting user ("<profile id>/<user id>", postLengthKey), as the
   * designer answered or a refusal of the platform taught: the API does not say it.
   */
  postLengthLimits: z
    .record(postLengthKeySchema, postLengthLimitSchema)
    .refine((limits) => Object.keys(limits).length <= 1_000, 'At most 1,000 users'),
  /** When the platform refused a post over a user's length, so the app corrected what it believed. */
  postLengthRefusals: z
    .record(postLengthKeySchema, z.iso.datetime())
    .refine((refusals) => Object.keys(refusals).length <= 1_000, 'At most 1,000 users')
    .optional(),
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
    postLengthRefusals: settingsSchema.shape.postLengthRefusals.unwrap().exactOptional(),
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
