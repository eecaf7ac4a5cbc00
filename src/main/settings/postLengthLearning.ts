import { postingUserOf } from '../../shared/creatives/post'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import {
  POST_LENGTH_LIMITS,
  POST_LENGTH_REFUSAL,
  postLengthKey,
  postLengthPreference,
  postLengthTierLimit,
  type PostLengthLimit,
} from '../../shared/rules/limits'
import type { OutboxJob } from '../publish/job'
import { isPublishJob } from '../publish/job'
import type { SettingsService } from './settingsService'

/**
 * A refusal of the platform teaches the posting user's length: a post refused with "text must
 * be at most 4000 characters" means that user writes standard posts, whatever the app believed.
 * The correction is kept with the settings (one belief per profile and user), so the composer's
 * counter and the publish gate follow it at once.
 */
export function createPostLengthLearning(settings: SettingsService, now: () => Date = () => new Date()) {
  return (job: OutboxJob, error: OutboxError): void => {
    if (!isPublishJob(job)) return
    if (error.apiField !== 'text' && error.contentPath?.[0] !== 'text') return
    const allowed = Number(POST_LENGTH_REFUSAL.exec(error.message)?.[1])
    if (!(POST_LENGTH_LIMITS as readonly number[]).includes(allowed)) return
    const userId = postingUserOf(job.publication.drafts[job.publication.draftId])
    if (!userId) return
    const key = postLengthKey(job.profileId, userId)
    const current = settings.get()
    const believed = postLengthPreference(current.postLengthLimits[key])
    // Only a belief above what the platform allows is wrong (a chosen 280 guideline stays).
    if (postLengthTierLimit(believed.tier) <= allowed) return
    settings.update({
      postLengthLimits: { ...current.postLengthLimits, [key]: allowed as PostLengthLimit },
      postLengthRefusals: { ...current.postLengthRefusals, [key]: now().toISOString() },
    })
  }
}
