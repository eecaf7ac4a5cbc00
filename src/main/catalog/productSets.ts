import { randomUUID } from 'node:crypto'
import { matchesAll, validateFilters, type ProductFilter } from '../../shared/catalog/filters'
import { AppFailure, appError, invalidInput as invalid } from '../../shared/errors'
import type { ProductSetView } from '../../shared/ipc/contracts/catalogs'
import { getProductSet } from '../api/catalog'
import type { WithAdsContext } from '../session/session'
import type { CatalogQueue } from './catalogQueue'
import { issueViews, requireCatalog, toRow } from './catalogRows'
import type { StoredSet } from './catalogStore'
import type { CatalogStores } from './catalogStores'
import { CATALOG_OPS } from './operations'

const SET_PREVIEW_ROWS = 50

/**
 * Product sets: a manual set names products on the platform, a filtered one the filters that
 * pick them. Creating one is an outbox job; its state is read from that job until it is done.
 */
export function createProductSets(deps: {
  stores: CatalogStores
  queue: CatalogQueue
  withAdsContext: WithAdsContext
}) {
  async function setView(set: StoredSet): Promise<ProductSetView> {
    let status = set.status
    let error = set.error
    if (status === 'pending') {
      const job = await deps.queue.jobState(set.jobId)
      if (job?.state === 'failed' || job?.state === 'canceled') {
        status = 'failed'
        error =
          job.error?.message ??
          job.steps.find((step) => step.error)?.error?.message ??
          'The set was not created'
      }
    }
    return {
      localId: set.localId,
      ...(set.id ? { id: set.id } : {}),
      name: set.name,
      ...(set.description ? { description: set.description } : {}),
      type: set.type,
      filters: set.filters,
      productIds: set.productIds,
      ...(set.processingStatus ? { processingStatus: set.processingStatus } : {}),
      status,
      ...(error ? { error } : {}),
    }
  }

  return {
    view: setView,

    async preview(profileId: string, filters: ProductFilter[]) {
      const issues = validateFilters(filters)
      if (issues.some((issue) => issue.severity === 'error'))
        return { total: 0, sample: [], issues: issueViews(issues) }
      const store = await deps.stores.open(profileId)
      const matching = store
        .all()
        .filter((record) => record.status !== 'deleting' && matchesAll(record.product, filters))
      return { total: matching.length, sample: matching.slice(0, SET_PREVIEW_ROWS).map(toRow), issues: [] }
    },

    async create(
      profileId: string,
      input: {
        name: string
        description?: string | undefined
        type: 'MANUAL' | 'FILTERED'
        productIds?: string[] | undefined
        filters?: ProductFilter[] | undefined
      },
    ): Promise<{ set: ProductSetView; jobId: string }> {
      const store = await deps.stores.open(profileId)
      requireCatalog(store)
      let productIds: string[] = []
      let filters: ProductFilter[] = []
      if (input.type === 'MANUAL') {
        productIds = [...new Set(input.productIds ?? [])]
        if (productIds.length === 0) throw invalid('Pick at least one product for the set', 'productIds')
        const missing = productIds.filter((id) => !store.get(id) || store.get(id)?.status === 'deleting')
        if (missing.length > 0) throw invalid(`${missing[0]} is not in the catalog`, 'productIds')
        const unsendable = productIds.filter((id) => {
          const record = store.get(id)
          return !record?.productKey && record?.status !== 'pending'
        })
        if (unsendable.length > 0)
          throw invalid(
            `${unsendable[0]} is not on the platform: send or fix it before adding it to a set`,
            'productIds',
          )
      } else {
        filters = (input.filters ?? []).map((filter) => ({ ...filter, value: filter.value.trim() }))
        const first = validateFilters(filters).find((issue) => issue.severity === 'error')
        if (first) throw invalid(first.message, first.path.join('.'))
      }
      const set: StoredSet = {
        localId: randomUUID(),
        name: input.name.trim(),
        ...(input.description?.trim() ? { description: input.description.trim() } : {}),
        type: input.type,
        filters,
        productIds,
        status: 'pending',
      }
      const job = await deps.queue.enqueue(profileId, `Create the product set “${set.name}”`, [
        {
          op: CATALOG_OPS.createSet,
          params: {
            profileId,
            localId: set.localId,
            name: set.name,
            ...(set.description ? { description: set.description } : {}),
            type: set.type,
            ...(set.type === 'MANUAL' ? { productIds } : { filters }),
          },
        },
      ])
      set.jobId = job.id
      store.putSet(set)
      return { set: await setView(set), jobId: job.id }
    },

    async refresh(profileId: string, localId: string): Promise<ProductSetView> {
      const store = await deps.stores.open(profileId)
      const set = store.sets().find((candidate) => candidate.localId === localId)
      if (!set) throw new AppFailure(appError('not_found', 'That product set is not known here'))
      const catalogId = store.catalog()?.id
      if (set.id && catalogId) {
        const remote = await deps.withAdsContext(profileId, (ctx) =>
          getProductSet(ctx, catalogId, set.id as string),
        )
        const updated: StoredSet = {
          ...set,
          productIds: remote.product_ids ?? set.productIds,
          ...(remote.processing_status ? { processingStatus: remote.processing_status } : {}),
        }
        store.putSet(updated)
        return setView(updated)
      }
      return setView(set)
    },
  }
}
