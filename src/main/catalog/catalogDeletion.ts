import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import { plural } from '../../shared/rules/issues'
import { deleteCatalog, listCatalogs } from '../api/catalog'
import type { OperationExecutor } from '../publish/operations/types'
import type { WithAdsContext } from '../session/session'
import type { CatalogQueue } from './catalogQueue'
import type { CatalogStores } from './catalogStores'

/**
 * Deleting the product catalog (A:99: "permanent") and, before one is created, finding the
 * user's existing one (A:9 "one product catalog per user", A:97 "one catalog per user").
 */

export const CATALOG_DELETE_OP = 'catalog.delete'

type DeleteParams = { profileId: string; catalogId: string; name: string }

/** What the deletion takes with it, in words for the confirmation and the job. */
export function deletionSummary(name: string, products: number, sets: number): string {
  return `Deleting “${name}” deletes it on the platform permanently, with its ${plural(products, 'product')} and ${plural(sets, 'product set')}.`
}

export function catalogDeleteOperation(
  stores: CatalogStores,
): OperationExecutor<DeleteParams, { catalogId: string }> {
  const forget = async (profileId: string) => {
    const store = await stores.open(profileId)
    store.setCatalog(null)
    // What was on the platform went with the catalog; products never sent stay as local work.
    for (const record of store.all()) if (record.status === 'sent') store.remove(record.product.id as string)
    store.clearSets()
  }
  return {
    op: CATALOG_DELETE_OP,
    params: z
      .object({
        profileId: z.string().uuid(),
        catalogId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
        name: z.string(),
      })
      .strict(),
    label: (params) => `Delete the catalog “${params.name}”`,
    retry: 'repeatable',
    async run(env, { params }) {
      await deleteCatalog(env.ctx, params.catalogId)
      await forget(params.profileId)
      return { catalogId: params.catalogId }
    },
    // A repeated DELETE after a lost answer finds it gone: the goal is reached.
    alreadyDone: (error, params) =>
      error.code === 'not_found' ? { catalogId: params.catalogId } : undefined,
  }
}

export function createCatalogAdmin(deps: {
  stores: CatalogStores
  queue: CatalogQueue
  withAdsContext: WithAdsContext
}) {
  return {
    /** Queues the deletion; the name typed must be the catalog's, as the confirmation asks. */
    async delete(profileId: string, confirmName: string): Promise<OutboxJobView> {
      const store = await deps.stores.open(profileId)
      const catalog = store.catalog()
      if (!catalog?.id)
        throw new AppFailure(appError('invalid_input', 'There is no catalog on the platform to delete'))
      if (confirmName.trim() !== catalog.name)
        throw new AppFailure(
          appError('invalid_input', `Type the catalog's name, “${catalog.name}”, to delete it`, {
            field: 'confirmName',
          }),
        )
      const sent = store.all().filter((record) => record.status === 'sent').length
      return deps.queue.enqueue(profileId, deletionSummary(catalog.name, sent, store.sets().length), [
        { op: CATALOG_DELETE_OP, params: { profileId, catalogId: catalog.id, name: catalog.name } },
      ])
    },

    /** Refuses to create a second catalog: names the one the user has, to be used instead. */
    async refuseSecondCatalog(profileId: string): Promise<void> {
      const existing = await deps.withAdsContext(profileId, async (ctx) => (await listCatalogs(ctx)).data[0])
      if (existing)
        throw new AppFailure(
          appError(
            'invalid_input',
            `You already have the catalog “${existing.name}” (each user has one). Use it instead of creating another.`,
            { field: 'existingCatalog' },
          ),
        )
    },
  }
}
