import { uploadAppend, uploadFinalize, uploadInit, uploadStatus } from '../../api/mediaUpload'
import type { UploadState } from '../../api/mediaUpload'
import { AppFailure, appError, isAppFailure } from '../../../shared/errors'
import type { Answer, JobEnv, StepExecutor } from '../executor'
import type { UploadStep } from '../job'
import { PUBLISH_OPS } from '../job'
import { skipIfNotNeeded } from './common'
import { GrantedFileError } from '../../media/grantedFiles'
import type { LocalMediaStream } from '../../media/mediaStream'
import { describeProcessingFailure } from '../../media/processingFailure'

/**
 * Sends a local file of a draft through the chunked upload. An upload is not an object of the
 * account until it is in the media library: a session whose INIT answer was lost, or that the
 * server forgot, is abandoned and a new one started, and a crash after INIT leaves a session
 * nothing uses. So its 'attempting' mark need not be on disk first ('private').
 */

/** An upload session may be lost (server restart, expiry); start over a few times, then give up. */
const MAX_UPLOAD_RESTARTS = 3
/**
 * Upload progress is written at most this often. It is only a shortcut for resuming: a session
 * the file does not know about is abandoned and segments are safe to send twice.
 */
const PROGRESS_SAVE_MS = 1_000

function fatal(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

/** A local file the upload cannot read, or that is not the one the draft was checked with. */
function fileProblem(step: UploadStep, error: unknown): AppFailure {
  if (error instanceof GrantedFileError && error.reason === 'changed') return changed(step)
  return fatal(`${step.fileName} cannot be read any more — add the file to the draft again`)
}

const changed = (step: UploadStep) =>
  fatal(`${step.fileName} changed after it was added — add it to the draft again`)

/** The step's file, opened through its grant; its bytes are hashed as they are read. */
async function openFile(env: JobEnv, step: UploadStep): Promise<LocalMediaStream> {
  let file: LocalMediaStream
  try {
    file = await env.localMedia.open(step)
  } catch (error) {
    throw fileProblem(step, error)
  }
  // Another size is another file, found before anything is sent; the same size, by its hash.
  if (file.size !== step.bytes) {
    await file.close().catch(() => undefined)
    throw changed(step)
  }
  return file
}

/**
 * The file's slices in order, each read while the request before it is in flight (INIT for the
 * first): the read and its hashing cost the step nothing a request does not already wait for.
 */
function sliceReader(env: JobEnv, step: UploadStep, file: LocalMediaStream) {
  let ahead: { at: number; read: Promise<Uint8Array> } | undefined
  const read = (at: number) => {
    const pending = file.read(at, env.chunkBytes).then(
      (slice) => slice.bytes,
      (error: unknown) => Promise.reject(fileProblem(step, error)),
    )
    pending.catch(() => undefined) // awaited when used; a read nobody uses fails quietly
    return pending
  }
  return {
    /** Starts reading the slice at `at` now. */
    prefetch(at: number): void {
      if (at < file.size && ahead?.at !== at) ahead = { at, read: read(at) }
    },
    /** The slice at `at`, and the next one starts reading. */
    async take(at: number): Promise<Uint8Array> {
      const bytes = await (ahead?.at === at ? ahead.read : read(at))
      ahead = undefined
      this.prefetch(at + bytes.length)
      return bytes
    },
  }
}

/** Before FINALIZE, the one request that makes the upload usable: the bytes sent are the file checked. */
async function verify(step: UploadStep, file: LocalMediaStream): Promise<void> {
  let sha256: string
  try {
    sha256 = await file.sha256()
  } catch (error) {
    throw fileProblem(step, error)
  }
  if (sha256 !== step.sha256) throw changed(step)
}

function restartUpload(step: UploadStep, error: unknown): void {
  if (step.restarts >= MAX_UPLOAD_RESTARTS) throw error
  step.restarts += 1
  delete step.session
}

async function startSession(env: JobEnv, step: UploadStep, totalBytes: number): Promise<void> {
  let init: UploadState
  try {
    init = await uploadInit(env.ctx, {
      totalBytes,
      mediaType: step.mimeType,
      mediaCategory: step.mediaCategory,
    })
  } catch (error) {
    // A lost INIT answer leaves an orphan session on the server that nothing will use.
    if (isAppFailure(error) && error.code === 'outcome_unknown') step.restarts += 1
    throw error
  }
  step.session = {
    mediaId: init.mediaId,
    ...(init.mediaKey ? { mediaKey: init.mediaKey } : {}),
    nextSegment: 0,
    bytesSent: 0,
    phase: 'append',
  }
}

async function runUpload(env: JobEnv, step: UploadStep): Promise<Answer<UploadStep>> {
  // Once FINALIZE is sent the file is not read again: only the platform's processing is awaited,
  // and a file moved or deleted meanwhile must not stop an upload that is already complete.
  if (step.session?.phase === 'processing' || step.session?.finalizeSent) return sendFile(env, step)
  const file = await openFile(env, step)
  try {
    return await sendFile(env, step, file)
  } finally {
    await file.close().catch(() => undefined)
  }
}

/** Without a file: the session is past FINALIZE (runUpload opens the file if it must restart). */
async function sendFile(env: JobEnv, step: UploadStep, file?: LocalMediaStream): Promise<Answer<UploadStep>> {
  const totalBytes = file?.size ?? step.bytes
  const slices = file ? sliceReader(env, step, file) : undefined
  for (;;) {
    if (!step.session) {
      if (!slices) return runUpload(env, step)
      slices.prefetch(0)
      await startSession(env, step, totalBytes)
    }
    const session = step.session!
    let savedAt = env.now()
    try {
      while (session.phase === 'append' && session.bytesSent < totalBytes) {
        const start = session.nextSegment * env.chunkBytes
        if (!slices) return runUpload(env, step)
        const chunk = await slices.take(start)
        // Re-sending a segment replaces it, so a lost APPEND answer is simply sent again.
        await uploadAppend(env.ctx, { mediaId: session.mediaId, segmentIndex: session.nextSegment, chunk })
        session.nextSegment += 1
        session.bytesSent = start + chunk.length
        env.progress({ done: session.bytesSent, total: totalBytes, unit: 'bytes' })
        if (env.now() - savedAt >= PROGRESS_SAVE_MS) {
          await env.save()
          savedAt = env.now()
        }
      }
      if (session.phase === 'append') session.phase = 'finalize'
      let state: UploadState | undefined
      if (session.phase === 'finalize') {
        if (!session.finalizeSent) await verify(step, file!)
        state = await finalizeOnce(env, step)
        if (state.mediaKey) session.mediaKey ??= state.mediaKey
        session.phase = 'processing'
        // Processing can take minutes: a restart meanwhile should wait for it, not upload again.
        if (state.processingInfo && state.processingInfo.state !== 'succeeded') await env.save()
      }
      const ready = await waitUntilProcessed(env, step, state)
      const mediaKey = session.mediaKey ?? ready.mediaKey
      if (!mediaKey) throw new Error(`the platform gave no media key for ${step.fileName}`)
      return { mediaId: session.mediaId, mediaKey }
    } catch (error) {
      // The server forgot the session (it restarted or it expired): start the upload again.
      if (isAppFailure(error) && error.code === 'invalid_request' && session.phase !== 'processing') {
        restartUpload(step, error)
        await env.save()
        continue
      }
      throw error
    }
  }
}

/** FINALIZE twice may be refused, so after a lost answer STATUS tells whether it took. */
async function finalizeOnce(env: JobEnv, step: UploadStep): Promise<UploadState> {
  const session = step.session!
  if (session.finalizeSent) {
    try {
      return await uploadStatus(env.ctx, session.mediaId)
    } catch (error) {
      if (!(isAppFailure(error) && error.code === 'invalid_request')) throw error
    }
  }
  // Recorded with the next write; a session the file does not know about is simply abandoned.
  session.finalizeSent = true
  return uploadFinalize(env.ctx, session.mediaId)
}

async function waitUntilProcessed(
  env: JobEnv,
  step: UploadStep,
  first: UploadState | undefined,
): Promise<UploadState> {
  let state = first ?? (await uploadStatus(env.ctx, step.session!.mediaId))
  for (;;) {
    const info = state.processingInfo
    if (!info || info.state === 'succeeded') return state
    if (info.state === 'failed') throw fatal(describeProcessingFailure(step.fileName, info.error))
    // The medium is referenced only once processed; meanwhile the outbox shows how far it got.
    env.progress({
      done: Math.max(0, Math.min(100, Math.round(info.progress_percent ?? 0))),
      total: 100,
      unit: '%',
      detail: `The platform is processing ${step.fileName}:`,
    })
    const wait = Math.min(env.processingPollMaxMs, Math.max(1, info.check_after_secs ?? 1) * 1000)
    await env.sleep(wait)
    state = await uploadStatus(env.ctx, step.session!.mediaId)
  }
}

export const uploadExecutor: StepExecutor<UploadStep> = {
  op: PUBLISH_OPS.upload,
  retry: 'private',
  settle: (env, step) => skipIfNotNeeded(env, step),
  run: runUpload,
}
