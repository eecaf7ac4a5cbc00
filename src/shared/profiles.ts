import { z } from 'zod'
import { ENVIRONMENTS } from './environments'
import { apiHostsSchema } from './hosts'

export { ENVIRONMENTS, isPractice, SANDBOX_ENVIRONMENTS, usesAdsSandboxHost } from './environments'
export type { Environment } from './environments'

/**
 * What the renderer may know about a connection profile: everything but its secrets. The
 * consumer secret, the access token pair and the bearer token live in the OS keychain only.
 */
export const environmentSchema = z.enum(ENVIRONMENTS)

export const accessLevelSchema = z.enum(['read', 'write'])
export type AccessLevel = z.infer<typeof accessLevelSchema>

export const profileStatusSchema = z.enum(['authorizing', 'connected', 'expired'])
export type ProfileStatus = z.infer<typeof profileStatusSchema>

export const profileSummarySchema = z.object({
  id: z.string(),
  label: z.string(),
  environment: environmentSchema,
  hosts: apiHostsSchema,
  consumerKey: z.string(),
  accessLevel: accessLevelSchema,
  status: profileStatusSchema,
  screenName: z.string().optional(),
  userId: z.string().optional(),
  /** The ad account that editors, the library and the outbox work with. */
  activeAccountId: z.string().optional(),
  updatedAt: z.string(),
})
export type ProfileSummary = z.infer<typeof profileSummarySchema>

export const profileListSchema = z.object({
  profiles: z.array(profileSummarySchema),
  activeProfileId: z.string().nullable(),
  /**
   * The settings file could not be read at start and was set aside: what happened, and the
   * profiles it held whose secrets are still in the keychain, offered back (profiles.restore).
   */
  recovered: z.object({ message: z.string(), profiles: z.array(profileSummarySchema) }).optional(),
})
export type ProfileList = z.infer<typeof profileListSchema>

/** Profile ids are uuids; checking the shape keeps them safe as keychain account names. */
export const profileIdSchema = z.string().uuid()
