import { z } from 'zod'
import { DRAFT_KINDS } from '../drafts/kinds'

/**
 * Review bundles (issue 44): the `.adsreview` file Ads Studio exports for a reviewer, and the
 * verdict file the reviewer's browser downloads back. Both are read by main with these schemas;
 * the bundle's page (main/review/bundlePage.ts) writes verdict files of exactly this shape.
 */

export const BUNDLE_FORMAT = 'ads-studio-review-bundle'
/** A bundle's file name ends so: Ads Studio knows it by ".adsreview", a browser opens ".html" as a page. */
export const BUNDLE_FILE_SUFFIX = '.adsreview.html'
export const VERDICTS_FORMAT = 'ads-studio-review-verdicts'

export const REVIEW_LIMITS = {
  /** Drafts in one bundle: a review is read by a person, draft by draft. */
  maxDrafts: 500,
  /** A local image larger than this is left out of the bundle (named as left out). */
  maxMediaBytesEach: 2 * 1024 * 1024,
  /** All images of one bundle together; later ones are left out once it is reached. */
  maxMediaBytesTotal: 25 * 1024 * 1024,
  /** A verdict or bundle file larger than this is not one Ads Studio wrote. */
  maxFileMegabytes: 60,
  reviewerLength: 200,
  commentLength: 4000,
  commentsPerDraft: 100,
} as const

export const REVIEW_DECISIONS = ['approve', 'request_changes'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

/** Hex SHA-256 of a draft's canonical review content (main/review/reviewFingerprint.ts). */
export const fingerprintSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits')

/** A draft's fingerprint as people read it: its first eight digits. */
export const versionLabel = (fingerprint: string): string => fingerprint.slice(0, 8)

/**
 * The ad account a bundle was made for: its name for people and a key (a hash of its id) that
 * recognises it again without putting the id in the file.
 */
export const reviewAccountSchema = z.strictObject({
  name: z.string().max(200),
  key: z.string().regex(/^[0-9a-f]{16}$/, 'must be 16 lowercase hex digits'),
})

export const reviewFieldSchema = z.strictObject({
  /** Stable across exports: the drafts CSV column the field is (e.g. post_text). */
  key: z.string().min(1).max(64),
  label: z.string().max(200),
  value: z.string(),
})
export type ReviewField = z.infer<typeof reviewFieldSchema>

export const bundleDraftSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(DRAFT_KINDS),
  fingerprint: fingerprintSchema,
  /** The content the fingerprint covers: the draft's, without local file paths or file tokens. */
  content: z.unknown(),
  fields: z.array(reviewFieldSchema),
  /** Media the previews show as a placeholder, and why ("photo.jpg: larger than 2 MB"). */
  mediaLeftOut: z.array(z.string()),
})
export type BundleDraft = z.infer<typeof bundleDraftSchema>

export const bundleDataSchema = z.strictObject({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(1),
  bundleId: z.uuid(),
  exportedAt: z.iso.datetime({ offset: true }),
  account: reviewAccountSchema,
  /** The connected user's handle, as the previews show it. */
  advertiser: z.string().max(200).optional(),
  drafts: z.array(bundleDraftSchema).min(1).max(REVIEW_LIMITS.maxDrafts),
})
export type BundleData = z.infer<typeof bundleDataSchema>

export const reviewCommentSchema = z.strictObject({
  /** A field key of the draft, or "general". */
  field: z.string().min(1).max(64),
  text: z.string().trim().min(1, 'must not be empty').max(REVIEW_LIMITS.commentLength),
})

export const verdictSchema = z.strictObject({
  draftId: z.uuid(),
  /** The content the reviewer saw; an approval holds for this content only. */
  fingerprint: fingerprintSchema,
  decision: z.enum(REVIEW_DECISIONS),
  comments: z.array(reviewCommentSchema).max(REVIEW_LIMITS.commentsPerDraft),
  decidedAt: z.iso.datetime({ offset: true }),
})
export type Verdict = z.infer<typeof verdictSchema>

export const verdictFileSchema = z.strictObject({
  format: z.literal(VERDICTS_FORMAT),
  version: z.literal(1),
  bundleId: z.uuid(),
  account: reviewAccountSchema,
  reviewer: z.string().trim().min(1, 'must name who reviewed').max(REVIEW_LIMITS.reviewerLength),
  verdicts: z.array(verdictSchema).max(REVIEW_LIMITS.maxDrafts),
})
export type VerdictFile = z.infer<typeof verdictFileSchema>

/** The element id of the bundle's JSON block inside its HTML page. */
export const BUNDLE_DATA_ELEMENT_ID = 'ads-review-data'
