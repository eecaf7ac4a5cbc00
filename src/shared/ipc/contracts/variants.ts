import { z } from 'zod'
import { mediaRefSchema } from '../../creatives/media'
import { VARIANT_LIMITS } from '../../drafts/variants'
import { emptyRequest } from './fields'

const draftId = z.uuid()
const groupId = z.uuid()

/** A variable's value: text (a headline, a URL, a button label's enum) or a medium. */
export const variantValueSchema = z.union([z.string().max(25_000), mediaRefSchema])
export type VariantValue = z.infer<typeof variantValueSchema>

/** What a draft of this kind can vary, as the dialog offers it. */
export const variantFieldSchema = z.object({
  key: z.string(),
  /** For people: "Headline", "Destination URL", "Button label". */
  label: z.string(),
  type: z.enum(['text', 'media', 'choice']),
  /** The draft's value now (for a group: the first draft's); null when it has none. */
  current: variantValueSchema.nullable(),
  /** For a group: its drafts do not all have the same value. */
  mixed: z.boolean().optional(),
  /** A choice's values with their words. */
  choices: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
})
export type VariantField = z.infer<typeof variantFieldSchema>

export const variantVariableSchema = z
  .object({
    key: z.string().min(1).max(64),
    values: z.array(variantValueSchema).min(1).max(VARIANT_LIMITS.maxValues),
  })
  .strict()
export type VariantVariable = z.infer<typeof variantVariableSchema>

const planRequest = {
  draftId,
  /** The group's name, and the first part of every variant's name. */
  base: z.string().trim().min(1).max(VARIANT_LIMITS.maxGroupName),
  variables: z.array(variantVariableSchema).min(1).max(VARIANT_LIMITS.maxVariables),
}

/** One combination: the value index picked for each variable, its name, and why it is refused. */
export const variantRowSchema = z.object({
  picks: z.array(z.number().int().nonnegative()),
  name: z.string(),
  reasons: z.array(z.string()),
})
export type VariantRow = z.infer<typeof variantRowSchema>

/** A group of drafts made together (variants of one draft), kept beside the drafts. */
export const draftGroupSchema = z.object({
  id: groupId,
  name: z.string(),
  /** The draft the variants were made from. */
  sourceDraftId: z.string(),
  draftIds: z.array(z.string()),
  createdAt: z.string(),
})
export type DraftGroup = z.infer<typeof draftGroupSchema>

/** A group as the Drafts page lists it: its live drafts only, with their names (same order). */
export const listedGroupSchema = draftGroupSchema.extend({ names: z.array(z.string()) })
export type ListedGroup = z.infer<typeof listedGroupSchema>

const skippedSchema = z.object({ name: z.string(), reasons: z.array(z.string()) })

export const variantsContract = {
  /** The variables this draft's kind has, with the draft's values, and the media it uses. */
  'variants.fields': {
    request: z.object({ draftId }).strict(),
    response: z.object({ fields: z.array(variantFieldSchema), media: z.array(mediaRefSchema) }),
  },
  /** Every combination, named and checked with the editors' rules; nothing is made. */
  'variants.preview': {
    request: z.object(planRequest).strict(),
    response: z.object({ rows: z.array(variantRowSchema) }),
  },
  /**
   * Makes the chosen combinations (by their picks) as drafts in a new group, as one bulk step.
   * Combinations that break a rule are not made; they come back with their reasons.
   */
  'variants.generate': {
    request: z
      .object({
        ...planRequest,
        picks: z
          .array(z.array(z.number().int().nonnegative()).max(VARIANT_LIMITS.maxVariables))
          .min(1)
          .max(VARIANT_LIMITS.maxVariants),
      })
      .strict(),
    response: z.object({ group: draftGroupSchema, skipped: z.array(skippedSchema) }),
  },
  /** The groups, newest first, each with the ids of its drafts that still exist. */
  'draftGroups.list': {
    request: emptyRequest,
    response: z.object({ groups: z.array(listedGroupSchema) }),
  },
  /** The variables the group's drafts share, with a value common to all or marked mixed. */
  'draftGroups.fields': {
    request: z.object({ groupId }).strict(),
    response: z.object({ fields: z.array(variantFieldSchema), media: z.array(mediaRefSchema) }),
  },
  /**
   * Sets one field on every draft of the group, as one bulk step. A draft the value would break
   * (or that is in the outbox or published) is listed with its reasons and left unchanged.
   */
  'draftGroups.setField': {
    request: z.object({ groupId, key: z.string().min(1).max(64), value: variantValueSchema }).strict(),
    response: z.object({ applied: z.number().int().nonnegative(), skipped: z.array(skippedSchema) }),
  },
} as const
