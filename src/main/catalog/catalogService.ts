import { randomUUID } from 'node:crypto'
import { AppFailure, appError } from '../../shared/errors'
import type { FeedMapping } from '../../shared/catalog/feed'
import { matchesAll, validateFilters, type ProductFilter } from '../../shared/catalog/filters'
import { normaliseProduct, validateProduct, type Product } from '../../shared/catalog/product'
import type {
  CatalogState,
  CatalogStateRead,
  ImportReport,
  ProductCounts,
  ProductRow,
  ProductSetView,
  ProductStatus,
} from '../../shared/ipc/contracts/catalogs'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { ProfileSummary } from '../../shared/profiles'
import { plural } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'
import { getProductSet, listCatalogs, listProducts } from '../api/catalog'
import { collectAll, paginate } from '../api/cursor'
import type { WithAdsContext } from '../library/libraryService'
import type { CatalogStore, StoredProduct, StoredSet } from './catalogStore'
import type { CatalogStores } from './catalogStores'
import { readFeedFile } from './feedFile'
import { createFeedImports } from './feedImports'
import { batches, countsOf, productOfRemote, toRow } from './productViews'

import { issueViews } from './feedCheck'
import { CATALOG_OPS } from './operations'

/** Native dialogs the catalog pages open (Electron's dialog in the app, scripted in tests). */
export interface CatalogDialogs {
  chooseFeedFile(): Promise<string | null>
  chooseCsvExportPath(defaultFileName: string): Promise<string | null>
}

export interface CatalogOutbox {
  enqueueOperations(request: {
    profileId: string
    accountId: string
    area: string
    title: string
    continueOnError?: boolean
    steps: { op: string; params: unknown }[]
  }): Promise<OutboxJobView>
  job(jobId: string): Promise<OutboxJobView>
  retry(jobId: string): Promise<OutboxJobView>
}

export interface CatalogServiceDeps {
  stores: CatalogStores
  outbox: CatalogOutbox
  profile(profileId: string): ProfileSummary | undefined
  withAdsContext: WithAdsContext
  dialogs: CatalogDialogs
  now?: () => number
}

const AREA = 'catalog'
const SET_PREVIEW_ROWS = 50

const invalid = (message: string, field?: string) =>
  new AppFailure(appError('invalid_input', message, field ? { field } : {}))

export function createCatalogService(deps: CatalogServiceDeps) {
  const now = deps.now ?? Date.now
  const imports = createFeedImports()

  function accountIdFor(profileId: string): string {
    const profile = deps.profile(profileId)
    if (!profile) throw new AppFailure(appError('not_found', 'That profile no longer exists'))
    if (!profile.activeAccountId)
      throw invalid(
        'Choose an ad account first: catalog changes are sent in the outbox queue of an ad account',
      )
    return profile.activeAccountId
  }

  function requireCatalog(store: CatalogStore): void {
    if (!store.catalog()) throw invalid('Create the catalog first: give it a name above', 'name')
  }

  async function enqueue(
    profileId: string,
    title: string,
    steps: { op: string; params: unknown }[],
    continueOnError = false,
  ): Promise<OutboxJobView> {
    return deps.outbox.enqueueOperations({
      profileId,
      accountId: accountIdFor(profileId),
      area: AREA,
      title,
      continueOnError,
      steps,
    })
  }

  async function jobState(jobId: string | undefined): Promise<OutboxJobView | undefined> {
    if (!jobId) return undefined
    return deps.outbox.job(jobId).catch(() => undefined)
  }

  async function setView(set: StoredSet): Promise<ProductSetView> {
    let status = set.status
    let error = set.error
    if (status === 'pending') {
      const job = await jobState(set.jobId)
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
      sets: await Promise.all(store.sets().map(setView)),
      resendable: records.filter((record) => record.status === 'refused' || record.status === 'fixed').length,
    }
  }

  /** The whole state, item groups included. */
  async function state(profileId: string): Promise<CatalogState> {
    const read = await stateRead(profileId)
    return { ...read, itemGroups: read.itemGroups ?? [] }
  }

  /** Puts products in the store as pending (a new revision each) and queues them in batches of 25. */
  async function queueProducts(
    profileId: string,
    store: CatalogStore,
    ids: string[],
    title: string,
  ): Promise<OutboxJobView> {
    const job = await enqueue(
      profileId,
      title,
      batches(ids, LIMITS.product.putBatch.value).map((chunk) => ({
        op: CATALOG_OPS.putProducts,
        params: { profileId, ids: chunk },
      })),
      true,
    )
    for (const id of ids) {
      const record = store.get(id)
      if (record) record.jobId = job.id
    }
    store.touch(ids)
    return job
  }

  function stamp(): string {
    return new Date(now()).toISOString()
  }

  return {
    state,
    stateRead,

    /** Reads the catalog and its products from the platform and merges them with what is here. */
    async refresh(profileId: string): Promise<CatalogState> {
      const store = await deps.stores.open(profileId)
      await deps.withAdsContext(profileId, async (ctx) => {
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
        for (const item of all) {
          const local = store.get(item.id)
          const key = item.product_key ?? undefined
          if (!local || local.status === 'sent') {
            store.put({
              product: productOfRemote(item),
              ...(key ? { productKey: key } : {}),
              ...(item.item_group_key ? { itemGroupKey: item.item_group_key } : {}),
              status: 'sent',
              messages: local?.messages ?? [],
              revision: (local?.revision ?? 0) + 1,
              updatedAt: stamp(),
              ...(local?.lastResult ? { lastResult: local.lastResult } : {}),
            })
          } else if (key && !local.productKey) {
            local.productKey = key
            store.touch()
          }
        }
      })
      return state(profileId)
    },

    async save(profileId: string, name: string): Promise<CatalogState> {
      const store = await deps.stores.open(profileId)
      const current = store.catalog()
      const clean = name.trim()
      if (current?.name === clean) return state(profileId)
      if (!current) {
        await enqueue(profileId, `Create the catalog “${clean}”`, [
          { op: CATALOG_OPS.createCatalog, params: { profileId, name: clean } },
        ])
        store.setCatalog({ name: clean, status: 'pending' })
      } else {
        await enqueue(profileId, `Rename the catalog to “${clean}”`, [
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
      if (inFailedJob && (await jobState(existing?.jobId))?.state === 'failed') {
        record.status = 'fixed'
        record.messages = []
        store.put(record)
        return { row: toRow(record) }
      }
      record.messages = []
      store.put(record)
      const job = await queueProducts(profileId, store, [id], `Send the product ${id}`)
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
      const job = await enqueue(
        profileId,
        remote.length === 1
          ? `Delete the product ${remote[0]}`
          : `Delete ${plural(remote.length, 'product')}`,
        batches(remote, LIMITS.product.putBatch.value).map((chunk) => ({
          op: CATALOG_OPS.deleteProducts,
          params: { profileId, ids: chunk },
        })),
        true,
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
        const job = await jobState(record.jobId)
        if (job?.state === 'failed' && record.jobId)
          byJob.set(record.jobId, [...(byJob.get(record.jobId) ?? []), record])
        else fresh.push(record.product.id as string)
      }
      const jobIds: string[] = []
      for (const [jobId, records] of byJob) {
        for (const record of records) record.status = 'pending'
        await deps.outbox.retry(jobId)
        jobIds.push(jobId)
      }
      if (fresh.length > 0) {
        for (const id of fresh) {
          const record = store.get(id)
          if (record) record.status = 'pending'
        }
        const job = await queueProducts(profileId, store, fresh, `Re-send ${plural(fresh.length, 'product')}`)
        jobIds.push(job.id)
      }
      store.touch()
      return { products: sendable.length, jobIds }
    },

    async importOpen(profileId: string) {
      const path = await deps.dialogs.chooseFeedFile()
      if (!path) return { picked: false as const }
      return imports.open(profileId, await readFeedFile(path))
    },

    importCheck: (importId: string, mapping: FeedMapping): ImportReport => imports.check(importId, mapping),

    async importSend(
      profileId: string,
      importId: string,
      mapping: FeedMapping,
    ): Promise<{ jobId: string; sent: number; skipped: number }> {
      const store = await deps.stores.open(profileId)
      requireCatalog(store)
      const { report, valid, fileName } = imports.forSend(profileId, importId, mapping)
      if (report.mappingIssues.some((issue) => issue.severity === 'error'))
        throw invalid(report.mappingIssues[0]?.message ?? 'Map the required columns first')
      if (valid.length === 0) throw invalid('No row can be sent: fix the file and import it again')
      for (const product of valid) {
        const id = product.id as string
        const existing = store.get(id)
        store.put({
          ...(existing ?? { messages: [], revision: 0 }),
          product,
          status: 'pending',
          messages: [],
          revision: (existing?.revision ?? 0) + 1,
          updatedAt: stamp(),
        })
      }
      const job = await queueProducts(
        profileId,
        store,
        valid.map((product) => product.id as string),
        `Import ${plural(valid.length, 'product')} from ${fileName}`,
      )
      return { jobId: job.id, sent: valid.length, skipped: report.invalid }
    },

    async previewSet(profileId: string, filters: ProductFilter[]) {
      const issues = validateFilters(filters)
      if (issues.some((issue) => issue.severity === 'error'))
        return { total: 0, sample: [], issues: issueViews(issues) }
      const store = await deps.stores.open(profileId)
      const matching = store
        .all()
        .filter((record) => record.status !== 'deleting' && matchesAll(record.product, filters))
      return { total: matching.length, sample: matching.slice(0, SET_PREVIEW_ROWS).map(toRow), issues: [] }
    },

    async createSet(
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
      const job = await enqueue(profileId, `Create the product set “${set.name}”`, [
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

    async refreshSet(profileId: string, localId: string): Promise<ProductSetView> {
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

    flush: () => deps.stores.flushAll(),
  }
}

export type CatalogService = ReturnType<typeof createCatalogService>
