import type { JobEnv, Settled } from '../executor'
import type { JobStep, LibraryStep, PublishJob, UploadStep } from '../job'
import { isPublishJob } from '../job'
import type { ReconcileScope } from '../reconcile'
import { AppFailure, appError } from '../../../shared/errors'

/** What the executors of a draft's publication share. */

/** The job of a publish step, with its publication. */
export function publishJobOf(env: JobEnv): PublishJob {
  if (!isPublishJob(env.job))
    throw new AppFailure(appError('invalid_input', 'This outbox job has no draft to publish'))
  return env.job
}

export function scopeOf(env: JobEnv, step: JobStep): ReconcileScope {
  return {
    ctx: env.ctx,
    accountId: env.accountId,
    attemptStartedAt: step.attemptStartedAt ?? env.now(),
    claimed: env.claimed(),
  }
}

/**
 * Media only card drafts need, when those cards were already published by another job: skipped.
 * A library step that may have created its entry is settled by reconciling, never skipped.
 */
export function skipIfNotNeeded<S extends UploadStep | LibraryStep>(
  env: JobEnv,
  step: S,
): Settled<S> | undefined {
  if (step.status === 'attempting' && step.kind === 'library') return undefined
  const { drafts } = publishJobOf(env).publication
  const notNeeded = step.forDraftIds.every((draftId) => {
    const kind = drafts[draftId]?.kind
    return kind !== 'post' && kind !== 'media_library' && env.publishedCard(draftId) !== undefined
  })
  return notNeeded ? { skipped: true } : undefined
}
