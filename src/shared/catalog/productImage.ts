// What a product image must be (spec part A, `image_link` A:30 and the limits table A:192): a
// JPG, GIF, WEBP or PNG image of at least 500×500 pixels and at most 5 MB. Main reads an image
// it can reach (src/main/catalog/productImages.ts) and these rules say what is wrong with it, on
// the product's image field; an image main cannot reach is "not checked", a warning only, since
// the platform downloads and checks it when it receives the product.

import { LIMITS } from '../rules/limits'
import { error, formatNumber, warning, type Issue } from '../rules/issues'
import { CONTAINER_NAMES, type MediaContainer } from '../rules/mediaProbe'
import type { Product, ProductField } from './product'

const RULES = LIMITS.product

/** The spec's "5MB", in binary megabytes as for the other media (LIMITS.product.imageMaxMegabytes). */
export const PRODUCT_IMAGE_MAX_BYTES = RULES.imageMaxMegabytes.value * 1024 * 1024

/** The formats the spec names (A:30), as main recognises them by content. */
const PRODUCT_IMAGE_CONTAINERS: readonly MediaContainer[] = ['jpeg', 'gif', 'webp', 'png']

/** What main found at an image's address. */
export type ProductImageReading =
  /** Read whole: its format by content, pixel size from its header, length in bytes. */
  | { kind: 'read'; format: MediaContainer; width: number; height: number; bytes: number }
  /** Larger than the limit: main stopped reading (`bytes` when the server said the length). */
  | { kind: 'too_large'; bytes?: number }
  /** Not an image main recognises, or a damaged one: `message` says which, for the designer. */
  | { kind: 'unreadable'; message: string }
  /** Main could not or may not fetch it: `reason` says why, for the designer. */
  | { kind: 'unreachable'; reason: string }

/** One image a product names, with the field it is on and what the field is called on screen. */
export interface ProductImageRef {
  url: string
  field: Extract<ProductField, 'image_link' | 'additional_image_link'>
  label: string
}

/** The images of a product to check: its image, then each additional image (at most the spec's 10). */
export function productImageRefs(product: Product): ProductImageRef[] {
  const main = product.image_link?.trim()
  const refs: ProductImageRef[] = main ? [{ url: main, field: 'image_link', label: 'Image' }] : []
  const extra = product.additional_image_link?.split(',').map((url) => url.trim()) ?? []
  extra
    .filter((url) => url !== '')
    .slice(0, RULES.additionalImages.value)
    .forEach((url, index) =>
      refs.push({ url, field: 'additional_image_link', label: `Additional image ${index + 1}` }),
    )
  return refs
}

/** Rounded up to a tenth, so a file just over the limit never reads as the limit itself. */
function megabytes(bytes: number): string {
  return `${formatNumber(Math.ceil((bytes / (1024 * 1024)) * 10) / 10)} MB`
}

const FORMATS = RULES.imageFormats.values.join(', ')
const MIN = RULES.imageMinSide.value
const MAX_MB = RULES.imageMaxMegabytes.value

/** What is wrong with one product image, on its field; nothing when it follows the spec. */
export function productImageIssues(ref: ProductImageRef, reading: ProductImageReading): Issue[] {
  const path = [ref.field]
  const { label } = ref
  switch (reading.kind) {
    case 'unreachable':
      return [
        warning(
          path,
          'unchecked',
          `${label} not checked: ${reading.reason}. The platform checks its size when it receives the product`,
        ),
      ]
    case 'unreadable':
      return [error(path, 'media_type', `${label}: ${reading.message}`)]
    case 'too_large':
      return [
        error(
          path,
          'file_too_large',
          `${label} is ${reading.bytes === undefined ? `larger than ${MAX_MB} MB` : megabytes(reading.bytes)}; the platform takes at most ${MAX_MB} MB. Save it smaller (JPG at a lower quality, or fewer pixels)`,
          PRODUCT_IMAGE_MAX_BYTES,
        ),
      ]
    case 'read': {
      const issues: Issue[] = []
      if (!PRODUCT_IMAGE_CONTAINERS.includes(reading.format))
        issues.push(
          error(
            path,
            'media_type',
            `${label} is ${CONTAINER_NAMES[reading.format]}, not an image; the platform takes ${FORMATS}`,
          ),
        )
      else if (reading.width < MIN || reading.height < MIN)
        issues.push(
          error(
            path,
            'too_small',
            `${label} is ${formatNumber(reading.width)}×${formatNumber(reading.height)} px; the platform needs at least ${MIN}×${MIN} px. Use a larger image`,
            MIN,
          ),
        )
      if (reading.bytes > PRODUCT_IMAGE_MAX_BYTES)
        issues.push(
          error(
            path,
            'file_too_large',
            `${label} is ${megabytes(reading.bytes)}; the platform takes at most ${MAX_MB} MB. Save it smaller`,
            PRODUCT_IMAGE_MAX_BYTES,
          ),
        )
      return issues
    }
  }
}
