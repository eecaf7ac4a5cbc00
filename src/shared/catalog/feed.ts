// Mapping the columns of a feed file (CSV, or JSON objects) to product fields. Pure: main uses
// it to validate and send, the renderer to show the mapping form.

import { error, type Issue } from '../rules/issues'
import {
  PRODUCT_FIELDS,
  PRODUCT_FIELD_LABELS,
  REQUIRED_PRODUCT_FIELDS,
  type Product,
  type ProductField,
} from './product'

/**
 * Rows of an import's report per page (main answers the first with the counts, the others on
 * demand: 'catalog.importReportPage'); the page shows what it has read of them.
 */
export const IMPORT_REPORT_PAGE_ROWS = 50

/** For each product field, the feed column it is read from (absent: not imported). */
export type FeedMapping = Partial<Record<ProductField, string>>

const squash = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Other names feeds commonly give a field. */
const ALIASES: Partial<Record<ProductField, string[]>> = {
  id: ['sku', 'itemid', 'productid'],
  title: ['name', 'productname'],
  link: ['url', 'productlink', 'producturl'],
  image_link: ['image', 'imageurl', 'picture'],
  additional_image_link: ['additionalimages', 'additionalimagelinks'],
  item_group_id: ['group', 'itemgroup', 'groupid'],
  color: ['colour'],
  inventory: ['stock', 'quantity', 'qty'],
}

/** Columns whose name is a field's name (or a common alias) are mapped to it; each column once. */
export function suggestMapping(columns: readonly string[]): FeedMapping {
  const mapping: FeedMapping = {}
  const taken = new Set<string>()
  for (const field of PRODUCT_FIELDS) {
    const names = [squash(field), squash(PRODUCT_FIELD_LABELS[field]), ...(ALIASES[field] ?? [])]
    const column = columns.find((candidate) => !taken.has(candidate) && names.includes(squash(candidate)))
    if (column !== undefined) {
      mapping[field] = column
      taken.add(column)
    }
  }
  return mapping
}

/** Issues of the mapping itself: a required field with no column, or a column used twice. */
export function validateMapping(mapping: FeedMapping, columns: readonly string[]): Issue[] {
  const issues: Issue[] = []
  for (const field of REQUIRED_PRODUCT_FIELDS) {
    if (mapping[field] === undefined)
      issues.push(
        error(
          [field],
          'required',
          `Choose the column that holds ${PRODUCT_FIELD_LABELS[field].toLowerCase()}`,
        ),
      )
  }
  const seen = new Map<string, ProductField>()
  for (const field of PRODUCT_FIELDS) {
    const column = mapping[field]
    if (column === undefined) continue
    if (!columns.includes(column))
      issues.push(error([field], 'invalid_value', `The file has no column “${column}”`))
    const first = seen.get(column)
    if (first !== undefined)
      issues.push(
        error(
          [field],
          'exclusive',
          `“${column}” is already mapped to ${PRODUCT_FIELD_LABELS[first].toLowerCase()}`,
        ),
      )
    else seen.set(column, field)
  }
  return issues
}

/** One feed row as a product; a value that cannot be a product value (inventory "many") is an issue. */
export function productFromRow(
  row: Readonly<Record<string, unknown>>,
  mapping: FeedMapping,
): { product: Product; issues: Issue[] } {
  const product: Record<string, unknown> = {}
  const issues: Issue[] = []
  for (const field of PRODUCT_FIELDS) {
    const column = mapping[field]
    if (column === undefined) continue
    const raw = row[column]
    if (raw === undefined || raw === null) continue
    const text =
      typeof raw === 'string'
        ? raw.trim()
        : typeof raw === 'number' || typeof raw === 'boolean'
          ? String(raw)
          : undefined
    if (text === undefined) {
      issues.push(
        error([field], 'invalid_type', `${PRODUCT_FIELD_LABELS[field]} must be text, not a list or object`),
      )
      continue
    }
    if (text === '') continue
    if (field === 'inventory') {
      if (/^\d{1,9}$/.test(text)) product.inventory = Number(text)
      else
        issues.push(
          error(['inventory'], 'invalid_value', `Inventory “${text.slice(0, 20)}” is not a whole number`),
        )
      continue
    }
    product[field] = text
  }
  return { product: product as Product, issues }
}
