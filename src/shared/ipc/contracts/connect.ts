import { z } from 'zod'
import { apiHostsInputSchema } from '../../hosts'
import {
  accessLevelSchema,
  environmentSchema,
  profileIdSchema,
  profileListSchema,
  profileSummarySchema,
} from '../../profiles'
import { accountRequest, emptyRequest as empty, optionalText, profileRequest, sendableText } from './fields'

/**
 * Connection profiles and their authorization (the PIN flow), the ad account a profile works
 * with, and the developer tools that use the app-only bearer token.
 */

/** The bearer token itself never crosses IPC: only whether there is one and a masked hint. */
const bearerStatusSchema = z.object({ present: z.boolean(), masked: z.string().optional() })

/** The bearer token tools: each names the profile and answers with the token's status. */
const bearerChannel = { request: profileRequest, response: bearerStatusSchema }

export const connectContract = {
  'profiles.list': {
    request: empty,
    response: profileListSchema,
  },
  'profiles.activate': {
    request: profileRequest,
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
    request: profileRequest,
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
    request: profileRequest,
    response: z.object({ accounts: z.array(z.object({ id: z.string(), name: z.string() })) }),
  },
  'accounts.select': {
    request: accountRequest,
    response: profileSummarySchema,
  },
  'devtools.bearerStatus': bearerChannel,
  'devtools.bearerCreate': bearerChannel,
  'devtools.bearerRevoke': bearerChannel,
  'devtools.deleteWebhook': {
    request: z.object({ profileId: profileIdSchema, webhookId: sendableText(40) }).strict(),
    response: z.object({
      deleted: z.boolean(),
      problem: z
        .object({
          ...optionalText('title', 'type', 'detail'),
          status: z.number().optional(),
          code: z.number().optional(),
          message: z.string().optional(),
        })
        .optional(),
    }),
  },
} as const
