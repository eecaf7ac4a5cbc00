import type { AdsContext, Card, PostCreate } from '../api/ads'
import {
  createCard,
  createMediaLibraryObject,
  createPollCard,
  createPost,
  createVideoConversationCard,
} from '../api/ads'
import { uploadAppend, uploadFinalize, uploadInit, uploadStatus } from '../api/mediaUpload'
import { LIMITS } from '../../shared/rules/limits'
import { GrantedFileError, type LocalMediaReader } from '../media/grantedFiles'
import type { UploadState } from '../api/mediaUpload'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import type { PostPayload, VideoConversationCardPayload } from '../../shared/rules/payloads'
import type { CardStep, Job, LibraryStep, PostStep, Step, UploadStep } from './job'
import { mediaKeysBySha, payloadFor } from './payloads'
import type { ReconcileScope } from './reconcile'
import { findCard, findLibraryObject, findPollCard, findPost, findVideoConversationCard } from './reconcile'

/**
 * Runs one step of a job. The rules that make publishing safe live here:
 * - a step is marked 'attempting' (with the time) on disk before a request that may create
 *   something is sent; that same write carries the results of the steps before it, so no
 *   request ever leaves before everything learnt so far is on disk (one fsync'd write per
 *   creating request instead of two; an upload's INIT, which creates nothing on the account,
 *   writes only when a result is not on disk yet; the runner also writes before any wait and
 *   when a job ends);
 * - a step found 'attempting' looks for what it may have created before it sends again;
 * - an upload whose INIT answer was lost is abandoned: an upload is not an object of the
 *   account until it is in the media library.
 */

export interface StepEnv {
  ctx: AdsContext
  job: Job
  /** Resolves once the job, as it is now, is on disk. */
  save(): Promise<void>
  /** As save, but only when the job holds a creating step's result the disk does not have yet. */
  saveUnsavedResults(): Promise<void>
  now(): number
  sleep(ms: number): Promise<void>
  /** Local media, read only through the designer's grants (media/grantedFiles.ts). */
  localMedia: LocalMediaReader
  chunkBytes: number
  /** Upper bound on one wait between STATUS checks of a video being processed. */
  processingPollMaxMs: number
  /** Remote ids that other jobs own. */
  claimed(): ReadonlySet<string>
  /** A card draft already published on the job's account (by an earlier publish or another job). */
  publishedCard(draftId: string): { cardId: string; cardUri: string } | undefined
  /** Upload progress moved (bytes), for the progress bar. */
  onProgress(): void
  /** The designer asked to cancel: a step stops before it would send a creating request. */
  cancelRequested(): boolean
}

/**
 * Thrown when a cancel is asked while a step's lost answer was being looked for and nothing was
 * found: nothing of the step exists, so the job can stop instead of sending it again.
 */
export class StepCanceled extends Error {
  constructor() {
    super('canceled')
    this.name = 'StepCanceled'
  }
}

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

async function markAttempting(env: StepEnv, step: Step): Promise<void> {
  step.status = 'attempting'
  step.attemptStartedAt ??= env.now()
  step.attempts += 1
  // An upload is not an object of the account until it is in the media library: a crash after
  // its INIT leaves a session nothing uses, and the step starts a new one. So its mark need not
  // be on disk first, only the results learnt before it (a card's id, a library entry) must be.
  // That saves a durable write per medium: the library step's mark carries the upload's state.
  if (step.kind === 'upload') await env.saveUnsavedResults()
  else await env.save()
}

/** The result is written with the next step's 'attempting' mark, before its request. */
async function markDone(_env: StepEnv, step: Step): Promise<void> {
  step.status = 'done'
}

/**
 * Sends a creating request. Any answer but a lost or unreadable one proves nothing was created
 * (the platform refused it, or it never left the machine), so the step is no longer
 * 'attempting' and a retry sends it without looking for it first.
 */
async function sendCreate<T>(step: Step, send: () => Promise<T>): Promise<T> {
  try {
    return await send()
  } catch (error) {
    if (isAppFailure(error) && error.code !== 'outcome_unknown' && error.code !== 'unexpected_response')
      step.status = 'pending'
    throw error
  }
}

/** After a reconcile found nothing: a cancel lands here rather than sending the request again. */
async function stopIfCanceled(env: StepEnv, step: Step): Promise<void> {
  if (!env.cancelRequested()) return
  step.status = 'pending'
  await env.save()
  throw new StepCanceled()
}

function scopeOf(env: StepEnv, step: Step): ReconcileScope {
  return {
    ctx: env.ctx,
    accountId: env.job.accountId,
    attemptStartedAt: step.attemptStartedAt ?? env.now(),
    claimed: env.claimed(),
  }
}

/** Media only card drafts need, when those cards were already published by another job. */
function notNeeded(env: StepEnv, step: Step): boolean {
  if (step.kind !== 'upload' && step.kind !== 'library') return false
  if (step.status === 'attempting' && step.kind === 'library') return false
  return step.forDraftIds.every((draftId) => {
    const kind = env.job.drafts[draftId]?.kind
    return kind !== 'post' && kind !== 'media_library' && env.publishedCard(draftId) !== undefined
  })
}

export async function runStep(env: StepEnv, step: Step): Promise<void> {
  if (step.status === 'done') return
  if (notNeeded(env, step)) {
    step.skipped = true
    return markDone(env, step)
  }
  switch (step.kind) {
    case 'upload':
      return runUpload(env, step)
    case 'library':
      return runLibrary(env, step)
    case 'card':
      return runCard(env, step)
    case 'post':
      return runPost(env, step)
  }
}

// Upload

async function readVerified(env: StepEnv, step: UploadStep): Promise<Uint8Array> {
  let read: { bytes: Uint8Array; sha256: string }
  try {
    read = await env.localMedia.read(step)
  } catch (error) {
    if (error instanceof GrantedFileError && error.reason === 'changed')
      throw fatal(`${step.fileName} changed after it was added — add it to the draft again`)
    throw fatal(`${step.fileName} cannot be read any more — add the file to the draft again`)
  }
  const { bytes, sha256 } = read
  if (sha256 !== step.sha256)
    throw fatal(`${step.fileName} changed after it was added — add it to the draft again`)
  return bytes
}

function restartUpload(step: UploadStep, error: unknown): void {
  if (step.restarts >= MAX_UPLOAD_RESTARTS) throw error
  step.restarts += 1
  delete step.session
  step.status = 'pending'
}

async function runUpload(env: StepEnv, step: UploadStep): Promise<void> {
  const bytes = await readVerified(env, step)
  for (;;) {
    if (!step.session) {
      await markAttempting(env, step)
      let init: UploadState
      try {
        init = await uploadInit(env.ctx, {
          totalBytes: bytes.length,
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
    const session = step.session
    let savedAt = env.now()
    try {
      while (session.phase === 'append' && session.bytesSent < bytes.length) {
        const start = session.nextSegment * env.chunkBytes
        const chunk = bytes.subarray(start, Math.min(bytes.length, start + env.chunkBytes))
        // Re-sending a segment replaces it, so a lost APPEND answer is simply sent again.
        await uploadAppend(env.ctx, { mediaId: session.mediaId, segmentIndex: session.nextSegment, chunk })
        session.nextSegment += 1
        session.bytesSent = start + chunk.length
        env.onProgress()
        if (env.now() - savedAt >= PROGRESS_SAVE_MS) {
          await env.save()
          savedAt = env.now()
        }
      }
      if (session.phase === 'append') session.phase = 'finalize'
      let state: UploadState | undefined
      if (session.phase === 'finalize') {
        state = await finalizeOnce(env, step)
        if (state.mediaKey) session.mediaKey ??= state.mediaKey
        session.phase = 'processing'
        // Processing can take minutes: a restart meanwhile should wait for it, not upload again.
        if (state.processingInfo && state.processingInfo.state !== 'succeeded') await env.save()
      }
      const ready = await waitUntilProcessed(env, step, state)
      const mediaKey = session.mediaKey ?? ready.mediaKey
      if (!mediaKey) throw new Error(`the platform gave no media key for ${step.fileName}`)
      step.result = { mediaId: session.mediaId, mediaKey }
      await markDone(env, step)
      return
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
async function finalizeOnce(env: StepEnv, step: UploadStep): Promise<UploadState> {
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
  env: StepEnv,
  step: UploadStep,
  first: UploadState | undefined,
): Promise<UploadState> {
  let state = first ?? (await uploadStatus(env.ctx, step.session!.mediaId))
  for (;;) {
    const info = state.processingInfo
    if (!info || info.state === 'succeeded') return state
    if (info.state === 'failed') {
      throw fatal(
        `The platform could not process ${step.fileName}${info.error?.message ? `: ${info.error.message}` : ''}`,
      )
    }
    const wait = Math.min(env.processingPollMaxMs, Math.max(1, info.check_after_secs ?? 1) * 1000)
    await env.sleep(wait)
    state = await uploadStatus(env.ctx, step.session!.mediaId)
  }
}

// Media library

function uploadedKey(env: StepEnv, sha256: string): string {
  const key = mediaKeysBySha(env.job).get(sha256)
  if (!key) throw new Error('the medium was not uploaded before it was added to the library')
  return key
}

async function runLibrary(env: StepEnv, step: LibraryStep): Promise<void> {
  const mediaKey = uploadedKey(env, step.sha256)
  if (step.status === 'attempting' && (await findLibraryObject(env.ctx, env.job.accountId, mediaKey))) {
    step.result = { mediaKey }
    return markDone(env, step)
  }
  const input = step.draftId
    ? (() => {
        const payload = payloadFor(env.job, step.draftId, 'media_library')
        return {
          mediaKey: payload.media_key,
          ...(payload.name !== undefined ? { name: payload.name } : {}),
          ...(payload.file_name !== undefined ? { fileName: payload.file_name } : {}),
          ...(payload.description !== undefined ? { description: payload.description } : {}),
          ...(payload.title !== undefined ? { title: payload.title } : {}),
          ...(payload.poster_media_key !== undefined ? { posterMediaKey: payload.poster_media_key } : {}),
        }
      })()
    : {
        mediaKey,
        name: step.fileName.slice(0, LIMITS.mediaLibrary.name.max),
        fileName: step.fileName.slice(0, LIMITS.mediaLibrary.fileName.max),
      }
  if (step.status === 'attempting') await stopIfCanceled(env, step)
  await markAttempting(env, step)
  await sendCreate(step, () => createMediaLibraryObject(env.ctx, env.job.accountId, input))
  step.result = { mediaKey }
  await markDone(env, step)
}

// Cards

function videoConversationInput(payload: VideoConversationCardPayload) {
  const optional = (value: string | undefined) => (value === undefined || value === '' ? undefined : value)
  return {
    name: payload.name,
    firstCta: payload.first_cta,
    firstCtaPost: payload.first_cta_post,
    mediaKey: payload.media_key,
    thankYouText: payload.thank_you_text,
    title: optional(payload.title),
    secondCta: optional(payload.second_cta),
    secondCtaPost: optional(payload.second_cta_post),
    thirdCta: optional(payload.third_cta),
    thirdCtaPost: optional(payload.third_cta_post),
    fourthCta: optional(payload.fourth_cta),
    fourthCtaPost: optional(payload.fourth_cta_post),
    posterMediaKey: payload.poster_media_key,
    thankYouUrl: payload.thank_you_url,
    unlockedImageMediaKey: payload.unlocked_image_media_key,
    unlockedVideoMediaKey: payload.unlocked_video_media_key,
  }
}

/** The request and its reconciliation for each card kind, from the same payload. */
function cardOperations(
  env: StepEnv,
  step: CardStep,
): { find: () => Promise<Card | undefined>; create: () => Promise<Card> } {
  const { ctx, job } = env
  if (step.cardKind === 'card') {
    const payload = payloadFor(job, step.draftId, 'card')
    return {
      find: () => findCard(scopeOf(env, step), payload),
      create: () =>
        createCard(
          ctx,
          job.accountId,
          payload.slides
            ? { name: payload.name, slides: payload.slides }
            : { name: payload.name, components: payload.components ?? [] },
        ),
    }
  }
  if (step.cardKind === 'poll_card') {
    const payload = payloadFor(job, step.draftId, 'poll_card')
    return {
      find: () => findPollCard(scopeOf(env, step), payload),
      create: () =>
        createPollCard(ctx, job.accountId, {
          name: payload.name,
          durationInMinutes: payload.duration_in_minutes,
          firstChoice: payload.first_choice,
          secondChoice: payload.second_choice,
          ...(payload.third_choice !== undefined ? { thirdChoice: payload.third_choice } : {}),
          ...(payload.fourth_choice !== undefined ? { fourthChoice: payload.fourth_choice } : {}),
          ...(payload.media_key !== undefined ? { mediaKey: payload.media_key } : {}),
        }),
    }
  }
  const payload = payloadFor(job, step.draftId, 'video_conversation_card')
  const input = videoConversationInput(payload)
  return {
    find: () => findVideoConversationCard(scopeOf(env, step), payload),
    create: () =>
      createVideoConversationCard(
        ctx,
        job.accountId,
        Object.fromEntries(
          Object.entries(input).filter(([, value]) => value !== undefined),
        ) as typeof input & {
          mediaKey: string
        },
      ),
  }
}

function cardResult(card: Card, adopted: boolean): CardStep['result'] {
  return { cardId: card.id, cardUri: card.card_uri ?? `card://${card.id}`, ...(adopted ? { adopted } : {}) }
}

async function runCard(env: StepEnv, step: CardStep): Promise<void> {
  // The same card draft may be published by its own job and by a post's: create it once.
  const elsewhere = env.publishedCard(step.draftId)
  if (elsewhere) {
    step.result = { ...elsewhere, adopted: true }
    return markDone(env, step)
  }
  const operations = cardOperations(env, step)
  if (step.status === 'attempting') {
    const found = await operations.find()
    if (found) {
      step.result = cardResult(found, true)
      return markDone(env, step)
    }
    await stopIfCanceled(env, step)
  }
  await markAttempting(env, step)
  const card = await sendCreate(step, operations.create)
  step.result = cardResult(card, false)
  await markDone(env, step)
}

// Posts

function postInput(payload: PostPayload): PostCreate {
  return {
    asUserId: payload.as_user_id,
    ...(payload.text !== undefined ? { text: payload.text } : {}),
    ...(payload.card_uri !== undefined ? { cardUri: payload.card_uri } : {}),
    ...(payload.media_keys ? { mediaKeys: payload.media_keys.split(',') } : {}),
    ...(payload.name !== undefined ? { name: payload.name } : {}),
    ...(payload.nullcast !== undefined ? { nullcast: payload.nullcast } : {}),
    ...(payload.post_mode !== undefined ? { postMode: payload.post_mode } : {}),
    ...(payload.conversation_settings !== undefined
      ? { conversationSettings: payload.conversation_settings }
      : {}),
    ...(payload.video_cta !== undefined ? { videoCta: payload.video_cta } : {}),
    ...(payload.video_cta_value !== undefined ? { videoCtaValue: payload.video_cta_value } : {}),
    ...(payload.video_title !== undefined ? { videoTitle: payload.video_title } : {}),
    ...(payload.video_description !== undefined ? { videoDescription: payload.video_description } : {}),
    trimUser: true,
  }
}

async function runPost(env: StepEnv, step: PostStep): Promise<void> {
  const payload = payloadFor(env.job, step.draftId, 'post')
  if (step.status === 'attempting') {
    const found = await findPost(scopeOf(env, step), payload)
    if (found) {
      step.result = { postId: found.id_str, adopted: true }
      return markDone(env, step)
    }
    await stopIfCanceled(env, step)
  }
  await markAttempting(env, step)
  const post = await sendCreate(step, () => createPost(env.ctx, env.job.accountId, postInput(payload)))
  step.result = { postId: post.id_str }
  await markDone(env, step)
}
