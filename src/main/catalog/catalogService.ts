import { normaliseProduct, validateProduct, type Product } from '../../shared/catalog/product'
import type { FeedMapping } from '../../shared/catalog/feed'
import type { ProductFilter } from '../../shared/catalog/filters'
import { AppFailure, appError, invalidInput as invalid } from '../../shared/errors'
import type {
  CatalogState,
  CatalogStateRead,
  ProductCounts,
  ProductRow,
  ProductStatus,
} from '../../shared/ipc/contracts/catalogs'
import { plural } from '../../shared/rules/issues'
import { listCatalogs, listProducts } from '../api/catalog'
import { collectAll, paginate } from '../api/cursor'
import type { Session, WithAdsContext } from '../session/session'
import type { MirrorStore } from '../mirror/store'
import { createCatalogQueue, type CatalogOutbox } from './catalogQueue'
import { createCatalogAdmin } from './catalogDeletion'
import { countsOf, issueViews, requireCatalog, toRow } from './catalogRows'
import type { StoredProduct } from './catalogStore'
import type { CatalogStores } from './catalogStores'
import type { CatalogDialogs } from './dialogs'
import type { ProductImages } from './productImages'
import { createFeedImports, type ImportProgress } from './feedImport'
import type { FeedWorker } from './feedWorkerClient'
import { CATALOG_OPS, productsLabel } from './operations'
import { createProductSets } from './productSets'
import { keepRemoteProducts, mirroredProducts } from './remoteProducts'

export interface CatalogServiceDeps {
  stores: CatalogStores
  outbox: CatalogOutbox
  activeAccountOf: Session['activeAccountOf']
  withAdsContext: WithAdsContext
  dialogs: CatalogDialogs
  now?: () => number
  /** Reads products' images before they are saved or imported (productImages.ts). */
  images?: ProductImages
  /** Told how far a feed's check got while it runs (the catalog.importProgress event). */
  onImportProgress?: ImportProgress
  feedWorker?: FeedWorker
  /** The account mirror, read when the platform cannot be (issue 42). */
  mirror?: MirrorStore
}

/**
 * The product catalog of a profile: kept in main's store (catalogStore), read from the platform
 * on refresh, and changed only through outbox jobs. Feed imports (feedImport.ts) and product
 * sets (productSets.ts) are parts of it.
 */
export function createCatalogService(deps: CatalogServiceDeps) {
  const now = deps.now ?? Date.now
  const queue = createCatalogQueue(deps)
  const imports = createFeedImports({ ...deps, queue, now })
  const sets = createProductSets({ ...deps, queue })
  const admin = createCatalogAdmin({ ...deps, queue })

  /**
   * The sorted item groups last answered per profile, and their revision. The state is read
   * every second while the outbox sends, and a big catalog has thousands of groups: sorting
   * them is most of the read, sending changes none of them, and a reader that names the
   * revision it holds is not sent them again.
   */
  const sortedGroups = new Map<string, { revision: number; groups: string[] }>()
  let lastGroupsRevision = 0
  function itemGroupsOf(
    profileId: string,
    records: readonly StoredProduct[],
  ): { revision: number; groups: string[] } {
    const groups = new Set<string>()
    for (const record of records) if (record.product.item_group_id) groups.add(record.product.item_group_id)
    const cached = sortedGroups.get(profileId)
    if (cached && cached.groups.length === groups.size && cached.groups.every((group) => groups.has(group)))
      return cached
    // Intl.Collator's compare is localeCompare's order, without its per-call setup.
    const sorted = [...groups].sort(new Intl.Collator().compare)
    // One counter for every profile of this process, so no two lists share a revision.
    const next = { revision: ++lastGroupsRevision, groups: sorted }
    sortedGroups.set(profileId, next)
    return next
  }

  async function stateRead(profileId: string, knownGroupsRevision?: number): Promise<CatalogStateRead> {
    const store = await deps.stores.open(profileId)
    const records = store.all()
    const catalog = store.catalog()
    const groups = itemGroupsOf(profileId, records)
    return {
      catalog: catalog
        ? { name: catalog.name, status: catalog.status, ...(catalog.id ? { id: catalog.id } : {}) }
        : null,
      counts: countsOf(records),
      ...(groups.revision === knownGroupsRevision ? {} : { itemGroups: groups.groups }),
      itemGroupsRevision: groups.revision,
      sets: await Promise.all(store.sets().map(sets.view)),
      resendable: records.filter((record) => record.status === 'refused' || record.status === 'fixed').length,
    }
  }

  /** The whole state, item groups included. */
  async function state(profileId: string): Promise<CatalogState> {
    const read = await stateRead(profileId)
    return { ...read, itemGroups: read.itemGroups ?? [] }
  }

  function stamp(): string {
    return new Date(now()).toISOString()
  }

  return {
    state,
    stateRead,

    /** Reads the catalog and its products from the platform and merges them with what is here. */
    async refresh(profileId: string): Promise<CatalogState & { mirror?: { asOf: string } }> {
      const store = await deps.stores.open(profileId)
      const read = deps.withAdsContext(profileId, async (ctx) => {
        const catalogs = await listCatalogs(ctx)
        const remote = catalogs.data[0]
        if (!remote) {
          if (store.catalog()?.status === 'created') store.setCatalog(null)
          return
        }
        store.setCatalog({ id: remote.id, name: remote.name, status: 'created' })
        const heads = await collectAll(
          paginate((cursor) => listProducts(ctx, remote.id, { count: 100, ...(cursor ? { cursor } : {}) })),
        )
        // A list shows a group by its first product only: read each group for its variants.
        const groupKeys = [
          ...new Set(heads.flatMap((product) => (product.item_group_key ? [product.item_group_key] : []))),
        ]
        const all = [...heads]
        for (const key of groupKeys) {
          const members = await collectAll(
            paginate((cursor) =>
              listProducts(ctx, remote.id, { itemGroupKey: key, count: 100, ...(cursor ? { cursor } : {}) }),
            ),
          )
          all.push(...members.filter((member) => !heads.some((head) => head.id === member.id)))
        }
        keepRemoteProducts(store, all, stamp())
      })
      try {
        await read
      } catch (error) {
        // Out of reach: the products as the account mirror last saw them, and how old that is.
        const kept = await mirroredProducts(deps, profileId, error)
        if (kept.catalog && !store.catalog())
          store.setCatalog({ id: kept.catalog.id, name: kept.catalog.name, status: 'created' })
        keepRemoteProducts(store, kept.products, stamp(), kept.asOf)
        return { ...(await state(profileId)), mirror: { asOf: kept.asOf } }
      }
      return state(profileId)
    },

    /** Deletes the catalog on the platform (A:99), once its name is typed to confirm. */
    async deleteCatalog(profileId: string, confirmName: string) {
      return { job: await admin.delete(profileId, confirmName) }
    },

    async save(profileId: string, name: string): Promise<CatalogState> {
      const store = await deps.stores.open(profileId)
      const current = store.catalog()
      const clean = name.trim()
      if (current?.name === clean) return state(profileId)
      if (!current) {
        await admin.refuseSecondCatalog(profileId)
        await queue.enqueue(profileId, `Create the catalog “${clean}”`, [
          { op: CATALOG_OPS.createCatalog, params: { profileId, name: clean } },
        ])
        store.setCatalog({ name: clean, status: 'pending' })
      } else {
        await queue.enqueue(profileId, `Rename the catalog to “${clean}”`, [
          { op: CATALOG_OPS.renameCatalog, params: { profileId, name: clean } },
        ])
        store.setCatalog({ ...current, name: clean })
      }
      return state(profileId)
    },

    async products(
      profileId: string,
      query: {
        q?: string
        itemGroup?: string
        status?: ProductStatus
        jobId?: string
        offset: number
        limit: number
      },
    ): Promise<{ total: number; rows: ProductRow[]; counts: ProductCounts }> {
      const store = await deps.stores.open(profileId)
      let records = store.all()
      if (query.jobId) records = records.filter((record) => record.jobId === query.jobId)
      const counts = countsOf(records)
      const q = query.q?.trim().toLowerCase()
      const matching = records.filter(
        (record) =>
          (!q ||
            (record.product.title ?? '').toLowerCase().includes(q) ||
            (record.product.id as string).toLowerCase().includes(q)) &&
          (!query.itemGroup || record.product.item_group_id === query.itemGroup) &&
          (!query.status || record.status === query.status),
      )
      return {
        total: matching.length,
        rows: matching.slice(query.offset, query.offset + query.limit).map(toRow),
        counts,
      }
    },

    async product(profileId: string, id: string): Promise<{ product: Product; row: ProductRow }> {
      const store = await deps.stores.open(profileId)
      const record = store.get(id)
      if (!record) throw new AppFailure(appError('not_found', `No product ${id} in this catalog`))
      return { product: record.product, row: toRow(record) }
    },

    /**
     * Saves an edit and queues it. A product the platform refused in a job that has not been
     * retried stays with that job: it becomes "fixed" and goes out with "Re-send".
     */
    async saveProduct(
      profileId: string,
      input: Product,
      isNew: boolean,
    ): Promise<{ row: ProductRow; jobId?: string }> {
      const store = await deps.stores.open(profileId)
      requireCatalog(store)
      const product = normaliseProduct(input)
      const problems = validateProduct(product).filter((issue) => issue.severity === 'error')
      const first = problems[0]
      if (first) throw invalid(first.message, String(first.path[0]))
      // The images as main reads them (A:30, A:192); one it cannot read is the platform's to check.
      const image = (await deps.images?.issuesOf(profileId, product))?.find(
        (issue) => issue.severity === 'error',
      )
      if (image) throw invalid(image.message, String(image.path[0]))
      const id = product.id as string
      const existing = store.get(id)
      if (isNew && existing)
        throw invalid(
          `A product with the ID ${id} already exists: choose another ID or edit that product`,
          'id',
        )
      if (!isNew && !existing) throw new AppFailure(appError('not_found', `No product ${id} in this catalog`))
      if (existing?.status === 'deleting') throw invalid('This product is being deleted')
      const record: StoredProduct = {
        ...(existing ?? { messages: [], revision: 0 }),
        product,
        status: 'pending',
        revision: (existing?.revision ?? 0) + 1,
        updatedAt: stamp(),
      }
      const inFailedJob = existing?.status === 'refused' || existing?.status === 'fixed'
      if (inFailedJob && (await queue.jobState(existing?.jobId))?.state === 'failed') {
        record.status = 'fixed'
        record.messages = []
        store.put(record)
        return { row: toRow(record) }
      }
      record.messages = []
      store.put(record)
      const job = await queue.queueProducts(profileId, store, [id], `Send the product ${id}`)
      return { row: toRow(record), jobId: job.id }
    },

    async deleteProducts(
      profileId: string,
      ids: string[],
    ): Promise<{ removedLocally: number; queued: number; jobId?: string }> {
      const store = await deps.stores.open(profileId)
      let removedLocally = 0
      const remote: string[] = []
      for (const id of new Set(ids)) {
        const record = store.get(id)
        if (!record) continue
        if (!record.productKey) {
          store.remove(id)
          removedLocally += 1
        } else remote.push(id)
      }
      if (remote.length === 0) return { removedLocally, queued: 0 }
      const job = await queue.queueBatches(
        profileId,
        productsLabel('Delete', remote),
        CATALOG_OPS.deleteProducts,
        remote,
      )
      for (const id of remote) {
        const record = store.get(id)
        if (record) {
          record.status = 'deleting'
          record.jobId = job.id
        }
      }
      store.touch()
      return { removedLocally, queued: remote.length, jobId: job.id }
    },

    /** Re-sends refused and fixed products: failed jobs are retried (only what failed runs), the rest queued anew. */
    async resend(profileId: string): Promise<{ products: number; jobIds: string[] }> {
      const store = await deps.stores.open(profileId)
      const waiting = store.all().filter((record) => record.status === 'refused' || record.status === 'fixed')
      const sendable = waiting.filter(
        (record) => !validateProduct(record.product).some((issue) => issue.severity === 'error'),
      )
      if (waiting.length > 0 && sendable.length === 0)
        throw invalid('Fix the refused products first: each one lists what the platform or the rules said')
      const byJob = new Map<string, StoredProduct[]>()
      const fresh: string[] = []
      for (const record of sendable) {
        const job = await queue.jobState(record.jobId)
        if (job?.state === 'failed' && record.jobId)
          byJob.set(record.jobId, [...(byJob.get(record.jobId) ?? []), record])
        else fresh.push(record.product.id as string)
      }
      const jobIds: string[] = []
      for (const [jobId, records] of byJob) {
        for (const record of records) record.status = 'pending'
        await queue.retry(jobId)
        jobIds.push(jobId)
      }
      if (fresh.length > 0) {
        for (const id of fresh) {
          const record = store.get(id)
          if (record) record.status = 'pending'
        }
        const job = await queue.queueProducts(
          profileId,
          store,
          fresh,
          `Re-send ${plural(fresh.length, 'product')}`,
        )
        jobIds.push(job.id)
      }
      store.touch()
      return { products: sendable.length, jobIds }
    },

    importOpen: (profileId: string) => imports.open(profileId),
    importCheck: (importId: string, mapping: FeedMapping) => imports.check(importId, mapping),
    importReportPage: (importId: string, checkId: string, page: number) =>
      imports.reportPage(importId, checkId, page),
    importExportUnsent: (importId: string) => imports.exportUnsent(importId),
    importImages: (profileId: string, importId: string, mapping: FeedMapping) =>
      imports.images(profileId, importId, mapping),
    productImage: async (profileId: string, url: string, check: boolean) => {
      if (!deps.images) return {}
      const view = await deps.images.view(profileId, url, check)
      return {
        ...(view.dataUrl ? { dataUrl: view.dataUrl } : {}),
        ...(view.check ? { check: { ...view.check, issues: issueViews(view.check.issues) } } : {}),
      }
    },
    importSend: (profileId: string, importId: string, mapping: FeedMapping) =>
      imports.send(profileId, importId, mapping),
    previewSet: (profileId: string, filters: ProductFilter[]) => sets.preview(profileId, filters),
    createSet: sets.create,
    refreshSet: sets.refresh,

    flush: () => deps.stores.flushAll(),
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
