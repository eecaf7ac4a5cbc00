import { invalidInput as invalid } from '../../shared/errors'
import { PRODUCT_FIELDS, type Product } from '../../shared/catalog/product'
import type { IssueView, ProductCounts, ProductRow } from '../../shared/ipc/contracts/catalogs'
import type { Issue } from '../../shared/rules/issues'
import type { RemoteProduct } from '../api/catalog'
import type { CatalogStore, StoredProduct } from './catalogStore'

/** What the catalog pages are shown of the store, and the refusals they are told. */

export function requireCatalog(store: CatalogStore): void {
  if (!store.catalog()) throw invalid('Create the catalog first: give it a name above', 'name')
}

export function issueViews(issues: readonly Issue[]): IssueView[] {
  return issues.map((issue) => ({
    message: issue.message,
    severity: issue.severity,
    ...(issue.path.length > 0 ? { field: String(issue.path[0]) } : {}),
  }))
}

export function toRow(record: StoredProduct): ProductRow {
  const product = record.product
  return {
    id: product.id as string,
    title: product.title ?? '',
    price: product.price ?? '',
    availability: product.availability ?? '',
    ...(product.item_group_id ? { itemGroupId: product.item_group_id } : {}),
    ...(product.product_type ? { productType: product.product_type } : {}),
    status: record.status,
    ...(record.lastResult ? { lastResult: record.lastResult } : {}),
    onPlatform: record.productKey !== undefined,
    messages: record.messages,
    ...(product.image_link ? { imageLink: product.image_link } : {}),
  }
}

export function countsOf(records: readonly StoredProduct[]): ProductCounts {
  const counts: ProductCounts = {
    total: records.length,
    pending: 0,
    sent: 0,
    refused: 0,
    fixed: 0,
    deleting: 0,
  }
  for (const record of records) counts[record.status] += 1
  return counts
}

export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** A product as read from the platform (every field, nulls for unset) in the app's shape. */
export function productOfRemote(remote: RemoteProduct): Product {
  const product: Record<string, unknown> = {}
  for (const field of PRODUCT_FIELDS) {
    const value = (remote as Record<string, unknown>)[field]
    if (value === null || value === undefined || value === '') continue
    if (field === 'inventory') {
      const number = typeof value === 'number' ? value : Number(value)
      if (Number.isInteger(number)) product.inventory = number
    } else if (typeof value === 'string') product[field] = value
    else if (typeof value === 'number') product[field] = String(value)
  }
  return product as Product
}
