import type { LocalMediaRef } from '../../shared/creatives/media'
import type { ContentByKind } from '../../shared/creatives/content'
import { contentSchemas, toPayload } from '../../shared/creatives/content'
import type { DraftKind } from '../../shared/drafts/envelope'
import { AppFailure, appError } from '../../shared/errors'
import { isDraftCardPlaceholder, isLocalMediaPlaceholder } from '../../shared/rules/placeholders'
import type { PayloadByKind } from '../../shared/rules/payloads'
import type { PublishJob } from './job'

/**
 * The exact request payload of a step, from the job's draft snapshot and the results recorded
 * so far. Deterministic: after a restart it rebuilds the very payload that was sent, which is
 * what reconciliation compares against.
 */

export function mediaKeysBySha(job: PublishJob): Map<string, string> {
  const keys = new Map<string, string>()
  for (const step of job.steps) {
    if (step.kind === 'upload' && step.result) keys.set(step.sha256, step.result.mediaKey)
  }
  return keys
}

export function cardUriOf(job: PublishJob, draftId: string): string | undefined {
  for (const step of job.steps) {
    if (step.kind === 'card' && step.draftId === draftId && step.result) return step.result.cardUri
  }
  return job.publication.publishedCards[draftId]
}

function hasPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return isLocalMediaPlaceholder(value) || isDraftCardPlaceholder(value)
  if (Array.isArray(value)) return value.some(hasPlaceholder)
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasPlaceholder)
  return false
}

export function payloadFor<K extends DraftKind>(job: PublishJob, draftId: string, kind: K): PayloadByKind[K] {
  const snapshot = job.publication.drafts[draftId]
  if (!snapshot || snapshot.kind !== kind) {
    throw new AppFailure(
      appError('invalid_input', 'The outbox job lost its copy of the draft — publish it again'),
    )
  }
  const content = contentSchemas[kind].parse(snapshot.content) as ContentByKind[K]
  const keys = mediaKeysBySha(job)
  const payload = toPayload(
    kind,
    content,
    (ref: LocalMediaRef) => keys.get(ref.sha256),
    (cardDraftId) => cardUriOf(job, cardDraftId),
  )
  // Steps run in order, so an unresolved placeholder means the plan is broken, not the network.
  if (hasPlaceholder(payload)) {
    throw new AppFailure(
      appError('invalid_input', 'A medium or card this draft needs was not published first'),
    )
  }
  return payload
}
