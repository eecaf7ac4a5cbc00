import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import { LIMITS } from '../../shared/rules/limits'
import type { Outbox } from '../publish/outbox'
import type { Session } from '../session/session'
import { batches } from './catalogRows'
import type { CatalogStore } from './catalogStore'
import { CATALOG_OPS } from './operations'

/** What the catalog asks of the outbox: its jobs are operation jobs in the ad account's queue. */
export type CatalogOutbox = Pick<Outbox, 'enqueueOperations' | 'job' | 'retry'>

const AREA = 'catalog'

/** Catalog changes as outbox jobs, in the queue of the profile's ad account. */
export function createCatalogQueue(deps: {
  outbox: CatalogOutbox
  activeAccountOf: Session['activeAccountOf']
}) {
  async function enqueue(
    profileId: string,
    title: string,
    steps: { op: string; params: unknown }[],
    continueOnError = false,
  ): Promise<OutboxJobView> {
    return deps.outbox.enqueueOperations({
      profileId,
      accountId: deps.activeAccountOf(
        profileId,
        'catalog changes are sent in the outbox queue of an ad account',
      ),
      area: AREA,
      title,
      continueOnError,
      steps,
    })
  }

  /** The job's state now; undefined when there is none or it is gone. */
  async function jobState(jobId: string | undefined): Promise<OutboxJobView | undefined> {
    if (!jobId) return undefined
    return deps.outbox.job(jobId).catch(() => undefined)
  }

  /** Queues the products in batches of 25 (a PUT's most), one step each, as one job. */
  function queueBatches(
    profileId: string,
    title: string,
    op: string,
    ids: readonly string[],
  ): Promise<OutboxJobView> {
    const steps = batches(ids, LIMITS.product.putBatch.value).map((chunk) => ({
      op,
      params: { profileId, ids: chunk },
    }))
    return enqueue(profileId, title, steps, true)
  }

  /** Puts products in the store as pending (a new revision each) and queues them in batches of 25. */
  async function queueProducts(
    profileId: string,
    store: CatalogStore,
    ids: string[],
    title: string,
  ): Promise<OutboxJobView> {
    const job = await queueBatches(profileId, title, CATALOG_OPS.putProducts, ids)
    for (const id of ids) {
      const record = store.get(id)
      if (record) record.jobId = job.id
    }
    store.touch(ids)
    return job
  }

  return {
    enqueue,
    jobState,
    queueBatches,
    queueProducts,
    retry: (jobId: string) => deps.outbox.retry(jobId),
  }
}

export type CatalogQueue = ReturnType<typeof createCatalogQueue>
