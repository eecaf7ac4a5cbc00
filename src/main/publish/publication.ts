import { postingUserOf } from '../../shared/creatives/post'
import type { Draft } from '../../shared/drafts/envelope'
import { AppFailure, appError } from '../../shared/errors'
import type { OutboxJobView, OutboxReview } from '../../shared/ipc/contracts/outbox'
import { DEFAULT_POST_LENGTH_TIER, LIMITS, type PostLengthTier } from '../../shared/rules/limits'
import { loadPostLengthCounter } from '../../shared/rules/postLength'
import type { PublishAccess } from './access'
import type { Claims } from './claims'
import type { DraftStatuses, OutboxDrafts } from './draftStatus'
import type { PublishJob } from './job'
import { isFinished, isPublishJob, PUBLISH_AREA } from './job'
import type { JobBook } from './jobBook'
import { buildPlan } from './plan'
import { sameContent } from './reviewed'
import { stepLabel } from './view'

/**
 * Queuing a draft: the review sheet and Publish plan it through the same gate, for the connected
 * profile's ad account. The job keeps the drafts as they were reviewed (its snapshots) and the
 * plan of steps that publishes them.
 */

export interface PublicationDeps {
  book: JobBook
  drafts: OutboxDrafts
  draftStatus: DraftStatuses
  claims: Claims
  access: PublishAccess
  view(job: PublishJob): OutboxJobView
  /** Looks for work (the scheduler). */
  wake(): void
  reviewWarnings?: (
    draft: Draft,
    context: { profileId: string; accountId: string; userId?: string },
  ) => Promise<{ message: string; draftId?: string }[]>
  postLengthTier?: (profileId: string, userId: string | undefined) => PostLengthTier
  accountFeatures?: (profileId: string, accountId: string) => readonly string[] | undefined
  /**
   * Issue 44 (main/review): the account's "Publishing needs approval". A refusal stops the
   * review and the queuing alike; an approval that holds is shown on the review sheet.
   */
  checkApproval?: (
    draft: Draft,
    accountId: string,
  ) => Promise<{ refusal?: string; approval?: { reviewer: string; version: string; decidedAt: string } }>
}

export function createPublication(deps: PublicationDeps) {
  const { book, drafts, access } = deps

  function latestJobOf(draftId: string): PublishJob | undefined {
    return book
      .ordered()
      .filter(isPublishJob)
      .filter((job) => job.publication.draftId === draftId)
      .at(-1)
  }

  /** Results of an earlier, unfinished job of the same draft that still fit the new plan. */
  function carryOver(previous: PublishJob, next: PublishJob): void {
    const sameDraft = (draftId: string) =>
      sameContent(previous.publication.drafts[draftId]?.content, next.publication.drafts[draftId]?.content)
    for (const step of next.steps) {
      const match = previous.steps.find((old) => {
        if (old.kind !== step.kind || old.status === 'pending') return false
        if (old.kind === 'upload' && step.kind === 'upload')
          return old.sha256 === step.sha256 && old.status === 'done'
        if (old.kind === 'library' && step.kind === 'library') {
          return (
            old.sha256 === step.sha256 &&
            old.draftId === step.draftId &&
            (!step.draftId || sameDraft(step.draftId))
          )
        }
        if (old.kind === 'card' && step.kind === 'card')
          return old.draftId === step.draftId && sameDraft(step.draftId)
        return false
      })
      if (match) Object.assign(step, structuredClone(match), { id: step.id })
    }
  }

  /**
   * The publish gate: whatever the renderer showed, main checks the draft again with the
   * account's tier and features before a job exists (buildPlan refuses any error). The review
   * sheet plans through the same gate, so it refuses what Publish would.
   */
  async function gatedPlan(draft: Draft, profileId: string, accountId: string, userId: string | undefined) {
    const countLength = await loadPostLengthCounter()
    const features = deps.accountFeatures?.(profileId, accountId)
    return buildPlan({
      draft,
      lookupDraft: (id) => drafts.get(id),
      accountId,
      ...(userId ? { userId } : {}),
      publish: {
        postLengthTier: deps.postLengthTier?.(profileId, postingUserOf(draft)) ?? DEFAULT_POST_LENGTH_TIER,
        weightedLength: (text) => countLength(text, LIMITS.postLength.longForm.value).weightedLength,
        ...(features ? { features } : {}),
      },
    })
  }

  /**
   * The connected profile and ad account a publish goes to, for the review sheet and the queue
   * alike, or why there is none.
   */
  function publishingTarget() {
    const active = access.active()
    if (!active) throw new AppFailure(appError('token_expired', 'Connect a profile before publishing'))
    // Said before any rule: a revoked profile also loses its user, which the rules would report as
    // a missing advertiser, sending the designer to the wrong field.
    if (access.status(active.profileId) === 'expired')
      throw new AppFailure(appError('token_expired', 'Your access was revoked — authorize again'))
    const { accountId } = active
    if (!accountId)
      throw new AppFailure(
        appError('invalid_input', 'Pick an ad account on the Connect page before publishing'),
      )
    return { ...active, accountId }
  }

  /** The approval that lets the draft be published, if any; throws the gate's refusal. */
  async function approvalOf(draft: Draft, accountId: string) {
    const check = await deps.checkApproval?.(draft, accountId)
    if (check?.refusal) throw new AppFailure(appError('invalid_input', check.refusal))
    return check?.approval
  }

  /** The draft as main has it, every pending edit written first. */
  async function currentDraft(draftId: string): Promise<Draft> {
    await drafts.flush()
    const draft = drafts.get(draftId)
    if (!draft)
      throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted'))
    return draft
  }

  async function enqueue(draftId: string): Promise<OutboxJobView> {
    const draft = await currentDraft(draftId)
    const previous = latestJobOf(draftId)
    if (previous && !isFinished(previous)) {
      throw new AppFailure(appError('invalid_input', 'This draft is already in the outbox'))
    }
    if (draft.status === 'published') {
      throw new AppFailure(
        appError('invalid_input', 'This draft is already published — duplicate it to publish a new copy'),
      )
    }
    const target = publishingTarget()
    await approvalOf(draft, target.accountId)
    const plan = await gatedPlan(draft, target.profileId, target.accountId, target.userId)
    const connected = access.status(target.profileId) === 'connected'
    const job: PublishJob = {
      ...book.stamp(target.profileId, target.accountId, connected),
      area: PUBLISH_AREA,
      title: draft.name,
      continueOnError: false,
      publication: {
        draftId,
        kind: draft.kind,
        ...(target.userId ? { userId: target.userId } : {}),
        drafts: plan.drafts,
        publishedCards: plan.publishedCards,
      },
      steps: plan.steps,
    }
    if (previous && previous.state !== 'published' && previous.accountId === job.accountId)
      carryOver(previous, job)
    await book.add(job)
    if (previous && previous.state !== 'published') {
      // The new job owns whatever the old one created; keeping both would show it twice.
      await deps.claims.forget(previous)
    }
    // In memory: the job file is what holds the job; a restart shows the draft queued again.
    deps.draftStatus.note(job, draftId, 'queued')
    deps.wake()
    return deps.view(job)
  }

  /** What Publish would queue, for the review sheet: the same checks and plan as enqueue. */
  async function review(draftId: string): Promise<OutboxReview> {
    const draft = await currentDraft(draftId)
    const target = publishingTarget()
    const approval = await approvalOf(draft, target.accountId)
    const plan = await gatedPlan(draft, target.profileId, target.accountId, target.userId)
    const advertiser = draft.kind === 'post' ? (draft.content as { asUserId?: unknown }).asUserId : undefined
    return {
      profileLabel: target.label,
      accountId: target.accountId,
      ...(typeof advertiser === 'string' && advertiser.trim() ? { advertiser: advertiser.trim() } : {}),
      steps: plan.steps.map((step) => ({
        kind: step.kind,
        label: stepLabel(plan.drafts, step),
        ...(step.kind === 'upload' ? { bytes: step.bytes } : {}),
      })),
      ...(approval ? { approval } : {}),
      warnings: deps.reviewWarnings
        ? await deps.reviewWarnings(draft, {
            profileId: target.profileId,
            accountId: target.accountId,
            ...(target.userId ? { userId: target.userId } : {}),
          })
        : [],
    }
  }

  return { enqueue, review, latestJobOf }
}

export type PublicationQueue = ReturnType<typeof createPublication>
