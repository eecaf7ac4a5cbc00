import { postingUserOf } from '../../shared/creatives/post'
import { libraryMediaRefSchema } from '../../shared/creatives/media'
import { postContentSchema } from '../../shared/creatives/post'
import type { Draft } from '../../shared/drafts/envelope'
import { CURRENT_DRAFT_SCHEMA_VERSION } from '../../shared/drafts/envelope'
import { isAppFailure } from '../../shared/errors'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { AdsContext } from '../api/adsRequest'
import { getMediaLibraryObject } from '../api/ads'
import { getCard, listCards, listPollCards, listVideoConversationCards } from '../api/cards'
import type { AccountFeaturesCache } from './accountFeatures'
import { localFileProblem, type LocalMediaReader } from '../media/grantedFiles'
import type { CardKind, DraftSnapshot, PublishJob } from './job'
import { postLengthTierLimit, type PostLengthLimit } from '../../shared/rules/limits'
import { loadPostLengthCounter } from '../../shared/rules/postLength'
import { checkDraftForPublish } from '../../shared/creatives/publishGate'
import type { TeamRulesOf } from './teamRules'
import { checkSnapshotRules, type RuleFacts } from './preflightRules'
import { MediaFileError } from '../media/formats'
import type { LocalMediaProbe } from '../media/inspect/grantedProbe'
import { withProbedMedia } from '../media/inspect/grantedProbe'
import type { ProbedMedia } from '../media/inspect/probeFile'

/**
 * The check a publish job passes before its first network write, with everything the server
 * will check: the account's features as the platform says now, the post length tier the
 * designer set for the account, the local files as they are on disk now, and every library
 * medium and card the drafts refer to. Reads only; a problem stops the job in "needs attention"
 * before anything is uploaded. Network trouble is thrown (the runner waits and tries again);
 * what the designer must fix is returned, one entry per problem, each naming its draft and field.
 */

export interface PreflightEnv {
  ctx: AdsContext
  job: PublishJob
  features: AccountFeaturesCache
  /** The post length rules the designer set for this profile and account (settings). */
  facts: Omit<RuleFacts, 'features'>
  /** Local media, read only through the designer's grants (media/grantedFiles.ts). */
  localMedia: LocalMediaReader
  /**
   * Reads a local file's properties again (media/inspect), so the media rules judge the file as
   * it is, not what the draft says of it. Without it the draft's stored facts are checked.
   */
  probeLocal?: LocalMediaProbe
  /** What a published card draft the job attaches is on the platform (its id and kind). */
  publishedCard(draftId: string): { cardId: string; cardKind?: CardKind } | undefined
}

export async function preflight(env: PreflightEnv): Promise<OutboxError[]> {
  const { job } = env
  const { features } = await env.features.get(env.ctx, job.accountId)
  const problems: OutboxError[] = []
  const probed = new Map<string, ProbedMedia>()
  const fileProblems = await changedFiles(env, probed)
  // The job's draft with the card draft a post attaches: both are in the job's snapshots.
  const lookup = (draftId: string) => {
    const snapshot = job.publication.drafts[draftId]
    return snapshot ? snapshotDraft(draftId, snapshot, probed) : undefined
  }
  const own = lookup(job.publication.draftId)
  if (own) problems.push(...checkSnapshotRules(own, lookup, { ...env.facts, features }))
  problems.push(...fileProblems)
  problems.push(...(await missingLibraryMedia(env)))
  problems.push(...(await missingCards(env)))
  return dedupe(problems)
}

/** The job's snapshot as the draft shape the rules take, its local media as main probed them. */
function snapshotDraft(id: string, snapshot: DraftSnapshot, probed: ReadonlyMap<string, ProbedMedia>): Draft {
  return {
    id,
    kind: snapshot.kind,
    name: snapshot.name,
    content: withProbedMedia(snapshot.content, probed) as Draft['content'],
    status: 'queued',
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    createdAt: new Date(0).toISOString(),
    updatedAt: new Date(0).toISOString(),
  }
}

/**
 * Local files not uploaded yet, read again: one that vanished or changed is not what was reviewed.
 * Each unchanged one is probed into `probed` (by hash) for the media rules.
 */
async function changedFiles(env: PreflightEnv, probed: Map<string, ProbedMedia>): Promise<OutboxError[]> {
  const problems: OutboxError[] = []
  for (const step of env.job.steps) {
    if (step.kind !== 'upload' || step.status !== 'pending') continue
    const draftId = step.forDraftIds[0]
    let sha256: string
    try {
      sha256 = await env.localMedia.digest(step)
    } catch (error) {
      problems.push({ ...localFileProblem(step, error), ...(draftId ? { draftId } : {}) })
      continue
    }
    if (sha256 !== step.sha256) {
      problems.push({
        code: 'file_changed',
        message: `${step.fileName} changed since it was added — choose it again so the draft's checks and preview match the file`,
        ...(draftId ? { draftId } : {}),
      })
      continue
    }
    const problem = await probeInto(env, step, probed)
    if (problem) problems.push({ ...problem, ...(draftId ? { draftId } : {}) })
  }
  return problems
}

/** A medium main cannot read as one (damaged, cut short, not a medium) stops the job. */
async function probeInto(
  env: PreflightEnv,
  step: { path: string; mimeType: string; sha256: string; fileName: string },
  probed: Map<string, ProbedMedia>,
): Promise<{ code: string; message: string } | undefined> {
  if (!env.probeLocal) return undefined
  try {
    probed.set(step.sha256, await env.probeLocal(step))
    return undefined
  } catch (error) {
    if (error instanceof MediaFileError) return { code: 'media_unreadable', message: error.message }
    return localFileProblem(step, error)
  }
}

/** Every library medium a draft of the job names, with the draft and content path it is at. */
function libraryRefsOf(job: PublishJob): { draftId: string; mediaKey: string; path: (string | number)[] }[] {
  const found: { draftId: string; mediaKey: string; path: (string | number)[] }[] = []
  const walk = (draftId: string, value: unknown, path: (string | number)[]): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(draftId, item, [...path, index]))
      return
    }
    if (typeof value !== 'object' || value === null) return
    const ref = libraryMediaRefSchema.safeParse(value)
    if (ref.success) {
      found.push({ draftId, mediaKey: ref.data.mediaKey, path })
      return
    }
    for (const [key, child] of Object.entries(value)) walk(draftId, child, [...path, key])
  }
  for (const [draftId, snapshot] of Object.entries(job.publication.drafts))
    walk(draftId, snapshot.content, [])
  return found
}

async function missingLibraryMedia(env: PreflightEnv): Promise<OutboxError[]> {
  const problems: OutboxError[] = []
  const checked = new Map<string, boolean>()
  for (const ref of libraryRefsOf(env.job)) {
    let exists = checked.get(ref.mediaKey)
    if (exists === undefined) {
      exists = await found(() => getMediaLibraryObject(env.ctx, env.job.accountId, ref.mediaKey))
      checked.set(ref.mediaKey, exists)
    }
    if (!exists) {
      problems.push({
        code: 'media_missing',
        message: `A medium from the media library (${ref.mediaKey}) is no longer in this account's library — choose another`,
        draftId: ref.draftId,
        contentPath: ref.path,
      })
    }
  }
  return problems
}

async function missingCards(env: PreflightEnv): Promise<OutboxError[]> {
  const { job, ctx } = env
  const { draftId, drafts, publishedCards } = job.publication
  const problems: OutboxError[] = []
  // Card drafts published earlier, which the post attaches as they are.
  for (const [cardDraftId, cardUri] of Object.entries(publishedCards)) {
    const known = env.publishedCard(cardDraftId)
    if (!known) continue
    const exists = await found(() => cardExists(ctx, job.accountId, known.cardId, known.cardKind))
    if (!exists) {
      problems.push({
        code: 'card_missing',
        message: `The attached card (${cardUri}) no longer exists on this account — attach another card`,
        draftId,
        contentPath: ['card'],
      })
    }
  }
  // A card picked from the account's cards by its URI.
  const post = drafts[draftId]
  const content = post?.kind === 'post' ? postContentSchema.safeParse(post.content) : undefined
  const card = content?.success ? content.data.card : null
  if (card?.source === 'published') {
    const state = await cardStateByUri(ctx, job.accountId, card.cardUri)
    if (state !== 'live') {
      problems.push({
        code: 'card_missing',
        message:
          state === 'deleted'
            ? `The attached card (${card.cardUri}) was deleted — attach another card`
            : `The attached card (${card.cardUri}) is not on this ad account — attach another card`,
        draftId,
        contentPath: ['card'],
      })
    }
  }
  return problems
}

/** B:27 "card_uri (form card://<card_id>)": the id a card list filters by. */
const CARD_URI = /^card:\/\/([A-Za-z0-9_-]{1,64})$/

/**
 * Whether the card a post names by URI is on the account. Component cards (legacy ones too)
 * are found by `card_uris`; poll and video conversation cards have no URI filter, so they are
 * looked up by the id the URI carries. Deleted cards are asked for too, to say which it is.
 */
async function cardStateByUri(
  ctx: AdsContext,
  accountId: string,
  cardUri: string,
): Promise<'live' | 'deleted' | 'absent'> {
  const stateOf = (match: { deleted?: boolean | undefined } | undefined) =>
    match === undefined ? undefined : match.deleted === true ? ('deleted' as const) : ('live' as const)
  const components = await listCards(ctx, accountId, {
    cardUris: [cardUri],
    includeLegacyCards: true,
    withDeleted: true,
  })
  const component = stateOf(components.data.find((candidate) => candidate.card_uri === cardUri))
  if (component) return component
  const cardId = CARD_URI.exec(cardUri)?.[1]
  if (!cardId) return 'absent'
  for (const list of [listPollCards, listVideoConversationCards]) {
    const listed = await list(ctx, accountId, { cardIds: [cardId], withDeleted: true })
    const state = stateOf(
      listed.data.find((candidate) => candidate.id === cardId || candidate.card_uri === cardUri),
    )
    if (state) return state
  }
  return 'absent'
}

async function cardExists(
  ctx: AdsContext,
  accountId: string,
  cardId: string,
  kind: CardKind | undefined,
): Promise<unknown> {
  if (kind === 'poll_card') {
    const listed = await listPollCards(ctx, accountId, { cardIds: [cardId] })
    if (!listed.data.some((card) => card.id === cardId)) throw notFound()
    return listed
  }
  if (kind === 'video_conversation_card') {
    const listed = await listVideoConversationCards(ctx, accountId, { cardIds: [cardId] })
    if (!listed.data.some((card) => card.id === cardId)) throw notFound()
    return listed
  }
  return getCard(ctx, accountId, cardId)
}

const NOT_FOUND = Symbol('not found')
const notFound = () => NOT_FOUND

/** true when the read succeeded, false on 404; anything else (offline, 5xx) is thrown on. */
async function found(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read()
    return true
  } catch (error) {
    if (error === NOT_FOUND) return false
    if (isAppFailure(error) && error.code === 'not_found') return false
    throw error
  }
}

function dedupe(problems: OutboxError[]): OutboxError[] {
  const seen = new Set<string>()
  return problems.filter((problem) => {
    const key = `${problem.draftId ?? ''}|${problem.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export interface PreflightDeps {
  features: AccountFeaturesCache
  /** The post length tier of a profile's posting user (settings.postLengthLimits). */
  postLengthTier(profileId: string, userId: string | undefined): RuleFacts['postLengthTier']
  localMedia: LocalMediaReader
  probeLocal?: LocalMediaProbe
  /** A published card draft's id and kind on the platform, from the draft store. */
  publishedCard(draftId: string): { cardId: string; cardKind?: CardKind } | undefined
  /** The account's team rule packs (checked again before the job's first network write). */
  teamRules?: TeamRulesOf
}

/** The outbox's preflight hook, built from main's services. */
export function createPreflight(
  deps: PreflightDeps,
): (job: PublishJob, ctx: AdsContext) => Promise<OutboxError[]> {
  return async (job, ctx) => {
    const counter = await loadPostLengthCounter()
    const posted = job.publication.drafts[job.publication.draftId]
    const tier = deps.postLengthTier(job.profileId, postingUserOf(posted))
    // The weighted length does not depend on the limit; the tier's limit is passed for the type.
    const limit = postLengthTierLimit(tier) as PostLengthLimit
    const teamRules = await deps.teamRules?.(job.profileId, job.accountId)
    return preflight({
      ctx,
      job,
      features: deps.features,
      facts: {
        postLengthTier: tier,
        weightedLength: (text) => counter(text, limit).weightedLength,
        ...(job.publication.userId ? { authenticatedUserId: job.publication.userId } : {}),
        resolveCard: (draftId) => job.publication.publishedCards[draftId],
        ...(teamRules ? { teamRules } : {}),
      },
      localMedia: deps.localMedia,
      ...(deps.probeLocal ? { probeLocal: deps.probeLocal } : {}),
      publishedCard: deps.publishedCard,
    })
  }
}

/**
 * The review sheet's warnings: the publish gate's warnings for the draft (and the card draft a
 * post attaches), with the features main last fetched for the account when it has them. The
 * errors are enqueue's to refuse; the preflight checks again with fresh features before sending.
 */
export function createReviewWarnings(deps: {
  features: AccountFeaturesCache
  postLengthTier: PreflightDeps['postLengthTier']
  lookupDraft: (draftId: string) => Draft | undefined
  resolveCard: (draftId: string, accountId: string) => string | undefined
  teamRules?: TeamRulesOf
}) {
  return async (
    draft: Draft,
    context: { profileId: string; accountId: string; userId?: string },
  ): Promise<{ message: string; draftId?: string }[]> => {
    const counter = await loadPostLengthCounter()
    const tier = deps.postLengthTier(context.profileId, postingUserOf(draft))
    const limit = postLengthTierLimit(tier) as PostLengthLimit
    const features = deps.features.peek(context.accountId)?.features
    const teamRules = await deps.teamRules?.(context.profileId, context.accountId)
    const issues = checkDraftForPublish(draft, {
      postLengthTier: tier,
      ...(features ? { features } : {}),
      weightedLength: (text) => counter(text, limit).weightedLength,
      ...(context.userId ? { authenticatedUserId: context.userId } : {}),
      lookupDraft: deps.lookupDraft,
      resolveCard: (draftId) => deps.resolveCard(draftId, context.accountId),
      ...(teamRules ? { teamRules } : {}),
    })
    return issues
      .filter((issue) => issue.severity === 'warning')
      .map((issue) => ({ message: issue.message, draftId: issue.draftId }))
  }
}
