import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import { validateProduct } from '../../shared/catalog/product'
import { plural } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'
import {
  createCatalog,
  createProductSet,
  deleteProducts,
  listCatalogs,
  putProducts,
  renameCatalog,
  type ItemIssue,
} from '../api/catalog'
import type { JobEnv } from '../publish/executor'
import type { AnyOperationExecutor, OperationExecutor } from '../publish/operations/types'
import type { CatalogStore, StoredProduct } from './catalogStore'
import type { CatalogStores } from './catalogStores'
import type { ProductImages } from './productImages'

/**
 * Outbox executors for catalog writes. Steps carry ids, not product data: a step sends what
 * the catalog store holds when it runs (the latest edit), validated again first.
 *
 * Lost answers:
 * - product PUT is keyed by the product id, so it is sent again ('repeatable'): what the
 *   platform already applied comes back NO_CHANGE;
 * - product DELETE is sent again; a key the platform no longer knows on a resend was deleted
 *   by the lost attempt;
 * - catalog creation is reconciled by listing the user's catalogs (there is at most one);
 * - product set creation cannot be reconciled: the spec shows no way to list product sets, and
 *   sending it again could make a second set. The step stops and says so; the designer checks
 *   on the platform and retries (sends again) or dismisses the job.
 */

const profileId = z.string().uuid()
const productId = z.string().min(1).max(240)

export const CATALOG_OPS = {
  createCatalog: 'catalog.create',
  renameCatalog: 'catalog.rename',
  putProducts: 'catalog.products.put',
  deleteProducts: 'catalog.products.delete',
  createSet: 'catalog.productSet.create',
} as const

/** "Send the product X", or "Send 12 products": a step's or a job's title. */
export function productsLabel(verb: string, ids: readonly string[]): string {
  return ids.length === 1 ? `${verb} the product ${ids[0]}` : `${verb} ${plural(ids.length, 'product')}`
}

function refused(message: string, field?: string): AppFailure {
  return new AppFailure(appError('invalid_request', message, field ? { field } : {}))
}

async function catalogIdOf(store: CatalogStore): Promise<string> {
  const id = store.catalog()?.id
  if (!id)
    throw new AppFailure(appError('invalid_input', 'The catalog is not on the platform yet: create it first'))
  return id
}

const toIssues = (issues: readonly ItemIssue[], severity: 'error' | 'warning') =>
  issues.map((issue) => ({
    message: issue.message,
    severity,
    ...(issue.field ? { field: issue.field } : {}),
  }))

function summary(count: number, total: number, first: { id: string; message: string } | undefined): string {
  const head = `${count} of ${plural(total, 'product')} ${count === 1 ? 'was' : 'were'} refused`
  return first
    ? `${head} — ${first.id}: ${first.message}. Fix ${count === 1 ? 'it' : 'them'} on the Catalog page, then re-send.`
    : head
}

/**
 * `images` reads each product's images before it is sent (productImages.ts): one the rules refuse
 * stays here, refused on its image field, as the editor and the import's check would have said.
 */
export function catalogOperations(
  stores: CatalogStores,
  images?: Pick<ProductImages, 'check'>,
): AnyOperationExecutor[] {
  const createCatalogOp: OperationExecutor<
    { profileId: string; name: string },
    { catalogId: string; adopted?: boolean }
  > = {
    op: CATALOG_OPS.createCatalog,
    params: z.object({ profileId, name: z.string().min(1).max(10_000) }),
    label: (params) => `Create the catalog “${params.name}”`,
    retry: 'reconcile',
    async run(env, step) {
      const created = await createCatalog(env.ctx, step.params.name)
      const store = await stores.open(step.params.profileId)
      store.setCatalog({ id: created.id, name: created.name, status: 'created' })
      return { catalogId: created.id }
    },
    // One catalog per user: one that exists and is not already ours can only be the one the lost
    // answer was about (or one made elsewhere, which the platform would not let us duplicate).
    async reconcile(env, step) {
      const page = await listCatalogs(env.ctx)
      const found = page.data.find((catalog) => !env.claimed().has(catalog.id))
      if (!found) return undefined
      const store = await stores.open(step.params.profileId)
      store.setCatalog({ id: found.id, name: found.name, status: 'created' })
      return { catalogId: found.id, adopted: true }
    },
    createdIds: (result) => [result.catalogId],
  }

  const renameCatalogOp: OperationExecutor<{ profileId: string; name: string }, { catalogId: string }> = {
    op: CATALOG_OPS.renameCatalog,
    params: z.object({ profileId, name: z.string().min(1).max(10_000) }),
    label: (params) => `Rename the catalog to “${params.name}”`,
    retry: 'repeatable',
    async run(env, step) {
      const store = await stores.open(step.params.profileId)
      const id = await catalogIdOf(store)
      const renamed = await renameCatalog(env.ctx, id, step.params.name)
      store.setCatalog({ id, name: renamed.name, status: 'created' })
      return { catalogId: id }
    },
  }

  /** Up to a PUT batch of products (25) of one profile's catalog. */
  const productBatch = z.object({
    profileId,
    ids: z.array(productId).min(1).max(LIMITS.product.putBatch.value),
  })
  const batchLabel = (verb: string) => (params: { ids: string[] }) => productsLabel(verb, params.ids)

  type PutState = { acked: string[] }
  const putProductsOp: OperationExecutor<
    { profileId: string; ids: string[] },
    { created: number; updated: number; unchanged: number }
  > = {
    op: CATALOG_OPS.putProducts,
    params: productBatch,
    label: batchLabel('Send'),
    retry: 'repeatable',
    async run(env: JobEnv, step) {
      const store = await stores.open(step.params.profileId)
      const catalogId = await catalogIdOf(store)
      const state = (step.state as PutState | undefined) ?? { acked: [] }
      const acked = new Set(state.acked)
      const counts = { created: 0, updated: 0, unchanged: 0 }
      const refusals: { id: string; message: string }[] = []
      const batch: { record: StoredProduct; revision: number }[] = []
      for (const id of step.params.ids) {
        if (acked.has(id)) continue
        const record = store.get(id)
        // Deleted here since it was queued: nothing to send.
        if (!record || record.status === 'deleting') continue
        const problems = validateProduct(record.product).filter((issue) => issue.severity === 'error')
        if (problems.length > 0) {
          record.status = 'refused'
          record.messages = problems.map((issue) => ({
            field: String(issue.path[0]),
            message: issue.message,
            severity: 'error' as const,
          }))
          refusals.push({ id, message: problems[0]?.message ?? 'invalid' })
          continue
        }
        batch.push({ record, revision: record.revision })
      }
      if (images && batch.length > 0) {
        const imageIssues = await images.check(
          step.params.profileId,
          batch.map(({ record }) => record.product),
        )
        const held = new Set<StoredProduct>()
        for (const { record } of batch) {
          const errors = (imageIssues.get(record.product.id as string) ?? []).filter(
            (issue) => issue.severity === 'error',
          )
          if (errors.length === 0) continue
          record.status = 'refused'
          record.messages = errors.map((issue) => ({
            field: String(issue.path[0]),
            message: issue.message,
            severity: 'error' as const,
          }))
          refusals.push({ id: record.product.id as string, message: errors[0]!.message })
          held.add(record)
        }
        batch.splice(0, batch.length, ...batch.filter(({ record }) => !held.has(record)))
      }
      if (batch.length > 0) {
        env.progress({ done: 0, total: batch.length, unit: 'products' })
        const answers = await putProducts(
          env.ctx,
          catalogId,
          batch.map(({ record }) => ({ ...record.product })),
        )
        answers.forEach((answer, index) => {
          const sent = batch[index]
          if (!sent) return
          const { record, revision } = sent
          if (answer.status === 'ERROR') {
            record.status = 'refused'
            record.lastResult = 'ERROR'
            record.messages = [...toIssues(answer.errors, 'error'), ...toIssues(answer.warnings, 'warning')]
            if (answer.product_key) record.productKey = answer.product_key
            refusals.push({
              id: record.product.id as string,
              message: answer.errors[0]?.message ?? 'Refused by the platform',
            })
            return
          }
          acked.add(record.product.id as string)
          if (answer.status === 'CREATE_SUCCESS') counts.created += 1
          else if (answer.status === 'UPDATE_SUCCESS') counts.updated += 1
          else counts.unchanged += 1
          if (answer.product_key) record.productKey = answer.product_key
          record.lastResult = answer.status
          // An edit made while this batch was on its way is still to be sent.
          if (record.revision === revision) {
            record.status = 'sent'
            record.messages = toIssues(answer.warnings, 'warning')
          }
        })
        store.touch(step.params.ids)
        // What was acknowledged matters only to a step that runs again: one with refusals (a
        // re-send after a fix sends only those). A step that succeeds keeps no list, and is not
        // saved here: the job is saved with the next step's 'attempting' mark or when it ends,
        // as for every step (runStep). Both kept the whole job (400 steps for a 10,000-product
        // import) written twice per batch. A crash before that save sends the batch again,
        // which is safe: a product PUT is keyed, so it updates what it created.
        step.state = refusals.length > 0 ? { acked: [...acked] } : undefined
      } else if (refusals.length > 0) store.touch(step.params.ids)
      if (refusals.length > 0)
        throw refused(summary(refusals.length, step.params.ids.length, refusals[0]), 'products')
      return counts
    },
  }

  const deleteProductsOp: OperationExecutor<{ profileId: string; ids: string[] }, { deleted: number }> = {
    op: CATALOG_OPS.deleteProducts,
    params: productBatch,
    label: batchLabel('Delete'),
    retry: 'repeatable',
    async run(env, step) {
      const store = await stores.open(step.params.profileId)
      const catalogId = await catalogIdOf(store)
      const byKey = new Map<string, StoredProduct>()
      for (const id of step.params.ids) {
        const record = store.get(id)
        if (!record) continue
        if (record.productKey) byKey.set(record.productKey, record)
        else store.remove(id)
      }
      if (byKey.size === 0) return { deleted: 0 }
      const results = await deleteProducts(env.ctx, catalogId, [...byKey.keys()])
      let deleted = 0
      const refusals: { id: string; message: string }[] = []
      for (const result of results) {
        const key = result.product_key ?? result.failed_product_key
        const record = key ? byKey.get(key) : undefined
        if (!record) continue
        // On a resend, a key the platform no longer knows went with the attempt whose answer was lost.
        if (result.product_key || step.attempts > 1) {
          store.remove(record.product.id as string)
          deleted += 1
        } else {
          record.status = 'refused'
          record.messages = [
            { message: result.message ?? 'The platform did not delete it', severity: 'error' },
          ]
          refusals.push({ id: record.product.id as string, message: result.message ?? 'not deleted' })
        }
      }
      store.touch()
      if (refusals.length > 0) throw refused(summary(refusals.length, step.params.ids.length, refusals[0]))
      return { deleted }
    },
  }

  const setParams = z.object({
    profileId,
    localId: z.string().uuid(),
    name: z.string().min(1).max(200),
    description: z.string().max(1000).optional(),
    type: z.enum(['MANUAL', 'FILTERED']),
    productIds: z.array(productId).max(20_000).optional(),
    filters: z
      .array(z.object({ attribute: z.string(), operator: z.string(), value: z.string() }))
      .max(50)
      .optional(),
  })
  const createSetOp: OperationExecutor<z.infer<typeof setParams>, { setId: string }> = {
    op: CATALOG_OPS.createSet,
    params: setParams,
    label: (params) => `Create the product set “${params.name}”`,
    // No reconcile(): see the note at the top of this file.
    retry: 'reconcile',
    async run(env, step) {
      const params = step.params
      const store = await stores.open(params.profileId)
      const catalogId = await catalogIdOf(store)
      let productKeys: string[] | undefined
      if (params.type === 'MANUAL') {
        const ids = params.productIds ?? []
        const unsent = ids.filter((id) => !store.get(id)?.productKey)
        if (unsent.length > 0)
          throw new AppFailure(
            appError(
              'invalid_input',
              `${plural(unsent.length, 'product')} of this set ${unsent.length === 1 ? 'is' : 'are'} not on the platform yet (${unsent.slice(0, 3).join(', ')}): send ${unsent.length === 1 ? 'it' : 'them'} first`,
            ),
          )
        productKeys = ids.map((id) => store.get(id)?.productKey as string)
      }
      const created = await createProductSet(env.ctx, catalogId, {
        name: params.name,
        ...(params.description ? { description: params.description } : {}),
        type: params.type,
        ...(productKeys ? { product_keys: productKeys } : {}),
        ...(params.filters ? { filters: params.filters } : {}),
      })
      const local = store.sets().find((set) => set.localId === params.localId)
      if (local) {
        store.putSet({
          ...local,
          id: created.id,
          status: 'created',
          productIds: created.product_ids ?? local.productIds,
          ...(created.processing_status ? { processingStatus: created.processing_status } : {}),
        })
      }
      return { setId: created.id }
    },
    createdIds: (result) => [result.setId],
  }

  return [createCatalogOp, renameCatalogOp, putProductsOp, deleteProductsOp, createSetOp]
}
