import { z } from 'zod'
import { profileIdSchema } from '../../profiles'
import { platformIdSchema, sendableText } from './fields'

/**
 * Targeting: the locations look-up (where keyword insights' `location` comes from, part A line
 * 130) and the audience estimate for a chosen targeting (part B line 164).
 */

export const LOCATION_KINDS = ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'] as const

/** A targeting value from the look-up: the platform's are short hex or digit strings. */
export const targetingValueSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'That is not a targeting value from the look-up')

export const locationChoiceSchema = z.object({
  name: z.string().max(200),
  countryCode: z.string().max(8).optional(),
  locationType: z.string().max(32),
  targetingValue: targetingValueSchema,
})
export type LocationChoice = z.infer<typeof locationChoiceSchema>

/** The targeting types the app lets a designer choose for an estimate. */
export const ESTIMATE_TARGETING_TYPES = ['LOCATION', 'CUSTOM_AUDIENCE'] as const
export type EstimateTargetingType = (typeof ESTIMATE_TARGETING_TYPES)[number]

export const targetingCriterionSchema = z
  .object({ type: z.enum(ESTIMATE_TARGETING_TYPES), value: targetingValueSchema })
  .strict()
export type TargetingChoice = z.infer<typeof targetingCriterionSchema>

export const audienceEstimateSchema = z.object({
  min: z.number(),
  max: z.number(),
  /** When the platform answered (ISO 8601); a cached answer keeps its own date. */
  estimatedAt: z.string(),
})
export type AudienceEstimateView = z.infer<typeof audienceEstimateSchema>

export const targetingContract = {
  'targeting.locations': {
    request: z
      .object({
        profileId: profileIdSchema,
        query: sendableText(100),
        locationType: z.enum(LOCATION_KINDS).optional(),
      })
      .strict(),
    response: z.object({ locations: z.array(locationChoiceSchema) }),
  },
  'targeting.estimate': {
    request: z
      .object({
        profileId: profileIdSchema,
        accountId: platformIdSchema,
        criteria: z.array(targetingCriterionSchema).min(1).max(50),
      })
      .strict(),
    response: z.object({ estimate: audienceEstimateSchema }),
  },
} as const
