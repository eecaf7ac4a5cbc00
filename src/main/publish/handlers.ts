import type { outboxContract } from '../../shared/ipc/contracts/outbox'
import type { HandlersOf } from '../ipc/dispatcher'
import type { Outbox } from './outbox'

/** The outbox: review and queue a draft, follow, cancel, retry, clean up and dismiss its jobs. */
export function createOutboxHandlers(outbox: Outbox): HandlersOf<typeof outboxContract> {
  return {
    'outbox.enqueue': async ({ draftId }) => ({ job: await outbox.enqueue(draftId) }),
    'outbox.review': async ({ draftId }) => ({ review: await outbox.review(draftId) }),
    'outbox.list': async () => ({ jobs: await outbox.list() }),
    'outbox.status': async ({ draftId }) => ({ job: await outbox.status(draftId) }),
    'outbox.get': async ({ jobId }) => ({ job: await outbox.job(jobId) }),
    'outbox.cancel': async ({ jobId }) => ({ job: await outbox.cancel(jobId) }),
    'outbox.retry': async ({ jobId }) => ({ job: await outbox.retry(jobId) }),
    'outbox.cleanUp': async ({ jobId }) => ({ job: await outbox.cleanUp(jobId) }),
    'outbox.dismiss': async ({ jobId }) => (await outbox.dismiss(jobId), { dismissed: true as const }),
  }
}
