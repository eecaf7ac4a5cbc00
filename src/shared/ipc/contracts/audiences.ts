import { z } from 'zod'
import { IDENTIFIER_TYPES, REJECT_REASONS } from '../../audiences/identifiers'
import { profileIdSchema } from '../../profiles'
import { enumTuple, LIMITS } from '../../rules/limits'
import { optionalText, platformIdSchema, profileRequest } from './fields'
import { jobResponse, outboxJobViewSchema } from './outbox'
import { mirrorAgeSchema } from './mirror'

/**
 * Channels of the Audiences page (spec part A). A customer list never crosses IPC: main opens
 * the file the dialog returned, and the renderer sees only column names, masked samples,
 * counts and progress. Every request is strict.
 */

const listIdSchema = z.string().uuid()
const uploadIdSchema = z.string().uuid()
const identifierTypeSchema = z.enum(IDENTIFIER_TYPES)
const isoInstant = z
  .string()
  .max(40)
  .refine((value) => Number.isFinite(Date.parse(value)), 'Not a date and time')

export const targetKindSchema = z.enum(['custom_audience', 'do_not_reach_list'])
export type TargetKind = z.infer<typeof targetKindSchema>

/** What an audience and a do-not-reach list both show: whether ads can target it yet, and why not. */
const targetableListSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  size: z.number().optional(),
  targetable: z.boolean().optional(),
  reasonsNotTargetable: z.array(z.string()),
})

export const audienceViewSchema = targetableListSchema.extend({
  isOwner: z.boolean(),
  ...optionalText('ownerAccountId', 'permissionLevel', 'updatedAt'),
})
export type AudienceView = z.infer<typeof audienceViewSchema>

export const doNotReachViewSchema = targetableListSchema.extend({ updatedAt: z.string().optional() })
export type DoNotReachView = z.infer<typeof doNotReachViewSchema>

export const permissionViewSchema = z.object({
  id: z.string(),
  grantedAccountId: z.string(),
  permissionLevel: z.string(),
  createdAt: z.string().optional(),
  deleted: z.boolean(),
})
export type PermissionView = z.infer<typeof permissionViewSchema>

export const targetedViewSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  lineItems: z.array(z.object({ id: z.string(), name: z.string(), servable: z.boolean() })),
})
export type TargetedView = z.infer<typeof targetedViewSchema>

export const uploadHistorySchema = z.object({
  uploadId: z.string(),
  jobId: z.string(),
  targetId: z.string(),
  fileName: z.string(),
  operationType: z.enum(['Update', 'Delete']),
  records: z.number(),
  createdAt: z.string(),
  state: z.string().optional(),
})
export type UploadHistoryEntry = z.infer<typeof uploadHistorySchema>

const countsByReason = z.partialRecord(z.enum(REJECT_REASONS), z.number().int().nonnegative())

export const listReportSchema = z.object({
  listId: z.string(),
  rowsRead: z.number().int(),
  accepted: z.number().int(),
  rejected: countsByReason,
  skippedValues: countsByReason,
  duplicatesRemoved: z.number().int(),
  records: z.number().int(),
  chunks: z.number().int(),
  dedupeCapped: z.boolean(),
})
export type ListReport = z.infer<typeof listReportSchema>

export const uploadProgressSchema = z.object({
  uploadId: z.string(),
  job: outboxJobViewSchema.nullable(),
  rowsRead: z.number(),
  rowsHashed: z.number(),
  recordsAcked: z.number(),
  chunksAcked: z.number(),
  expectedRecords: z.number(),
  expectedChunks: z.number(),
  /** Seconds left at the current pace; absent until there is a pace to measure. */
  remainingSeconds: z.number().optional(),
  chunkErrors: z.array(z.object({ chunk: z.number(), message: z.string(), at: z.string() })),
})
export type UploadProgress = z.infer<typeof uploadProgressSchema>

/** An upload's own progress without its job: main pushes it as it moves (the job comes by job.progress). */
export const uploadLiveSchema = uploadProgressSchema.omit({ job: true })
export type UploadLiveProgress = z.infer<typeof uploadLiveSchema>

const mappingSchema = z
  .array(
    z.object({ column: z.number().int().nonnegative().max(10_000), type: identifierTypeSchema }).strict(),
  )
  .max(IDENTIFIER_TYPES.length)

export const audiencesContract = {
  'audiences.list': {
    request: profileRequest,
    response: z.object({
      accountId: z.string(),
      audiences: z.array(audienceViewSchema),
      doNotReachLists: z.array(doNotReachViewSchema),
      uploads: z.array(uploadHistorySchema),
      /** Present when the platform could not be read: the lists come from the account mirror. */
      mirror: mirrorAgeSchema,
    }),
  },
  'audiences.details': {
    request: z.object({ profileId: profileIdSchema, audienceId: platformIdSchema }).strict(),
    response: z.object({
      permissions: z.array(permissionViewSchema),
      /** Why the permissions could not be read (an audience shared with this account). */
      permissionsNote: z.string().optional(),
      targeted: z.array(targetedViewSchema),
      uploads: z.array(uploadHistorySchema),
    }),
  },
  'audiences.openList': {
    request: z
      .object({
        profileId: profileIdSchema,
        target: z.object({ kind: targetKindSchema, id: platformIdSchema }).strict(),
      })
      .strict(),
    response: z.union([
      z.object({ picked: z.literal(false) }),
      z.object({
        picked: z.literal(true),
        listId: z.string(),
        fileName: z.string(),
        sizeBytes: z.number(),
        hasHeader: z.boolean(),
        columns: z.array(z.object({ index: z.number(), name: z.string(), samples: z.array(z.string()) })),
        mapping: z.array(z.object({ column: z.number(), type: identifierTypeSchema })),
        allowedTypes: z.array(identifierTypeSchema),
      }),
    ]),
  },
  'audiences.checkList': {
    request: z
      .object({
        listId: listIdSchema,
        mapping: mappingSchema,
        defaultCountryCode: z
          .string()
          .regex(/^[1-9][0-9]{0,2}$/, 'A country calling code is 1 to 3 digits, without “+”')
          .optional(),
      })
      .strict(),
    response: listReportSchema,
  },
  'audiences.sendList': {
    request: z
      .object({
        listId: listIdSchema,
        operationType: z.enum(enumTuple(LIMITS.audiences.operationTypes)),
        effectiveAt: isoInstant.optional(),
        expiresAt: isoInstant.optional(),
        /** The designer confirmed the pre-send report for exactly this check. */
        confirmedRecords: z.number().int().nonnegative(),
      })
      .strict(),
    response: z.object({ uploadId: z.string(), job: outboxJobViewSchema }),
  },
  'audiences.uploadProgress': {
    request: z.object({ uploadId: uploadIdSchema }).strict(),
    response: uploadProgressSchema.nullable(),
  },
  /** Stops an upload after the request on its way; the acknowledged rows stay on the platform. */
  'audiences.cancelUpload': {
    request: z.object({ uploadId: uploadIdSchema }).strict(),
    response: uploadProgressSchema,
  },
  /** A canceled or failed upload goes on from its last acknowledged request. */
  'audiences.resumeUpload': {
    request: z.object({ uploadId: uploadIdSchema }).strict(),
    response: uploadProgressSchema,
  },
  'audiences.grant': {
    request: z
      .object({
        profileId: profileIdSchema,
        audienceId: platformIdSchema,
        grantedAccountId: platformIdSchema,
        permissionLevel: z.enum(enumTuple(LIMITS.audiences.permissionLevels)),
      })
      .strict(),
    response: permissionViewSchema,
  },
  'audiences.revoke': {
    request: z
      .object({ profileId: profileIdSchema, audienceId: platformIdSchema, permissionId: platformIdSchema })
      .strict(),
    response: permissionViewSchema,
  },
  'audiences.deleteDoNotReachList': {
    request: z
      .object({
        profileId: profileIdSchema,
        listId: platformIdSchema,
        /** The list's name as the designer typed it to confirm. */
        confirmName: z.string().max(300),
      })
      .strict(),
    response: jobResponse,
  },
} as const

/** What main pushes about audiences (src/shared/ipc/events.ts). */
export const audiencesEvents = {
  /** A running upload moved: rows read and hashed, requests acknowledged, a request's error. */
  'audiences.uploadProgress': uploadLiveSchema,
} as const
