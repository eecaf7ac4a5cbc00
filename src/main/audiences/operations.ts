import { z } from 'zod'
import { IDENTIFIER_TYPES } from '../../shared/audiences/identifiers'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import { plural } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'
import type { UploadLiveProgress } from '../../shared/ipc/contracts/audiences'
import { deleteDoNotReachList, uploadUsers } from '../api/audiences'
import { JobCanceled } from '../publish/executor'
import type { AnyOperationExecutor, OperationExecutor, OperationProgress } from '../publish/operations/types'
import { streamChunks } from './hashWorkerClient'
import { createPacer, type Pacer } from './pacer'
import type { ListLayout, OperationSettings } from './scanner'

/**
 * Outbox executors of the Audiences page.
 *
 * `audiences.users.upload` sends a customer list chunk by chunk. Its params hold the file's
 * path, size, modification time, fingerprint (its SHA-256, compared before the first request of
 * every run) and how to read it (delimiter, header end, column → type);
 * its state holds how far the acknowledged chunks reach (a byte offset and counts). Neither
 * ever holds an identifier, raw or hashed: a resume re-reads and re-hashes the file from the
 * start (to rebuild the duplicate check) and sends from the offset on, so a chunk the platform
 * acknowledged is never sent again. The one gap is a kill between the platform's answer and
 * the state reaching disk: that chunk is sent again, which adds the same members once more
 * (the platform keeps members as a set) — the step is 'repeatable'.
 */

export const AUDIENCE_OPS = {
  upload: 'audiences.users.upload',
  deleteDoNotReachList: 'audiences.doNotReach.delete',
} as const

const platformId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

const layoutSchema = z.object({
  path: z.string().min(1).max(4096),
  size: z.number().int().nonnegative(),
  mtimeMs: z.number().nonnegative(),
  delimiter: z.enum(['', ',', ';', '\t', '|']),
  dataStart: z.number().int().nonnegative(),
  columns: z
    .array(z.tuple([z.number().int().nonnegative().max(10_000), z.enum(IDENTIFIER_TYPES)]))
    .min(1)
    .max(IDENTIFIER_TYPES.length),
  defaultCountryCode: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/)
    .optional(),
  /** The file's SHA-256 as the report read it; absent in jobs queued before it was kept. */
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})

const isoSeconds = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)

export const uploadParamsSchema = z.object({
  uploadId: z.string().uuid(),
  target: z.object({
    kind: z.enum(['custom_audience', 'do_not_reach_list']),
    id: platformId,
    name: z.string().max(300),
  }),
  layout: layoutSchema,
  settings: z.object({
    operationType: z.enum(LIMITS.audiences.operationTypes.values as ['Update', 'Delete']),
    effectiveAt: isoSeconds.optional(),
    expiresAt: isoSeconds.optional(),
    target: z.enum(['custom_audience', 'do_not_reach_list']),
  }),
  /** Records the pre-send report counted: what the acknowledged total must reach. */
  expectedRecords: z.number().int().nonnegative(),
  expectedChunks: z.number().int().nonnegative(),
})
export type UploadParams = z.infer<typeof uploadParamsSchema>

export type UploadState = {
  /** Byte offset past the last acknowledged chunk's rows. */
  offset: number
  chunksAcked: number
  recordsAcked: number
  rowsRead: number
}

/** What the Audiences page shows of a running upload; memory only. */
export interface UploadLive {
  rowsRead: number
  rowsHashed: number
  recordsAcked: number
  chunksAcked: number
  expectedRecords: number
  expectedChunks: number
  startedAt: number
  /** Records acknowledged when this run started (a resume starts part way). */
  startRecords: number
  chunkErrors: { chunk: number; message: string; at: string }[]
}

/**
 * What the page shows of an upload from its live counts (none: nothing read or sent in this run);
 * `records` is the list's row count, `acked` how many the platform has acknowledged.
 */
export function uploadCounts(
  uploadId: string,
  live: UploadLive | undefined,
  records: number,
  acked: number,
  now: number,
): UploadLiveProgress {
  let remainingSeconds: number | undefined
  if (live && acked > live.startRecords) {
    const rate = (acked - live.startRecords) / Math.max(1, now - live.startedAt)
    remainingSeconds = Math.max(0, Math.round((live.expectedRecords - acked) / rate / 1000))
  }
  return {
    uploadId,
    rowsRead: live?.rowsRead ?? 0,
    rowsHashed: live?.rowsHashed ?? 0,
    recordsAcked: acked,
    chunksAcked: live?.chunksAcked ?? 0,
    expectedRecords: records,
    expectedChunks: live?.expectedChunks ?? 0,
    ...(remainingSeconds !== undefined ? { remainingSeconds } : {}),
    chunkErrors: live?.chunkErrors ?? [],
  }
}

export interface AudienceOperationsDeps {
  /** Per upload id, for the page's progress. */
  live: Map<string, UploadLive>
  /** An upload's live counts moved (the audiences.uploadProgress event). */
  onLive?: (uploadId: string, live: UploadLive) => void
  /** The upload rate limit; tests and the bench scale the window. */
  rate?: { requests: number; windowMs: number }
  /** How often a chunk whose counts do not match is sent again before the upload stops. */
  mismatchRetries?: number
}

export const DEFAULT_UPLOAD_RATE = {
  requests: LIMITS.audiences.uploadRequestsPerWindow.value,
  windowMs: LIMITS.audiences.uploadWindowMinutes.value * 60_000,
}

const refused = (message: string) => new AppFailure(appError('invalid_request', message))

/** How far an upload got: the acknowledged rows of the expected ones. */
function uploadProgress(params: UploadParams, state: UploadState): OperationProgress {
  return {
    done: state.recordsAcked,
    total: params.expectedRecords,
    unit: 'rows',
    detail: `${plural(state.chunksAcked, 'request')} of about ${params.expectedChunks} acknowledged`,
  }
}

/** The resume point as persisted, when it is one (a job file is data, not code). */
function savedState(state: unknown): UploadState | undefined {
  const saved = state as Partial<UploadState> | undefined
  return typeof saved?.recordsAcked === 'number' && typeof saved.chunksAcked === 'number'
    ? (saved as UploadState)
    : undefined
}

function keepError(live: UploadLive, chunk: number, message: string, now: number): void {
  live.chunkErrors.push({ chunk, message, at: new Date(now).toISOString() })
  // The list shows the latest; a long outage must not grow it without bound.
  if (live.chunkErrors.length > 50) live.chunkErrors.splice(0, live.chunkErrors.length - 50)
}

export function audienceOperations(deps: AudienceOperationsDeps): AnyOperationExecutor[] {
  const pacer: Pacer = createPacer(deps.rate ?? DEFAULT_UPLOAD_RATE)
  const mismatchRetries = deps.mismatchRetries ?? 5

  const upload: OperationExecutor<UploadParams, { records: number; chunks: number }> = {
    op: AUDIENCE_OPS.upload,
    params: uploadParamsSchema,
    label: (params) =>
      `${params.settings.operationType === 'Delete' ? 'Remove' : 'Add'} ${plural(params.expectedRecords, 'row')} ${
        params.settings.operationType === 'Delete' ? 'from' : 'to'
      } “${params.target.name}”`,
    retry: 'repeatable',
    progressOf: (params, state) => {
      const saved = savedState(state)
      return saved ? uploadProgress(params, saved) : undefined
    },
    async run(env, step) {
      const params = step.params
      const state: UploadState = savedState(step.state) ?? {
        offset: params.layout.dataStart,
        chunksAcked: 0,
        recordsAcked: 0,
        rowsRead: 0,
      }
      const live: UploadLive = deps.live.get(params.uploadId) ?? {
        rowsRead: state.rowsRead,
        rowsHashed: 0,
        recordsAcked: state.recordsAcked,
        chunksAcked: state.chunksAcked,
        expectedRecords: params.expectedRecords,
        expectedChunks: params.expectedChunks,
        startedAt: env.now(),
        startRecords: state.recordsAcked,
        chunkErrors: [],
      }
      live.startedAt = env.now()
      live.startRecords = state.recordsAcked
      deps.live.set(params.uploadId, live)
      const moved = () => deps.onLive?.(params.uploadId, live)
      const report = () => env.progress(uploadProgress(params, state))
      report()
      const layout: ListLayout = params.layout as ListLayout
      const settings: OperationSettings = params.settings as OperationSettings
      const stream = streamChunks(layout, settings, { offset: state.offset, chunkIndex: state.chunksAcked })
      try {
        for (;;) {
          if (env.cancelRequested()) throw new JobCanceled()
          const chunk = await stream.next()
          const counts = stream.counts()
          if (counts) {
            live.rowsRead = Math.max(live.rowsRead, counts.rowsRead)
            live.rowsHashed = Math.max(live.rowsHashed, counts.accepted)
          }
          if (chunk) live.rowsRead = Math.max(live.rowsRead, chunk.rowsRead)
          moved()
          if (!chunk) break
          let mismatches = 0
          for (;;) {
            await pacer.take(`${env.accountId}:${params.settings.target}`, (ms) => env.sleep(ms))
            if (env.cancelRequested()) throw new JobCanceled()
            let answer
            try {
              answer = await uploadUsers(env.ctx, env.accountId, params.target, chunk.body)
            } catch (error) {
              if (isAppFailure(error)) keepError(live, chunk.index + 1, error.message, env.now())
              moved()
              // A rate limit is waited out here, so the file is not re-read for it.
              if (isAppFailure(error) && error.code === 'rate_limited') {
                await env.sleep((error.retryAfter ?? 60) * 1000)
                continue
              }
              throw error
            }
            const { successCount, totalCount } = answer
            if (successCount === totalCount && totalCount === chunk.records) break
            // The spec: counts that differ from the records sent are an error; send again (line 165).
            mismatches += 1
            keepError(
              live,
              chunk.index + 1,
              `The platform processed ${successCount} of ${chunk.records} records (total_count ${totalCount}); sending this request again`,
              env.now(),
            )
            moved()
            if (mismatches > mismatchRetries)
              throw refused(
                `Request ${chunk.index + 1} was processed only in part (${successCount} of ${chunk.records} records) ${mismatches} times in a row, so the upload stopped. ${plural(state.recordsAcked, 'row')} before it were acknowledged; retry later to go on from there.`,
              )
            await env.sleep(Math.min(5_000, 200 * 2 ** mismatches))
          }
          state.offset = chunk.endOffset
          state.chunksAcked += 1
          state.recordsAcked += chunk.records
          state.rowsRead = chunk.rowsRead
          step.state = { ...state }
          await env.save()
          live.recordsAcked = state.recordsAcked
          live.chunksAcked = state.chunksAcked
          moved()
          report()
        }
      } finally {
        await stream.close()
      }
      return { records: state.recordsAcked, chunks: state.chunksAcked }
    },
  }

  const deleteList: OperationExecutor<{ listId: string; name: string }, { listId: string }> = {
    op: AUDIENCE_OPS.deleteDoNotReachList,
    params: z.object({ listId: platformId, name: z.string().max(300) }),
    label: (params) => `Delete the do-not-reach list “${params.name}”`,
    retry: 'repeatable',
    async run(env, step) {
      await deleteDoNotReachList(env.ctx, env.accountId, step.params.listId)
      return { listId: step.params.listId }
    },
    // Sent again after a lost answer: the list is already gone.
    alreadyDone: (error, params) => (error.code === 'not_found' ? { listId: params.listId } : undefined),
  }

  return [upload, deleteList]
}
