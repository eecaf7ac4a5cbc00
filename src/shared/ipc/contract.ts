import { z } from 'zod'
import type { Channel } from './channels'
import { apiHostsInputSchema } from '../hosts'
import { POST_LENGTH_LIMITS } from '../rules/limits'
import { draftsContract } from './contracts/drafts'
import { mediaContract } from './contracts/media'
import { outboxContract } from './contracts/outbox'
import { libraryContract } from './contracts/library'
import { campaignContract } from './contracts/campaign'
import { catalogsContract } from './contracts/catalogs'
import { audiencesContract } from './contracts/audiences'
import { publishedContract } from './contracts/published'
import { platformIdSchema, sendableText } from './contracts/fields'
import {
  accessLevelSchema,
  environmentSchema,
  profileIdSchema,
  profileListSchema,
  profileSummarySchema,
} from '../profiles'

/**
 * Every IPC channel, with the schema of its request and of its response. Main validates each
 * incoming payload (and each outgoing value) against this map; the preload and the E2E bridge
 * are built from its keys. A channel is `namespace.method`, exposed as `window.studio.namespace.method`.
 */

const empty = z.object({}).strict()

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

/** The bearer token itself never crosses IPC: only whether there is one and a masked hint. */
const bearerStatusSchema = z.object({ present: z.boolean(), masked: z.string().optional() })

export const contract = {
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
  'profiles.list': {
    request: empty,
    response: profileListSchema,
  },
  'profiles.activate': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: profileListSchema,
  },
  /**
   * After a damaged settings file was set aside: puts back the offered profiles named (their
   * secrets are still in the keychain) and ends the offer; an empty list dismisses it.
   */
  'profiles.restore': {
    request: z.object({ profileIds: z.array(profileIdSchema).max(100) }).strict(),
    response: profileListSchema,
  },
  'profiles.signOut': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: z.object({
      list: profileListSchema,
      /** False when the platform could not be told (offline); the secrets are gone locally either way. */
      revokedOnServer: z.boolean(),
      notice: z.string(),
    }),
  },
  'connect.begin': {
    request: z
      .object({
        /** Re-authorize an existing profile; its consumer secret is read from the keychain if not given. */
        profileId: profileIdSchema.optional(),
        label: sendableText(60).trim().optional(),
        environment: environmentSchema,
        /** Part of the profile's identity: a change needs the secret again and starts authorization over. */
        hosts: apiHostsInputSchema,
        consumerKey: sendableText(200).trim().min(1, 'Enter the app’s API key'),
        /** Travels once, renderer → main, straight into the keychain. Never sent back. */
        consumerSecret: sendableText(200).trim().min(1, 'Enter the app’s API key secret').optional(),
        accessLevel: accessLevelSchema,
        forceLogin: z.boolean(),
        screenName: sendableText(50).trim().optional(),
      })
      .strict(),
    response: z.object({ profileId: z.string(), authorizeUrl: z.string().url() }),
  },
  'connect.complete': {
    request: z.object({ profileId: profileIdSchema, pin: z.string().max(20) }).strict(),
    response: profileSummarySchema,
  },
  'accounts.list': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: z.object({ accounts: z.array(z.object({ id: z.string(), name: z.string() })) }),
  },
  'accounts.select': {
    request: z.object({ profileId: profileIdSchema, accountId: platformIdSchema }).strict(),
    response: profileSummarySchema,
  },
  'devtools.bearerStatus': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: bearerStatusSchema,
  },
  'devtools.bearerCreate': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: bearerStatusSchema,
  },
  'devtools.bearerRevoke': {
    request: z.object({ profileId: profileIdSchema }).strict(),
    response: bearerStatusSchema,
  },
  'devtools.deleteWebhook': {
    request: z.object({ profileId: profileIdSchema, webhookId: sendableText(40) }).strict(),
    response: z.object({
      deleted: z.boolean(),
      problem: z
        .object({
          title: z.string().optional(),
          type: z.string().optional(),
          detail: z.string().optional(),
          status: z.number().optional(),
          code: z.number().optional(),
          message: z.string().optional(),
        })
        .optional(),
    }),
  },
  ...draftsContract,
  ...mediaContract,
  ...outboxContract,
  ...libraryContract,
  ...campaignContract,
  ...catalogsContract,
  ...audiencesContract,
  ...publishedContract,
} as const satisfies { [C in Channel]: { request: z.ZodType; response: z.ZodType } }

export type Contract = typeof contract
export type { Channel }
export type RequestOf<C extends Channel> = z.input<Contract[C]['request']>
export type ParsedRequestOf<C extends Channel> = z.output<Contract[C]['request']>
export type ResponseOf<C extends Channel> = z.output<Contract[C]['response']>
