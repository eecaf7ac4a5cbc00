import { z } from 'zod'
import { enumTuple, LIMITS } from '../../rules/limits'
import { profileIdSchema } from '../../profiles'
import { PRODUCT_FIELDS, type ProductField } from '../../catalog/product'
import { optionalText, profileRequest, sendableText } from './fields'
import { mirrorAgeSchema } from './mirror'
import { jobResponse } from './outbox'

/**
 * Channels of the Catalog page (spec part A). Every request is strict:
 * unknown keys are refused. Products travel one at a time (the editor) or as summaries a page
 * at a time (the table); a feed file never crosses IPC, only its preview and its report.
 */

/**
 * Catalog and set names and set descriptions: the spec gives no length limit (A:97, A:116), so
 * none is checked as a rule; this only bounds what crosses IPC.
 */
const TEXT_BOUND = 10_000
const jobIdSchema = z.string().uuid()
const importIdSchema = z.string().uuid()
/** Product ids are SKUs chosen by the merchant; the bound keeps payloads and job files small. */
export const productIdSchema = sendableText(240).pipe(z.string().trim().min(1))
const shortText = z.string().max(300)

/**
 * The longest text main takes in a product field (a request, a report row, the store): bounded
 * generously above the spec's limits, so payloads and files stay small. A feed row over it is
 * refused on that field (main/catalog/feedCheck.ts).
 */
export function productFieldMaxChars(field: Exclude<ProductField, 'inventory'>): number {
  return field === 'description' ? 20_000 : field === 'additional_image_link' ? 25_000 : 2_000
}

/** A product as the editor sends it: only known fields; text bounded (productFieldMaxChars). */
export const productSchema = z
  .object(
    Object.fromEntries(
      PRODUCT_FIELDS.map((field) => [
        field,
        field === 'inventory'
          ? z.number().int().min(-1_000_000_000).max(1_000_000_000).optional()
          : z.string().max(productFieldMaxChars(field)).optional(),
      ]),
    ) as {
      [K in ProductField]: K extends 'inventory' ? z.ZodOptional<z.ZodNumber> : z.ZodOptional<z.ZodString>
    },
  )
  .strict()

export const feedMappingSchema = z
  .object(
    Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, z.string().max(200).optional()])) as {
      [K in ProductField]: z.ZodOptional<z.ZodString>
    },
  )
  .strict()

export const PRODUCT_STATUSES = ['pending', 'sent', 'refused', 'fixed', 'deleting'] as const
export const productStatusSchema = z.enum(PRODUCT_STATUSES)
export type ProductStatus = z.infer<typeof productStatusSchema>

export const issueViewSchema = z.object({
  field: z.string().optional(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
})
export type IssueView = z.infer<typeof issueViewSchema>

/** One row of the product table. */
export const productRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.string(),
  availability: z.string(),
  ...optionalText('itemGroupId', 'productType'),
  status: productStatusSchema,
  /** The platform's last answer for it: CREATE_SUCCESS, UPDATE_SUCCESS, NO_CHANGE or ERROR. */
  lastResult: z.string().optional(),
  onPlatform: z.boolean(),
  messages: z.array(issueViewSchema),
  /** The product's image address, for its thumbnail (main fetches it: 'catalog.productImage'). */
  imageLink: z.string().optional(),
})
export type ProductRow = z.infer<typeof productRowSchema>

export const catalogViewSchema = z.object({
  name: z.string(),
  /** Absent until the platform created it. */
  id: z.string().optional(),
  status: z.enum(['pending', 'created']),
})
export type CatalogView = z.infer<typeof catalogViewSchema>

const filterSchema = z
  .object({
    attribute: z.string().max(40),
    operator: z.string().max(40),
    value: sendableText(300),
  })
  .strict()

export const productSetViewSchema = z.object({
  localId: z.string(),
  id: z.string().optional(),
  name: z.string(),
  description: z.string().optional(),
  type: z.enum(enumTuple(LIMITS.productSet.types)),
  filters: z.array(z.object({ attribute: z.string(), operator: z.string(), value: z.string() })),
  productIds: z.array(z.string()),
  processingStatus: z.string().optional(),
  status: z.enum(['pending', 'created', 'failed']),
  error: z.string().optional(),
})
export type ProductSetView = z.infer<typeof productSetViewSchema>

const countsSchema = z.object({
  total: z.number(),
  pending: z.number(),
  sent: z.number(),
  refused: z.number(),
  fixed: z.number(),
  deleting: z.number(),
})
export type ProductCounts = z.infer<typeof countsSchema>

export const catalogStateSchema = z.object({
  catalog: catalogViewSchema.nullable(),
  counts: countsSchema,
  itemGroups: z.array(z.string()),
  /**
   * Changes whenever the list of item groups does: a reader that holds the list of this
   * revision asks with it and gets the state without the list (see 'catalog.state').
   */
  itemGroupsRevision: z.number(),
  sets: z.array(productSetViewSchema),
  /** Failed catalog jobs whose refused products can be re-sent once fixed. */
  resendable: z.number(),
})
export type CatalogState = z.infer<typeof catalogStateSchema>

/**
 * The state as 'catalog.state' answers it: without the item groups when the request named
 * their current revision. The page reads the state again on each catalog.changed while the outbox
 * sends, and a big catalog has thousands of groups that sending never changes.
 */
export const catalogStateReadSchema = catalogStateSchema.extend({
  itemGroups: z.array(z.string()).optional(),
})
export type CatalogStateRead = z.infer<typeof catalogStateReadSchema>

export const rowReportSchema = z.object({
  /** 1-based, the header not counted. */
  row: z.number(),
  ...optionalText('id', 'title'),
  issues: z.array(issueViewSchema),
  /** The row as a product, for the fix form. */
  product: productSchema.partial(),
})
export type RowReport = z.infer<typeof rowReportSchema>

export const importReportSchema = z.object({
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  withWarnings: z.number(),
  mappingIssues: z.array(issueViewSchema),
  /** Rows with errors first, then rows with warnings; capped. */
  rows: z.array(rowReportSchema),
  truncated: z.boolean(),
})
export type ImportReport = z.infer<typeof importReportSchema>

/** What main found reading the images of an import's rows ('catalog.importImages'). */
export const importImagesSchema = z.object({
  /** Rows whose images were looked at: those the rules let through. */
  checked: z.number(),
  /** Rows with an image at fault; the send leaves them out. */
  failing: z.number(),
  /** The first of them, as the report lists rows. */
  rows: z.array(rowReportSchema),
  /** Rows whose image main could not read ("not checked", a warning), and what the first one said. */
  notChecked: z.number(),
  notCheckedMessage: z.string().optional(),
})
export type ImportImages = z.infer<typeof importImagesSchema>

/** A product image as main read it: a thumbnail, and when asked for, the check of the spec's rules. */
export const productImageViewSchema = z.object({
  dataUrl: z.string().startsWith('data:image/').optional(),
  check: z
    .object({
      issues: z.array(issueViewSchema),
      width: z.number().int().positive().optional(),
      height: z.number().int().positive().optional(),
      bytes: z.number().int().nonnegative().optional(),
    })
    .optional(),
})
export type ProductImageView = z.infer<typeof productImageViewSchema>

/**
 * The report as 'catalog.importCheck' answers it: the counts and the first page of its rows;
 * the other pages are read with 'catalog.importReportPage', naming the check they belong to.
 */
export const importCheckAnswerSchema = importReportSchema.extend({
  checkId: z.string(),
  /** How many pages of rows the report has (0 when every row follows the rules). */
  pages: z.number().int().nonnegative(),
})
export type ImportCheckAnswer = z.infer<typeof importCheckAnswerSchema>

/** The Keyword insights page's answer has its own contract part; its renderer reads it here too. */
export type { KeywordResult } from './keywords'

export const catalogsContract = {
  'catalog.state': {
    request: z
      .object({
        profileId: profileIdSchema,
        /** The revision of the item groups the reader holds: an unchanged list is not sent again. */
        itemGroupsRevision: z.number().int().nonnegative().optional(),
      })
      .strict(),
    response: catalogStateReadSchema,
  },
  'catalog.refresh': {
    request: profileRequest,
    /** `mirror`: the platform could not be read; the products come from the account mirror. */
    response: catalogStateSchema.extend({ mirror: mirrorAgeSchema }),
  },
  'catalog.delete': {
    request: z.object({ profileId: profileIdSchema, confirmName: sendableText(TEXT_BOUND) }).strict(),
    response: jobResponse,
  },
  'catalog.save': {
    request: z
      .object({
        profileId: profileIdSchema,
        name: sendableText(TEXT_BOUND).pipe(z.string().trim().min(1, 'Give the catalog a name')),
      })
      .strict(),
    response: catalogStateSchema,
  },
  'catalog.products': {
    request: z
      .object({
        profileId: profileIdSchema,
        q: shortText.optional(),
        itemGroup: shortText.optional(),
        status: productStatusSchema.optional(),
        jobId: jobIdSchema.optional(),
        offset: z.number().int().min(0).max(10_000_000),
        limit: z.number().int().min(1).max(500),
      })
      .strict(),
    response: z.object({ total: z.number(), rows: z.array(productRowSchema), counts: countsSchema }),
  },
  'catalog.product': {
    request: z.object({ profileId: profileIdSchema, id: productIdSchema }).strict(),
    response: z.object({ product: productSchema, row: productRowSchema }),
  },
  'catalog.saveProduct': {
    request: z.object({ profileId: profileIdSchema, product: productSchema, isNew: z.boolean() }).strict(),
    response: z.object({ row: productRowSchema, jobId: z.string().optional() }),
  },
  'catalog.deleteProducts': {
    request: z
      .object({ profileId: profileIdSchema, ids: z.array(productIdSchema).min(1).max(20_000) })
      .strict(),
    response: z.object({ removedLocally: z.number(), queued: z.number(), jobId: z.string().optional() }),
  },
  'catalog.resend': {
    request: profileRequest,
    response: z.object({ products: z.number(), jobIds: z.array(z.string()) }),
  },
  'catalog.importOpen': {
    request: profileRequest,
    response: z.union([
      z.object({ picked: z.literal(false) }),
      z.object({
        picked: z.literal(true),
        importId: z.string(),
        fileName: z.string(),
        format: z.enum(['csv', 'json']),
        columns: z.array(z.string()),
        preview: z.array(z.array(z.string())),
        rowCount: z.number(),
        mapping: feedMappingSchema,
      }),
    ]),
  },
  'catalog.importCheck': {
    request: z.object({ importId: importIdSchema, mapping: feedMappingSchema }).strict(),
    response: importCheckAnswerSchema,
  },
  /** A further page (0-based) of the rows of the report `checkId` answered. */
  'catalog.importReportPage': {
    request: z
      .object({
        importId: importIdSchema,
        checkId: z.string().uuid(),
        page: z.number().int().min(1).max(1_000),
      })
      .strict(),
    response: z.object({ rows: z.array(rowReportSchema) }),
  },
  'catalog.importSend': {
    request: z
      .object({ profileId: profileIdSchema, importId: importIdSchema, mapping: feedMappingSchema })
      .strict(),
    response: z.object({ jobId: z.string(), sent: z.number(), skipped: z.number() }),
  },
  /**
   * The images of an open import's rows, read by main with the mapping's check (A:30, A:192):
   * slower than the check (a network read per image), so asked for after it.
   */
  'catalog.importImages': {
    request: z
      .object({ profileId: profileIdSchema, importId: importIdSchema, mapping: feedMappingSchema })
      .strict(),
    response: importImagesSchema,
  },
  /**
   * A product image's thumbnail, fetched by main under the media fetch policy (the address is
   * the product's own, as the designer typed or imported it), and with `check` what the image
   * is against the spec's rules.
   */
  'catalog.productImage': {
    request: z
      .object({
        profileId: profileIdSchema,
        url: sendableText(productFieldMaxChars('image_link')),
        check: z.boolean().optional(),
      })
      .strict(),
    response: productImageViewSchema,
  },
  /** Writes the rows a sent import left out, as they are in the file, to a CSV the designer chooses. */
  'catalog.importExportUnsent': {
    request: z.object({ importId: importIdSchema }).strict(),
    response: z.object({ saved: z.boolean(), fileName: z.string().optional(), rows: z.number() }),
  },
  'catalog.createSet': {
    request: z
      .object({
        profileId: profileIdSchema,
        name: sendableText(TEXT_BOUND).pipe(z.string().trim().min(1, 'Give the set a name')),
        description: sendableText(TEXT_BOUND).optional(),
        type: z.enum(enumTuple(LIMITS.productSet.types)),
        productIds: z.array(productIdSchema).max(20_000).optional(),
        filters: z.array(filterSchema).max(50).optional(),
      })
      .strict(),
    response: z.object({ set: productSetViewSchema, jobId: z.string() }),
  },
  'catalog.previewSet': {
    request: z.object({ profileId: profileIdSchema, filters: z.array(filterSchema).max(50) }).strict(),
    response: z.object({
      total: z.number(),
      sample: z.array(productRowSchema),
      issues: z.array(issueViewSchema),
    }),
  },
  'catalog.refreshSet': {
    request: z.object({ profileId: profileIdSchema, localId: z.string().uuid() }).strict(),
    response: productSetViewSchema,
  },
} as const

/** What main pushes about catalogs (src/shared/ipc/events.ts). */
export const catalogEvents = {
  /** Something of this profile's catalog changed (products sent or refused, a set, the catalog): read its state again. */
  'catalog.changed': z.object({ profileId: z.string() }),
  /** How far main got checking an import's rows (before 'catalog.importCheck' answers). */
  'catalog.importProgress': z.object({ importId: z.string(), checked: z.number(), total: z.number() }),
} as const
