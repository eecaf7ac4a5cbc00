import { createHash } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { readRegularFile } from '../files/regularFile'
import { imageDimensions, MIME_TYPES, sniffFormat } from '../media/formats'
import {
  checkedLookup,
  DEFAULT_MEDIA_ADDRESS_POLICY,
  literalAllowed,
  MediaFetchRefused,
  type MediaAddressPolicy,
  type MediaFetchTarget,
} from './mediaFetchPolicy'

export interface Thumbnail {
  dataUrl: string
  width?: number
  height?: number
}

/** Reads at most `maxBytes` of the body at a URL; undefined when it is bigger, missing or not 200. */
export type ImageFetcher = (target: MediaFetchTarget, maxBytes: number) => Promise<Uint8Array | undefined>

export interface ThumbnailCacheOptions {
  fetchImage?: ImageFetcher
  /** Larger images get no thumbnail: a data URL of several megabytes per tile would stall IPC. */
  maxImageBytes?: number
  /** The cache keeps this many data URLs' worth of bytes, evicting the least recently used. */
  maxCachedBytes?: number
  /**
   * Where fetched images are kept on disk, so the library, editors and previews show them after a
   * restart and offline. Files are named by a hash of the URL; they hold public image bytes only.
   */
  diskDir?: string
}

export const DEFAULT_MAX_IMAGE_BYTES = 3 * 1024 * 1024
const DEFAULT_MAX_CACHED_BYTES = 48 * 1024 * 1024
const FETCH_TIMEOUT_MS = 15_000

/** What an unsigned GET of an image found: its bytes, a body over the cap, or another status. */
export type ImageRead =
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Longer than the cap: `declared` when the server said the length, reading stopped either way. */
  | { kind: 'too_large'; declared?: number }
  | { kind: 'status'; status: number }

/** Reads at most `maxBytes` of the body at a URL, saying why when it has no bytes to give. */
export type ImageReader = (target: MediaFetchTarget, maxBytes: number) => Promise<ImageRead>

/**
 * An unsigned GET (media URLs are public CDN addresses, and credentials must not travel there),
 * to an address the policy allows (mediaFetchPolicy.ts), never following a redirect.
 * @throws MediaFetchRefused when the URL's address is not one main fetches from.
 */
export function createImageReader(policy: MediaAddressPolicy = DEFAULT_MEDIA_ADDRESS_POLICY): ImageReader {
  return async (target, maxBytes) => {
    if (!literalAllowed(policy, target))
      throw new MediaFetchRefused(`${target.url.hostname} is not an address Ads Studio fetches from`)
    const dispatcher = new Agent({ connect: { lookup: checkedLookup(policy, target) } })
    try {
      const response = await request(target.url, {
        method: 'GET',
        dispatcher,
        headersTimeout: FETCH_TIMEOUT_MS,
        bodyTimeout: FETCH_TIMEOUT_MS,
      })
      const declared = Number(response.headers['content-length'])
      if (response.statusCode !== 200) {
        await response.body.dump()
        return { kind: 'status', status: response.statusCode }
      }
      if (Number.isFinite(declared) && declared > maxBytes) {
        await response.body.dump()
        return { kind: 'too_large', declared }
      }
      const chunks: Buffer[] = []
      let total = 0
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        total += chunk.length
        if (total > maxBytes) {
          response.body.destroy()
          return { kind: 'too_large' }
        }
        chunks.push(chunk)
      }
      return { kind: 'bytes', bytes: Buffer.concat(chunks) }
    } catch (error) {
      // undici wraps the look-up's refusal in its own connect error.
      if (error instanceof Error && error.cause instanceof MediaFetchRefused) throw error.cause
      throw error
    } finally {
      void dispatcher.close()
    }
  }
}

/** The reader for thumbnails: bytes, or undefined when the image is too big, missing or not 200. */
export function createImageFetcher(policy: MediaAddressPolicy = DEFAULT_MEDIA_ADDRESS_POLICY): ImageFetcher {
  const read = createImageReader(policy)
  return async (target, maxBytes) => {
    const answer = await read(target, maxBytes)
    return answer.kind === 'bytes' ? answer.bytes : undefined
  }
}

/** Only images the renderer can show; anything else (HTML error pages, videos) gives no thumbnail. */
export function thumbnailOf(bytes: Uint8Array): Thumbnail | undefined {
  const format = sniffFormat(bytes.subarray(0, 32))
  if (format !== 'png' && format !== 'jpeg' && format !== 'gif' && format !== 'webp') return undefined
  const dataUrl = `data:${MIME_TYPES[format]};base64,${Buffer.from(bytes).toString('base64')}`
  try {
    return { dataUrl, ...imageDimensions(format, bytes) }
  } catch {
    return { dataUrl }
  }
}

/**
 * Thumbnails by URL, in memory, least recently used evicted first, and on disk when given a
 * directory. A failed fetch is not cached, so the next look at the tile tries again once the
 * network is back.
 */
export function createThumbnailCache(options: ThumbnailCacheOptions = {}) {
  const fetchImage = options.fetchImage ?? createImageFetcher()
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES
  const maxCachedBytes = options.maxCachedBytes ?? DEFAULT_MAX_CACHED_BYTES
  const entries = new Map<string, Thumbnail | null>()
  const inFlight = new Map<string, Promise<Thumbnail | undefined>>()
  let cachedBytes = 0

  const sizeOf = (entry: Thumbnail | null) => entry?.dataUrl.length ?? 0

  function remember(url: string, entry: Thumbnail | null): void {
    entries.set(url, entry)
    cachedBytes += sizeOf(entry)
    for (const [oldUrl, oldEntry] of entries) {
      if (cachedBytes <= maxCachedBytes || oldUrl === url) break
      entries.delete(oldUrl)
      cachedBytes -= sizeOf(oldEntry)
    }
  }

  const fileOf = (url: string) =>
    join(options.diskDir!, `${createHash('sha256').update(url).digest('hex')}.img`)

  async function fromDisk(url: string): Promise<Uint8Array | undefined> {
    if (!options.diskDir) return undefined
    return readRegularFile(fileOf(url), { maxBytes: maxImageBytes }).catch(() => undefined)
  }

  /** Best effort: a full disk costs a refetch later, never a missing thumbnail now. */
  async function toDisk(url: string, bytes: Uint8Array): Promise<void> {
    if (!options.diskDir) return
    const file = fileOf(url)
    const temp = `${file}.${process.pid}.tmp`
    try {
      await mkdir(options.diskDir, { recursive: true })
      await writeFile(temp, bytes)
      await rename(temp, file)
    } catch {
      // ignored: see above
    }
  }

  async function load(target: MediaFetchTarget): Promise<Thumbnail | undefined> {
    const url = target.url.href
    const stored = await fromDisk(url)
    const storedThumbnail = stored ? thumbnailOf(stored) : undefined
    if (storedThumbnail) {
      remember(url, storedThumbnail)
      return storedThumbnail
    }
    const bytes = await fetchImage(target, maxImageBytes)
    // Too big or not an image is a stable answer; remember it so the tile does not ask again.
    const thumbnail = bytes ? thumbnailOf(bytes) : undefined
    remember(url, thumbnail ?? null)
    if (bytes && thumbnail) await toDisk(url, bytes)
    return thumbnail
  }

  return {
    /** A thumbnail of an image main may fetch (mediaFetchTarget). */
    async get(target: MediaFetchTarget): Promise<Thumbnail | undefined> {
      const url = target.url.href
      const cached = entries.get(url)
      if (cached !== undefined) {
        entries.delete(url)
        entries.set(url, cached)
        return cached ?? undefined
      }
      let pending = inFlight.get(url)
      if (!pending) {
        pending = load(target).finally(() => inFlight.delete(url))
        inFlight.set(url, pending)
      }
      return pending
    },
    /** For tests and diagnostics. */
    stats: () => ({ entries: entries.size, cachedBytes }),
  }
}

export type ThumbnailCache = ReturnType<typeof createThumbnailCache>
