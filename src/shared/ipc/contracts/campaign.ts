import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { ACCOUNT_LIMITS } from '../../rules/accountLimits'
import { enumTuple, LIMITS } from '../../rules/limits'
import { LINE_ITEM_LIMITS, LINE_ITEM_PUT_FIELDS, type LineItemScalarField } from '../../rules/lineItems'
import { optionalText, platformIdSchema, profileRequest, sendableText } from './fields'
import { mirrorAgeSchema } from './mirror'
import { jobResponse } from './outbox'

/**
 * The campaign side of an ad account (issue 14): line items and their curated categories,
 * account settings, features, apps, account media and history. Reads answer at once; every
 * write is validated in main with full context and queued in the outbox, whose job the
 * renderer follows with outbox.get.
 */

/** Ads object ids (line items, campaigns, curated categories, links, account media) go into URL paths. */
const objectId = platformIdSchema
const accountIdSchema = platformIdSchema
const cursorSchema = sendableText(512).pipe(z.string().min(1))
/** Bulk actions take at most what one id filter takes (B:216). */
const idList = z.array(objectId).min(1).max(LIMITS.lists.idFilterMax.value)
const scope = { profileId: profileIdSchema, accountId: accountIdSchema }

/** The PUT fields, wire-named: every scalar a string (micros stay exact), categories a list. */
const scalarValue = sendableText(255)
const valueFields = Object.fromEntries(
  LINE_ITEM_PUT_FIELDS.filter((field) => field !== 'categories').map((field) => [
    field,
    scalarValue.nullish(),
  ]),
) as Record<LineItemScalarField, z.ZodOptional<z.ZodNullable<typeof scalarValue>>>
const categoriesSchema = z.array(sendableText(32).pipe(z.string().min(1))).max(50)
export const lineItemValuesSchema = z.object({ ...valueFields, categories: categoriesSchema.nullish() })

const patchFields = Object.fromEntries(
  LINE_ITEM_PUT_FIELDS.filter((field) => field !== 'categories').map((field) => [
    field,
    scalarValue.optional(),
  ]),
) as Record<LineItemScalarField, z.ZodOptional<typeof scalarValue>>
/** A PUT body: only the fields that change. */
export const lineItemPatchSchema = z
  .object({ ...patchFields, categories: categoriesSchema.optional() })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing was changed')

export const lineItemViewSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  ...optionalText('campaignId', 'campaignName'),
  /** The parent campaign's budget_optimization, when known (the daily budget rule needs it). */
  campaignBudgetOptimization: z.string().nullable().optional(),
  objective: z.string(),
  placements: z.array(z.string()),
  currency: z.string().optional(),
  /** The PUT fields as the platform has them. */
  values: lineItemValuesSchema,
  ...optionalText('createdAt', 'updatedAt'),
})
export type LineItemView = z.infer<typeof lineItemViewSchema>

export const curatedCategoryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  countryCodes: z.array(z.string()),
  publisherCount: z.number().int().nonnegative().optional(),
  videosMonetizedLast30Days: z.number().nonnegative().optional(),
})
export type CuratedCategoryView = z.infer<typeof curatedCategoryViewSchema>

export const categoryLinkViewSchema = z.object({
  id: z.string(),
  lineItemId: z.string(),
  curatedCategoryId: z.string(),
  /** Absent when the category could not be read (it may have been withdrawn). */
  category: curatedCategoryViewSchema.optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
})
export type CategoryLinkView = z.infer<typeof categoryLinkViewSchema>

export const businessCategoryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  iabCategories: z.array(z.string()),
})
export type BusinessCategoryView = z.infer<typeof businessCategoryViewSchema>

export const accountDetailsViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...optionalText('industryType', 'businessName', 'timezone', 'approvalStatus'),
  /** Reached through a sandbox host: features can be added and sandbox-made accounts deleted. */
  sandbox: z.boolean(),
})
export type AccountDetailsView = z.infer<typeof accountDetailsViewSchema>

export const accountAppViewSchema = z.object({
  id: z.string(),
  appStoreIdentifier: z.string(),
  ...optionalText('osType', 'deepLinkPattern'),
  conversionTrackingEnabled: z.boolean().optional(),
})
export type AccountAppView = z.infer<typeof accountAppViewSchema>

export const creativeTypeSchema = z.enum(enumTuple(ACCOUNT_LIMITS.creativeTypes))
export const accountMediaViewSchema = z.object({
  id: z.string(),
  creativeType: z.string(),
  ...optionalText('videoId', 'mediaUrl', 'createdAt'),
})
export type AccountMediaView = z.infer<typeof accountMediaViewSchema>

/** One account medium read fresh (B:74), deleted ones too: what a designer checks before acting on it. */
export const accountMediaDetailSchema = accountMediaViewSchema.extend({
  deleted: z.boolean(),
  updatedAt: z.string().optional(),
})
export type AccountMediaDetail = z.infer<typeof accountMediaDetailSchema>

export const historyEntryViewSchema = z.object({
  changeTime: z.string(),
  changeType: z.string(),
  changedBy: z.object({ userId: z.string().optional(), platform: z.string().optional() }),
  ...optionalText('entity', 'entityId'),
  changes: z.json().optional(),
  entityData: z.record(z.string(), z.json()).optional(),
})
export type HistoryEntryView = z.infer<typeof historyEntryViewSchema>

/** A write this app made to an object, from the outbox's record: History shows it beside the platform's. */
export const appWriteViewSchema = z.object({
  /** When the job that made it last changed (its steps keep no time of their own). */
  at: z.string(),
  /** The step, for people: "Attach “Sports” to “Preroll on publishers”". */
  label: z.string(),
  jobTitle: z.string(),
})
export type AppWriteView = z.infer<typeof appWriteViewSchema>

/** ISO 8601 at a whole hour, UTC (B:162): 2026-01-05T10:00:00Z. */
const wholeHour = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:00(:00(\.000)?)?Z$/,
    'Use a whole hour: account history takes whole hours only',
  )

const industryTypeSchema = z.enum(enumTuple(ACCOUNT_LIMITS.industryTypes))
const grantableFeatureSchema = z.enum([
  ...enumTuple(ACCOUNT_LIMITS.sandboxExtraFeatureKeys),
  ...ACCOUNT_LIMITS.sandboxFeatureKeys.values,
])

export const campaignContract = {
  /** One page of the account's line items (up to 200), with their campaigns' names. */
  'lineItems.list': {
    request: z.object({ ...scope, cursor: cursorSchema.optional() }).strict(),
    response: z.object({
      lineItems: z.array(lineItemViewSchema),
      nextCursor: z.string().nullable(),
      /** Present when the platform could not be read: the line items come from the account mirror. */
      mirror: mirrorAgeSchema,
    }),
  },
  /** Queues a PUT of the changed fields, after main has checked them against the rules table. */
  'lineItems.update': {
    request: z.object({ ...scope, lineItemId: objectId, patch: lineItemPatchSchema }).strict(),
    response: jobResponse,
  },
  /** Pauses or activates one line item or a selection: one job, each line item its own step. */
  'lineItems.setStatus': {
    request: z
      .object({ ...scope, lineItemIds: idList, status: z.enum(enumTuple(LINE_ITEM_LIMITS.entityStatus)) })
      .strict(),
    response: jobResponse,
  },
  /** Deletes line items, irreversibly. One already deleted counts as done. */
  'lineItems.delete': {
    request: z.object({ ...scope, lineItemIds: idList }).strict(),
    response: jobResponse,
  },
  /** The curated categories attached to a line item. */
  'lineItems.categories': {
    request: z.object({ ...scope, lineItemId: objectId }).strict(),
    response: z.object({ links: z.array(categoryLinkViewSchema), mirror: mirrorAgeSchema }),
  },
  'lineItems.attachCategory': {
    request: z.object({ ...scope, lineItemId: objectId, curatedCategoryId: objectId }).strict(),
    response: jobResponse,
  },
  'lineItems.detachCategory': {
    request: z.object({ ...scope, linkIds: idList }).strict(),
    response: jobResponse,
  },
  /** One attached curated category read fresh (B:198), before the designer changes it. */
  'lineItems.categoryLink': {
    request: z.object({ ...scope, lineItemId: objectId, linkId: objectId }).strict(),
    response: z.object({ link: categoryLinkViewSchema }),
  },
  /** Puts another curated category in place of an attached one (PUT, B:200), queued in the outbox. */
  'lineItems.changeCategory': {
    request: z
      .object({ ...scope, lineItemId: objectId, linkId: objectId, curatedCategoryId: objectId })
      .strict(),
    response: jobResponse,
  },
  /** A curated category by id. */
  'curatedCategories.get': {
    request: z.object({ ...scope, categoryId: objectId }).strict(),
    response: z.object({ category: curatedCategoryViewSchema }),
  },
  /** Curated categories available in any of the given countries. */
  'curatedCategories.list': {
    request: z
      .object({
        ...scope,
        countryCodes: z
          .array(z.string().regex(ACCOUNT_LIMITS.countryCode.pattern, 'Use two-letter country codes'))
          .min(1)
          .max(LIMITS.lists.idFilterMax.value),
      })
      .strict(),
    response: z.object({ categories: z.array(curatedCategoryViewSchema) }),
  },
  /** For PREROLL_VIEWS line items (B:163). */
  'businessCategories.list': {
    request: profileRequest,
    response: z.object({ categories: z.array(businessCategoryViewSchema) }),
  },
  'accounts.details': {
    request: z.object(scope).strict(),
    response: z.object({ account: accountDetailsViewSchema }),
  },
  /** PUT account: rename, set the industry type. */
  'accounts.update': {
    request: z
      .object({
        ...scope,
        // The spec gives no length; 255 keeps payloads bounded and is what the sandbox takes.
        name: sendableText(1_000)
          .pipe(z.string().trim().min(1, 'Enter a name').max(255, 'Use at most 255 characters'))
          .optional(),
        industryType: industryTypeSchema.optional(),
      })
      .strict()
      .refine((input) => input.name !== undefined || input.industryType !== undefined, {
        message: 'Nothing was changed: give a name or an industry type',
        path: ['name'],
      }),
    response: jobResponse,
  },
  /** DELETE a sandbox account (sandbox host only). */
  'accounts.deleteSandbox': {
    request: z.object(scope).strict(),
    response: jobResponse,
  },
  /** Grants features on a sandbox account (POST on the sandbox host). */
  'accounts.addFeatures': {
    request: z.object({ ...scope, featureKeys: z.array(grantableFeatureSchema).min(1).max(30) }).strict(),
    response: jobResponse,
  },
  'accounts.apps': {
    request: z.object(scope).strict(),
    response: z.object({ apps: z.array(accountAppViewSchema) }),
  },
  /** Account history (beta, allowlisted) of one campaign or line item, between two whole hours. */
  'accounts.history': {
    request: z
      .object({
        ...scope,
        entityType: z.enum(enumTuple(ACCOUNT_LIMITS.historyEntityTypes)),
        entityId: objectId,
        startTime: wholeHour,
        endTime: wholeHour,
        cursor: cursorSchema.optional(),
      })
      .strict()
      .refine((input) => Date.parse(input.endTime) > Date.parse(input.startTime), {
        message: 'The end must be after the start',
        path: ['endTime'],
      }),
    response: z.object({ entries: z.array(historyEntryViewSchema), nextCursor: z.string().nullable() }),
  },
  /** The writes this app made to one object between two times, from the outbox's record (no request). */
  'accounts.appWrites': {
    request: z
      .object({ ...scope, entityId: objectId, startTime: z.iso.datetime(), endTime: z.iso.datetime() })
      .strict(),
    response: z.object({ writes: z.array(appWriteViewSchema) }),
  },
  'accountMedia.list': {
    request: z
      .object({
        ...scope,
        creativeTypes: z
          .array(creativeTypeSchema)
          .min(1)
          .max(ACCOUNT_LIMITS.creativeTypes.values.length)
          .optional(),
        cursor: cursorSchema.optional(),
      })
      .strict(),
    response: z.object({ items: z.array(accountMediaViewSchema), nextCursor: z.string().nullable() }),
  },
  /** One account medium as the platform holds it now, deleted or not. */
  'accountMedia.get': {
    request: z.object({ ...scope, accountMediaId: objectId }).strict(),
    response: z.object({ item: accountMediaDetailSchema }),
  },
  'accountMedia.delete': {
    request: z.object({ ...scope, accountMediaIds: idList }).strict(),
    response: jobResponse,
  },
  /**
   * An image account medium's picture, fetched by main from the `media_url` the platform gives
   * for that id (never from a URL the renderer names), as a data: URL; empty for a video or when
   * main may not or cannot fetch it.
   */
  'accountMedia.thumbnail': {
    request: z.object({ ...scope, accountMediaId: objectId }).strict(),
    response: z.object({ dataUrl: z.string().startsWith('data:image/').optional() }),
  },
} as const
