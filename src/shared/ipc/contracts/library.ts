import { z } from 'zod'
import { enumTuple, LIMITS } from '../../rules/limits'
import { profileIdSchema } from '../../profiles'
import { optionalText, platformIdSchema, profileRequest, sendableText } from './fields'
import { jobResponse } from './outbox'

/** Ad account ids and media keys are short tokens that go into URL paths. */
const accountIdSchema = platformIdSchema
const mediaKeySchema = platformIdSchema
const cursorSchema = sendableText(512).pipe(z.string().min(1))

export const mediaTypeFilterSchema = z.enum(enumTuple(LIMITS.mediaLibrary.mediaTypes))

/** One media library object as the browser shows it (spec part B, "Media library object"). */
export const libraryItemSchema = z.object({
  mediaKey: z.string(),
  mediaType: mediaTypeFilterSchema.optional(),
  ...optionalText(
    'mediaCategory',
    'mediaStatus',
    'name',
    'fileName',
    'title',
    'description',
    'posterMediaKey',
  ),
  /** As the library reports it, e.g. '16:9'. */
  aspectRatio: z.string().optional(),
  /** The library reports `duration` in milliseconds; converted here once. */
  durationSeconds: z.number().nonnegative().optional(),
  ...optionalText('mediaUrl', 'posterMediaUrl'),
  /** Whether main can fetch a thumbnail for it (an image/GIF URL, or a video poster). */
  hasThumbnail: z.boolean(),
  posted: z.boolean().optional(),
  createdAt: z.string().optional(),
})
export type LibraryItem = z.infer<typeof libraryItemSchema>

export const PUBLISHED_CARD_KINDS = ['component', 'poll', 'video_conversation'] as const
export const publishedCardKindSchema = z.enum(PUBLISHED_CARD_KINDS)
export type PublishedCardKind = z.infer<typeof publishedCardKindSchema>

export const publishedCardSchema = z.object({
  id: z.string(),
  kind: publishedCardKindSchema,
  name: z.string(),
  ...optionalText('cardType', 'cardUri', 'createdAt'),
  /** A one-line description: the poll's choices, the conversation card's title… */
  summary: z.string().optional(),
  /** The media library item the list shows as the card's thumbnail (main fetches it by key). */
  mediaKey: z.string().optional(),
})
export type PublishedCard = z.infer<typeof publishedCardSchema>

const cardCursorsSchema = z
  .object({
    component: cursorSchema.optional(),
    poll: cursorSchema.optional(),
    video_conversation: cursorSchema.optional(),
  })
  .strict()
export type CardCursors = z.infer<typeof cardCursorsSchema>

/**
 * The fields of a media library entry that may be edited (B:91), as the edit dialog names them.
 * Only what is given changes; '' clears a text field. Bounded here; main checks each limit and
 * the videos-only rule against the entry as it is on the platform, on the field it concerns.
 */
export const mediaLibraryEditSchema = z.object({
  name: sendableText(1_000).optional(),
  fileName: sendableText(1_000).optional(),
  description: sendableText(1_000).optional(),
  title: sendableText(1_000).optional(),
  posterMediaKey: mediaKeySchema.optional(),
})
export type MediaLibraryEdit = z.infer<typeof mediaLibraryEditSchema>

export const accountSummarySchema = z.object({ id: z.string(), name: z.string() })

export const libraryContract = {
  /** Feature keys the account has (GET accounts/:id/features). */
  'accounts.features': {
    request: z.object({ profileId: profileIdSchema, accountId: accountIdSchema }).strict(),
    response: z.object({ features: z.array(z.string()) }),
  },
  /** POST {ads_sandbox_url}/12/accounts; refused for profiles that do not use a sandbox host. */
  'accounts.createSandbox': {
    request: profileRequest,
    response: z.object({ account: accountSummarySchema }),
  },
  'library.list': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: accountIdSchema,
        q: sendableText(1_000)
          .trim()
          .min(LIMITS.mediaLibrary.q.min, 'Type something to search for')
          .max(LIMITS.mediaLibrary.q.max, `Search for at most ${LIMITS.mediaLibrary.q.max} characters`)
          .optional(),
        mediaType: mediaTypeFilterSchema.optional(),
        cursor: cursorSchema.optional(),
        count: z
          .number()
          .int()
          .min(LIMITS.lists.mediaLibraryCount.min)
          .max(LIMITS.lists.mediaLibraryCount.max)
          .optional(),
      })
      .strict(),
    response: z.object({
      items: z.array(libraryItemSchema),
      nextCursor: z.string().nullable(),
      /** Present when the platform could not be read and the items come from the account mirror. */
      mirror: z.object({ asOf: z.string() }).optional(),
    }),
  },
  /**
   * A thumbnail fetched by main (the renderer has no network) from the URL the library gave for
   * that media key, as a data: URL; the pixel size is read from the image itself.
   */
  'library.thumbnail': {
    request: z
      .object({ profileId: profileIdSchema, accountId: accountIdSchema, mediaKey: mediaKeySchema })
      .strict(),
    response: z.object({
      dataUrl: z.string().startsWith('data:image/').optional(),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
    }),
  },
  /**
   * Published cards of the chosen kinds, newest first. The first call passes no cursors; each
   * further page passes the cursors the last answer gave, and only those kinds are read again.
   */
  'library.cards': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: accountIdSchema,
        kinds: z.array(publishedCardKindSchema).min(1).max(3),
        /** Narrows component cards to these card types (spec: `card_types`). */
        cardTypes: z.array(platformIdSchema).max(20).optional(),
        q: sendableText(1_000)
          .trim()
          .min(1)
          .max(LIMITS.lists.cardQ.max, `Search for at most ${LIMITS.lists.cardQ.max} characters`)
          .optional(),
        cursors: cardCursorsSchema.optional(),
      })
      .strict(),
    response: z.object({
      cards: z.array(publishedCardSchema),
      nextCursors: cardCursorsSchema,
      /** Present when the platform could not be read and the cards come from the account mirror. */
      mirror: z.object({ asOf: z.string() }).optional(),
    }),
  },
  'library.deleteCard': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: accountIdSchema,
        kind: publishedCardKindSchema,
        cardId: platformIdSchema,
      })
      .strict(),
    response: z.object({ deleted: z.literal(true), id: z.string() }),
  },
  /** PUT media_library/:media_key, checked in main and queued in the outbox. */
  'library.updateMedia': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: accountIdSchema,
        mediaKey: mediaKeySchema,
        ...mediaLibraryEditSchema.shape,
      })
      .strict(),
    response: jobResponse,
  },
  /** DELETE media_library/:media_key, queued in the outbox. */
  'library.deleteMedia': {
    request: z
      .object({ profileId: profileIdSchema, accountId: accountIdSchema, mediaKey: mediaKeySchema })
      .strict(),
    response: jobResponse,
  },
} as const
