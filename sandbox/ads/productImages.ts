import type { Route } from '../context'
import { legacyError } from '../http'
import type { Reply } from '../http'
import { placeholderPng, probeImage } from '../media'
import type { ImageProbe } from '../media'

/**
 * Product images (spec part A, product `image_link`): JPG, GIF, WEBP or PNG, at least 500x500
 * pixels, up to 5MB. The platform fetches the image to check it. The sandbox can reach only
 * loopback hosts, so it fetches images served on 127.0.0.1/localhost (its own sample images
 * below, or a test's server) and reports an image elsewhere as a warning: "not checked".
 */
export const PRODUCT_IMAGE_MIN_SIDE = 500
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024
const FETCH_TIMEOUT_MS = 3_000
const CACHE_MS = 60_000

export type ImageCheck =
  | { kind: 'ok'; probe: ImageProbe; bytes: number }
  | { kind: 'unchecked'; reason: string }
  | { kind: 'bad'; message: string }

const cache = new Map<string, { at: number; result: ImageCheck }>()

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
}

async function fetchBytes(url: URL): Promise<Buffer | string> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' })
  } catch {
    return 'could not be downloaded'
  }
  if (!response.ok || !response.body) return `could not be downloaded (HTTP ${response.status})`
  const chunks: Buffer[] = []
  let size = 0
  // Stop reading one byte past the limit: enough to know the file is too large.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length
    chunks.push(Buffer.from(chunk))
    if (size > PRODUCT_IMAGE_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined)
      break
    }
  }
  return Buffer.concat(chunks)
}

/** Downloads (loopback only) and checks one image URL; results are cached for a minute. */
export async function checkProductImage(value: string, now: number): Promise<ImageCheck> {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return { kind: 'bad', message: 'is not a URL' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { kind: 'bad', message: 'must be an http or https URL' }
  if (!isLoopback(url))
    return { kind: 'unchecked', reason: 'the sandbox fetches images from loopback hosts only' }
  const cached = cache.get(value)
  if (cached && now - cached.at < CACHE_MS) return cached.result
  const bytes = await fetchBytes(url)
  let result: ImageCheck
  if (typeof bytes === 'string') result = { kind: 'bad', message: bytes }
  else if (bytes.length > PRODUCT_IMAGE_MAX_BYTES)
    result = {
      kind: 'bad',
      message: `is larger than 5MB (${(bytes.length / 1024 / 1024).toFixed(1)}MB or more)`,
    }
  else {
    const probe = probeImage(bytes)
    if (!probe) result = { kind: 'bad', message: 'is not a JPG, GIF, WEBP or PNG image' }
    else if (probe.width < PRODUCT_IMAGE_MIN_SIDE || probe.height < PRODUCT_IMAGE_MIN_SIDE)
      result = {
        kind: 'bad',
        message: `must be at least ${PRODUCT_IMAGE_MIN_SIDE}x${PRODUCT_IMAGE_MIN_SIDE} pixels (got ${probe.width}x${probe.height})`,
      }
    else result = { kind: 'ok', probe, bytes: bytes.length }
  }
  if (cache.size > 1000) cache.clear()
  cache.set(value, { at: now, result })
  return result
}

/**
 * Sample product images for trying the catalog without an image host:
 * `/sample-images/<width>x<height>.png`, optionally `?pad=<bytes>` to make the file that large
 * (a PNG with a trailing chunk, still a valid image) and `.txt` for something that is not an image.
 */
export const sampleImageRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/sample-images/:file',
    page: true,
    handler: (ctx): Reply => {
      const match = /^(\d{1,4})x(\d{1,4})\.(png|txt)$/.exec(ctx.params.file ?? '')
      const width = Number(match?.[1])
      const height = Number(match?.[2])
      if (!match || width < 1 || height < 1 || width > 2000 || height > 2000)
        throw legacyError(404, 34, 'Sorry, that page does not exist.')
      if (match[3] === 'txt')
        return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'not an image' }
      const pad = Number(ctx.query.find(([name]) => name === 'pad')?.[1] ?? 0)
      const png = placeholderPng(width, height, `sample-${width}x${height}`)
      const extra =
        Number.isInteger(pad) && pad > png.length ? Math.min(pad, 8 * 1024 * 1024) - png.length : 0
      return {
        status: 200,
        headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' },
        body: extra > 0 ? Buffer.concat([png, Buffer.alloc(extra)]) : png,
      }
    },
  },
]
