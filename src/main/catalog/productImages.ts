import {
  productImageIssues,
  productImageRefs,
  PRODUCT_IMAGE_MAX_BYTES,
  type ProductImageReading,
  type ProductImageRef,
} from '../../shared/catalog/productImage'
import type { Product } from '../../shared/catalog/product'
import { parseUrlWithoutCredentials, type ApiHosts } from '../../shared/hosts'
import type { Environment } from '../../shared/profiles'
import type { Issue } from '../../shared/rules/issues'
import { MediaFileError, sniffFormat } from '../media/formats'
import { memoryBytesOf } from '../media/inspect/fileReader'
import { probeImage } from '../media/inspect/probeImage'
import { mediaFetchTarget, MediaFetchRefused, type MediaFetchTarget } from '../library/mediaFetchPolicy'
import { createImageReader, type ImageReader, type ThumbnailCache } from '../library/thumbnails'
import type { Session } from '../session/session'

/**
 * Product images, read by main (spec part A: at least 500×500 pixels, at most 5 MB, A:30 and
 * A:192): before a product is saved, in an import's check, and again by the outbox step that
 * sends it, so the page is never the only gate. An image main may not or cannot fetch is "not
 * checked", a warning; the platform downloads it anyway. The same policy as the media library's
 * thumbnails decides what main fetches (library/mediaFetchPolicy.ts), and the renderer's
 * thumbnails of products come from that library's cache.
 */

/** The profile facts the fetch policy needs; the hosts as the session resolves them (practice's port). */
interface ImageScope {
  environment: Environment
  hosts: ApiHosts
}

/**
 * Where main may read a product image. A product's images are on the merchant's own servers, so
 * for the platform's environments any https address on the public internet (the policy checks
 * the resolved addresses); a sandbox's products only from that sandbox's own address, as its
 * media are, which is also what the sandbox itself can check.
 */
export function productImageTarget(rawUrl: string, scope: ImageScope): MediaFetchTarget | undefined {
  if (scope.environment !== 'production' && scope.environment !== 'ads_sandbox')
    return mediaFetchTarget(rawUrl, scope)
  const url = parseUrlWithoutCredentials(rawUrl)
  return url?.protocol === 'https:' ? { url, loopbackAllowed: false } : undefined
}

/** Images read at once: an import's check reads many, and each may take seconds. */
const PARALLEL_READS = 4
/** A reading is kept this long; a failed fetch only briefly, so a network that returns is used. */
const KEEP_MS = 10 * 60_000
const KEEP_UNREACHABLE_MS = 30_000
const MAX_KEPT = 5_000

/** Readings are kept by address and by whether this computer's addresses were allowed. */
const keyOf = (target: MediaFetchTarget) =>
  `${target.loopbackAllowed ? 'local' : 'public'} ${target.url.href}`

export interface ProductImagesDeps {
  session: Pick<Session, 'requireProfile' | 'hostsOf'>
  readImage?: ImageReader
  /** Main's thumbnail cache (library/thumbnails.ts), shared with the media library. */
  thumbnails?: ThumbnailCache
  now?: () => number
}

function readingOf(bytes: Uint8Array): ProductImageReading {
  const format = sniffFormat(bytes.subarray(0, 64))
  if (!format)
    return { kind: 'unreadable', message: 'the address does not give a JPG, GIF, WEBP or PNG image' }
  if (format === 'mp4' || format === 'mov')
    return { kind: 'read', format, width: 0, height: 0, bytes: bytes.length }
  try {
    const { width, height } = probeImage(memoryBytesOf(bytes), format)
    return { kind: 'read', format, width, height, bytes: bytes.length }
  } catch (error) {
    if (error instanceof MediaFileError) return { kind: 'unreadable', message: error.message }
    throw error
  }
}

export function createProductImages(deps: ProductImagesDeps) {
  const read = deps.readImage ?? createImageReader()
  const now = deps.now ?? Date.now
  const kept = new Map<string, { at: number; reading: ProductImageReading }>()
  const inFlight = new Map<string, Promise<ProductImageReading>>()

  async function scopeOf(profileId: string): Promise<ImageScope> {
    const profile = deps.session.requireProfile(profileId)
    return { environment: profile.environment, hosts: await deps.session.hostsOf(profile) }
  }

  async function fetchReading(target: MediaFetchTarget): Promise<ProductImageReading> {
    try {
      // One byte past the limit is enough to know the image is too large.
      const answer = await read(target, PRODUCT_IMAGE_MAX_BYTES)
      if (answer.kind === 'too_large')
        return { kind: 'too_large', ...(answer.declared === undefined ? {} : { bytes: answer.declared }) }
      if (answer.kind === 'status')
        return {
          kind: 'unreachable',
          reason: `its address answered “${answer.status}” rather than the image`,
        }
      return readingOf(answer.bytes)
    } catch (error) {
      return {
        kind: 'unreachable',
        reason:
          error instanceof MediaFetchRefused
            ? 'its address is not one Ads Studio reads images from'
            : 'its address could not be reached from this computer',
      }
    }
  }

  function fresh(key: string): ProductImageReading | undefined {
    const entry = kept.get(key)
    if (!entry) return undefined
    const keep = entry.reading.kind === 'unreachable' ? KEEP_UNREACHABLE_MS : KEEP_MS
    if (now() - entry.at <= keep) return entry.reading
    kept.delete(key)
    return undefined
  }

  /** What main finds at an image's address for a profile, fetched at most once at a time. */
  async function reading(url: string, scope: ImageScope): Promise<ProductImageReading> {
    const target = productImageTarget(url, scope)
    if (!target)
      return {
        kind: 'unreachable',
        reason:
          scope.environment === 'production' || scope.environment === 'ads_sandbox'
            ? 'Ads Studio reads images over https only'
            : 'Ads Studio reads this profile’s images only from the address it connects to',
      }
    const key = keyOf(target)
    const known = fresh(key)
    if (known) return known
    let pending = inFlight.get(key)
    if (!pending) {
      pending = fetchReading(target).then((result) => {
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string)
        kept.set(key, { at: now(), reading: result })
        return result
      })
      pending = pending.finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    return pending
  }

  async function issuesWithin(scope: ImageScope, refs: readonly ProductImageRef[]): Promise<Issue[]> {
    const readings = await Promise.all(refs.map((ref) => reading(ref.url, scope)))
    return refs.flatMap((ref, index) => productImageIssues(ref, readings[index]!))
  }

  return {
    /** What is wrong with one product's images (errors, and "not checked" warnings). */
    async issuesOf(profileId: string, product: Product): Promise<Issue[]> {
      return issuesWithin(await scopeOf(profileId), productImageRefs(product))
    },

    /**
     * The image issues of many products, by product id, reading a few images at a time: the check
     * an import's validation calls. Products with nothing to say are left out.
     */
    async check(profileId: string, products: readonly Product[]): Promise<Map<string, Issue[]>> {
      const scope = await scopeOf(profileId)
      const found = new Map<string, Issue[]>()
      let next = 0
      const worker = async () => {
        while (next < products.length) {
          const product = products[next++]!
          const issues = await issuesWithin(scope, productImageRefs(product))
          if (issues.length > 0) found.set(String(product.id), issues)
        }
      }
      await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, products.length) }, worker))
      return found
    },

    /** Products whose images are already known to be at fault, reading none: what a send leaves out. */
    async knownFaulty(profileId: string, products: readonly Product[]): Promise<Set<string>> {
      const scope = await scopeOf(profileId)
      const faulty = new Set<string>()
      for (const product of products) {
        const known = productImageRefs(product).some((ref) => {
          const target = productImageTarget(ref.url, scope)
          const reading = target ? fresh(keyOf(target)) : undefined
          return (
            reading !== undefined &&
            productImageIssues(ref, reading).some((issue) => issue.severity === 'error')
          )
        })
        if (known) faulty.add(String(product.id))
      }
      return faulty
    },

    /** A thumbnail of an image, from the library's cache; and, when asked, what the check says. */
    async view(
      profileId: string,
      url: string,
      withCheck: boolean,
    ): Promise<{
      dataUrl?: string
      check?: { issues: Issue[]; width?: number; height?: number; bytes?: number }
    }> {
      const scope = await scopeOf(profileId)
      const target = productImageTarget(url, scope)
      const [thumbnail, checked] = await Promise.all([
        target && deps.thumbnails ? deps.thumbnails.get(target).catch(() => undefined) : undefined,
        withCheck ? reading(url, scope) : undefined,
      ])
      const ref: ProductImageRef = { url, field: 'image_link', label: 'Image' }
      return {
        ...(thumbnail ? { dataUrl: thumbnail.dataUrl } : {}),
        ...(checked
          ? {
              check: {
                issues: productImageIssues(ref, checked),
                ...(checked.kind === 'read' && checked.width > 0
                  ? { width: checked.width, height: checked.height, bytes: checked.bytes }
                  : {}),
              },
            }
          : {}),
      }
    },
  }
}

export type ProductImages = ReturnType<typeof createProductImages>
