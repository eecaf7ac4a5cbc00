import { z } from 'zod'
import { accountRequest } from './fields'

/**
 * The account mirror (issue 42): "Get recent changes" for an ad account, how old each kind's
 * copy is, and the event that tells the window a walk moved on.
 */

/** The kinds the mirror keeps, in the order a refresh walks them. */
export const MIRROR_KINDS = [
  'cards',
  'poll_cards',
  'video_conversation_cards',
  'media_library',
  'posts',
  'line_items',
  'line_item_curated_categories',
  'product_catalogs',
  'products',
  'product_sets',
  'custom_audiences',
  'do_not_reach_lists',
] as const
export type MirrorKind = (typeof MIRROR_KINDS)[number]

/**
 * On a list answer: present when the platform could not be read and the list comes from the
 * account mirror, with when the mirror's copy was taken.
 */
export const mirrorAgeSchema = z.object({ asOf: z.string() }).optional()

export const mirrorKindStatusSchema = z.object({
  kind: z.enum(MIRROR_KINDS),
  /** When the last complete walk started (ISO 8601); null before the first one ends. */
  asOf: z.string().nullable(),
  count: z.number().int().nonnegative(),
  /** Objects kept as the platform sent them because their shape was not the expected one. */
  flagged: z.number().int().nonnegative(),
  /** Pages saved of a walk that has not ended (a resumable one after a crash or going offline). */
  pagesPending: z.number().int().nonnegative(),
})
export type MirrorKindStatus = z.infer<typeof mirrorKindStatusSchema>

const statusResponse = z.object({ kinds: z.array(mirrorKindStatusSchema) })

export const mirrorContract = {
  'mirror.refresh': { request: accountRequest, response: statusResponse },
  'mirror.status': { request: accountRequest, response: statusResponse },
} as const

export const mirrorEvents = {
  /** A walk of an account's mirror moved on: a page was saved, it waits for a rate limit, or it ended. */
  'mirror.changed': z.object({
    profileId: z.string(),
    accountId: z.string(),
    kind: z.enum(MIRROR_KINDS),
    state: z.enum(['fetching', 'waiting', 'done', 'stopped']),
    pages: z.number().int().nonnegative(),
    objects: z.number().int().nonnegative(),
    /** While waiting for a rate limit window: seconds until it resets. */
    waitingSeconds: z.number().nonnegative().optional(),
  }),
} as const
