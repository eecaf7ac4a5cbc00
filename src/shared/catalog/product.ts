// The product model of a catalog (spec part A, product field table) and its rules. Editors,
// the feed import and main (before anything is sent) all validate with validateProduct().

import { LIMITS } from '../rules/limits'
import { characterCount, error, formatNumber, warning, type Issue } from '../rules/issues'
import { readWebAddress } from './webAddress'

/** The fields every product must have; the spec lists them first. */
const REQUIRED = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
] as const

/** Fields a designer submits, in the order the spec lists them. product_key and item_group_key are the service's. */
export const PRODUCT_FIELDS = [
  ...REQUIRED,
  'brand',
  'gtin',
  'mpn',
  'mobile_link',
  'additional_image_link',
  'google_product_category',
  'product_type',
  'inventory',
  'sale_price',
  'sale_price_effective_date',
  'item_group_id',
  'gender',
  'color',
  'size',
  'age_group',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
] as const
export type ProductField = (typeof PRODUCT_FIELDS)[number]

export const REQUIRED_PRODUCT_FIELDS: readonly ProductField[] = REQUIRED

/** A product as the app keeps it: text fields, and inventory as a whole number. Unset fields are absent. */
export type Product = { inventory?: number } & { [K in Exclude<ProductField, 'inventory'>]?: string }

export const PRODUCT_FIELD_LABELS: Record<ProductField, string> = {
  id: 'ID (SKU)',
  title: 'Title',
  description: 'Description',
  availability: 'Availability',
  condition: 'Condition',
  price: 'Price',
  link: 'Product page',
  image_link: 'Image',
  brand: 'Brand',
  gtin: 'GTIN',
  mpn: 'MPN',
  mobile_link: 'Mobile page',
  additional_image_link: 'Additional images',
  google_product_category: 'Google product category',
  product_type: 'Product type',
  inventory: 'Inventory',
  sale_price: 'Sale price',
  sale_price_effective_date: 'Sale dates',
  item_group_id: 'Item group',
  gender: 'Gender',
  color: 'Colour',
  size: 'Size',
  age_group: 'Age group',
  custom_label_0: 'Custom label 0',
  custom_label_1: 'Custom label 1',
  custom_label_2: 'Custom label 2',
  custom_label_3: 'Custom label 3',
  custom_label_4: 'Custom label 4',
}

const ISO_WITH_MINUTES = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/
// UPC (12 digits), EAN (13, or 8), JAN (8 or 13), ISBN-10 (last may be X), ISBN-13, GTIN-14.
const GTIN = /^(\d{8}|\d{9}[\dX]|\d{12,14})$/
const HTML = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$|^[0-9a-f]{6}$/i
const IMAGE_EXTENSION = /\.(jpe?g|gif|webp|png)$/i
const VARIANT_FIELDS: readonly ProductField[] = ['size', 'color', 'age_group', 'gender']

export interface Price {
  amount: number
  currency: string
}

export function parsePrice(value: string): Price | undefined {
  const match = LIMITS.product.price.pattern.exec(value.trim())
  return match ? { amount: Number(match[1]), currency: match[2] ?? '' } : undefined
}

function isUrl(value: string, https: boolean): boolean {
  const address = readWebAddress(value)
  return address !== undefined && (!https || address.protocol === 'https:')
}

/** Image URLs the product names: image_link first, then each additional image. */
export function imageLinks(product: Product): string[] {
  const extra = product.additional_image_link?.split(',').map((url) => url.trim()) ?? []
  return [product.image_link ?? '', ...extra].filter((url) => url !== '')
}

function checkImageUrl(issues: Issue[], field: ProductField, url: string, label: string): void {
  const address = readWebAddress(url)
  if (!address) {
    issues.push(error([field], 'invalid_format', `${label} must be a web address (http or https): ${url}`))
    return
  }
  // The platform downloads the image to check its size and format; here only the name can hint.
  const path = address.pathname
  if (/\.[a-z0-9]{2,5}$/i.test(path) && !IMAGE_EXTENSION.test(path)) {
    issues.push(
      warning(
        [field],
        'media_type',
        `${label} does not look like a ${LIMITS.product.imageFormats.values.join(', ')} image`,
      ),
    )
  }
}

/**
 * Every rule of the product table that can be checked without downloading the images (their
 * pixel size and file size are checked by the platform, which answers per product).
 */
export function validateProduct(product: Product): Issue[] {
  const issues: Issue[] = []
  const text = (field: ProductField): string | undefined => {
    const value = product[field]
    if (typeof value !== 'string') return undefined
    return value.trim() === '' ? undefined : value
  }
  for (const field of REQUIRED_PRODUCT_FIELDS) {
    if (text(field) === undefined)
      issues.push(error([field], 'required', `${PRODUCT_FIELD_LABELS[field]} is required`))
  }
  const lengthRule = (field: 'title' | 'description'): void => {
    const value = text(field)
    const max = LIMITS.product[field].max
    // A string has at least as many UTF-16 units as characters: most are within by their length.
    if (value === undefined || value.length <= max) return
    const count = characterCount(value)
    if (count > max)
      issues.push(
        error(
          [field],
          'too_long',
          `${PRODUCT_FIELD_LABELS[field]} is ${formatNumber(count - max)} characters over the limit of ${formatNumber(max)}`,
          max,
        ),
      )
  }
  lengthRule('title')
  lengthRule('description')
  if (text('description') !== undefined && HTML.test(text('description') ?? ''))
    issues.push(
      error(['description'], 'invalid_format', 'Description must be plain text: remove the HTML tags'),
    )

  const enumRule = (field: ProductField, values: readonly string[]): void => {
    const value = text(field)
    if (value !== undefined && !values.includes(value))
      issues.push(
        error(
          [field],
          'invalid_value',
          `${PRODUCT_FIELD_LABELS[field]} must be one of: ${values.join(', ')}`,
        ),
      )
  }
  enumRule('availability', LIMITS.product.availability.values)
  enumRule('condition', LIMITS.product.condition.values)
  enumRule('gender', LIMITS.product.gender.values)
  enumRule('age_group', LIMITS.product.ageGroup.values)

  const priceText = text('price')
  const price = priceText === undefined ? undefined : parsePrice(priceText)
  if (priceText !== undefined && !price)
    issues.push(
      error(['price'], 'invalid_format', 'Price is a number, a space and a currency code, like 19.99 USD'),
    )
  const saleText = text('sale_price')
  if (saleText !== undefined) {
    const sale = parsePrice(saleText)
    if (!sale)
      issues.push(
        error(
          ['sale_price'],
          'invalid_format',
          'Sale price is a number, a space and a currency code, like 14.99 USD',
        ),
      )
    else if (price && sale.currency !== price.currency)
      issues.push(
        error(['sale_price'], 'invalid_value', `Sale price must be in ${price.currency}, like the price`),
      )
    else if (price && sale.amount >= price.amount)
      issues.push(error(['sale_price'], 'out_of_range', 'Sale price must be lower than the price'))
  }
  const window = text('sale_price_effective_date')
  if (window !== undefined) {
    const parts = window.split('/')
    const [start, end] = parts
    if (parts.length !== 2 || !start || !end || !ISO_WITH_MINUTES.test(start) || !ISO_WITH_MINUTES.test(end))
      issues.push(
        error(
          ['sale_price_effective_date'],
          'invalid_format',
          'Sale dates are a start and an end with time and zone, like 2026-03-01T00:00+01:00/2026-03-31T23:59+01:00',
        ),
      )
    else if (Date.parse(start) >= Date.parse(end))
      issues.push(error(['sale_price_effective_date'], 'out_of_range', 'The sale must end after it starts'))
  }
  for (const field of ['link', 'mobile_link'] as const) {
    const value = text(field)
    if (value !== undefined && !isUrl(value, true))
      issues.push(
        error([field], 'invalid_format', `${PRODUCT_FIELD_LABELS[field]} must be an https:// address`),
      )
  }
  const image = text('image_link')
  if (image !== undefined) checkImageUrl(issues, 'image_link', image, 'Image')
  const additional = text('additional_image_link')
  if (additional !== undefined) {
    const urls = additional.split(',').map((url) => url.trim())
    const max = LIMITS.product.additionalImages.value
    if (urls.some((url) => url === ''))
      issues.push(
        error(
          ['additional_image_link'],
          'invalid_format',
          'Additional images has an empty entry between commas',
        ),
      )
    else if (urls.length > max)
      issues.push(
        error(
          ['additional_image_link'],
          'too_many',
          `Up to ${max} additional images (this has ${urls.length})`,
          max,
        ),
      )
    else for (const url of urls) checkImageUrl(issues, 'additional_image_link', url, 'Each additional image')
  }
  const gtin = text('gtin')
  if (gtin !== undefined && !GTIN.test(gtin))
    issues.push(
      error(['gtin'], 'invalid_format', 'GTIN is a UPC, EAN, JAN or ISBN: 8, 10, 12, 13 or 14 digits'),
    )
  if (text('brand') === undefined && gtin === undefined && text('mpn') === undefined)
    issues.push(error(['brand'], 'required', 'Give a brand, a GTIN or an MPN: one of them is required'))
  const inventory = product.inventory
  if (inventory !== undefined) {
    if (!Number.isInteger(inventory) || inventory < 0)
      issues.push(error(['inventory'], 'invalid_value', 'Inventory is a whole number, 0 or more'))
    else if (text('availability') === 'in stock' && inventory < LIMITS.product.inStockInventoryMin.value)
      issues.push(
        error(
          ['inventory'],
          'out_of_range',
          `Inventory must be at least ${LIMITS.product.inStockInventoryMin.value} when the product is in stock`,
          LIMITS.product.inStockInventoryMin.value,
        ),
      )
  }
  const colour = text('color')
  if (colour !== undefined && HEX_COLOUR.test(colour.trim()))
    issues.push(error(['color'], 'invalid_format', 'Colour is a name, like “navy”, not a hex code'))
  const variants = VARIANT_FIELDS.filter((field) => text(field) !== undefined)
  if (variants.length > 0 && text('item_group_id') === undefined)
    issues.push(
      warning(
        ['item_group_id'],
        'needs',
        `${variants.map((field) => PRODUCT_FIELD_LABELS[field].toLowerCase()).join(', ')} ${variants.length === 1 ? 'describes' : 'describe'} a variant: give an item group if other variants exist`,
      ),
    )
  return issues
}

/** Drops blank fields and trims text, so what is stored and sent is what the rules saw. */
export function normaliseProduct(product: Product): Product {
  const clean: Product = {}
  for (const field of PRODUCT_FIELDS) {
    const value = product[field]
    if (field === 'inventory') {
      if (typeof value === 'number') clean.inventory = value
      continue
    }
    if (typeof value === 'string' && value.trim() !== '')
      (clean as Record<string, string>)[field] = value.trim()
  }
  return clean
}
