import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createThumbnailCache, thumbnailOf } from '../../../src/main/library/thumbnails'
import type { MediaFetchTarget } from '../../../src/main/library/mediaFetchPolicy'
import { toLibraryItem, toPublishedCard } from '../../../src/main/library/records'

/** A minimal valid PNG header of the given size (the IHDR is all the reader needs). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33 + 12)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0)
  bytes.writeUInt32BE(13, 8)
  bytes.write('IHDR', 12, 'ascii')
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  bytes.writeUInt8(8, 24)
  return bytes
}

const cdn = (url: string): MediaFetchTarget => ({ url: new URL(url), loopbackAllowed: false })

describe('thumbnailOf', () => {
  it('turns image bytes into a data URL with the pixel size, and refuses anything else', () => {
    const thumbnail = thumbnailOf(pngHeader(1200, 628))
    expect(thumbnail?.dataUrl.startsWith('data:image/png;base64,')).toBe(true)
    expect(thumbnail).toMatchObject({ width: 1200, height: 628 })
    expect(thumbnailOf(Buffer.from('<html>error</html>'))).toBeUndefined()
  })
})

describe('createThumbnailCache', () => {
  it('fetches each URL once, even when asked twice at the same time', async () => {
    const fetchImage = vi.fn(async () => pngHeader(10, 10))
    const cache = createThumbnailCache({ fetchImage })
    const [a, b] = await Promise.all([
      cache.get(cdn('https://cdn/a.png')),
      cache.get(cdn('https://cdn/a.png')),
    ])
    expect(a).toEqual(b)
    await cache.get(cdn('https://cdn/a.png'))
    expect(fetchImage).toHaveBeenCalledTimes(1)
  })

  it('keeps fetched images on disk, so a restarted app shows them without the network', async () => {
    const diskDir = join(await mkdtemp(join(tmpdir(), 'thumbs-')), 'thumbnails')
    try {
      const online = vi.fn(async () => pngHeader(64, 32))
      const first = await createThumbnailCache({ fetchImage: online, diskDir }).get(cdn('https://cdn/a.png'))
      expect(online).toHaveBeenCalledTimes(1)
      expect(await readdir(diskDir)).toHaveLength(1)

      const offline = vi.fn(async () => undefined)
      const again = await createThumbnailCache({ fetchImage: offline, diskDir }).get(cdn('https://cdn/a.png'))
      expect(offline).not.toHaveBeenCalled()
      expect(again).toEqual(first)
      // A URL never fetched is not on disk: it asks the network.
      expect(
        await createThumbnailCache({ fetchImage: offline, diskDir }).get(cdn('https://cdn/b.png')),
      ).toBeUndefined()
      expect(offline).toHaveBeenCalledTimes(1)
    } finally {
      await rm(join(diskDir, '..'), { recursive: true, force: true })
    }
  })

  it('evicts the least recently used entries beyond its byte budget', async () => {
    const one = thumbnailOf(pngHeader(10, 10))!.dataUrl.length
    const fetchImage = vi.fn(async () => pngHeader(10, 10))
    const cache = createThumbnailCache({ fetchImage, maxCachedBytes: one * 2 })
    await cache.get(cdn('https://cdn/a.png'))
    await cache.get(cdn('https://cdn/b.png'))
    await cache.get(cdn('https://cdn/a.png')) // a is now the most recent
    await cache.get(cdn('https://cdn/c.png')) // evicts b
    expect(cache.stats()).toEqual({ entries: 2, cachedBytes: one * 2 })
    await cache.get(cdn('https://cdn/a.png'))
    expect(fetchImage).toHaveBeenCalledTimes(3)
    await cache.get(cdn('https://cdn/b.png'))
    expect(fetchImage).toHaveBeenCalledTimes(4)
  })

  it('passes its size cap to the fetcher, and does not remember a failed fetch', async () => {
    const fetchImage = vi
      .fn<(target: MediaFetchTarget, maxBytes: number) => Promise<Uint8Array | undefined>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined)
    const cache = createThumbnailCache({ fetchImage, maxImageBytes: 1234 })
    await expect(cache.get(cdn('https://cdn/a.png'))).rejects.toThrow('offline')
    expect(await cache.get(cdn('https://cdn/a.png'))).toBeUndefined()
    expect(await cache.get(cdn('https://cdn/a.png'))).toBeUndefined()
    expect(fetchImage).toHaveBeenCalledTimes(2)
    expect(fetchImage).toHaveBeenLastCalledWith(cdn('https://cdn/a.png'), 1234)
  })
})

describe('library records', () => {
  it('converts the library’s millisecond duration and keeps the poster for videos', () => {
    const item = toLibraryItem({
      media_key: '7_1',
      media_type: 'VIDEO',
      name: 'Clip',
      media_url: 'https://cdn/clip.mp4',
      poster_media_url: 'https://cdn/poster.jpg',
      duration: 6039,
      aspect_ratio: '16:9',
    } as never)
    expect(item).toMatchObject({
      mediaKey: '7_1',
      mediaType: 'VIDEO',
      durationSeconds: 6.039,
      aspectRatio: '16:9',
      hasThumbnail: true,
    })
    expect(
      toLibraryItem({ media_key: '7_2', media_type: 'VIDEO', media_url: 'https://cdn/x.mp4' } as never)
        .hasThumbnail,
    ).toBe(false)
  })

  it("summarises a component card's parts in the builder's words, not the platform's", () => {
    expect(
      toPublishedCard('component', {
        id: '3',
        name: 'C',
        components: [{ type: 'MEDIA' }, { type: 'DETAILS' }],
      } as never).summary,
    ).toBe('Media + Website')
  })

  it('summarises poll choices and conversation CTAs', () => {
    expect(
      toPublishedCard('poll', {
        id: '1',
        name: 'P',
        first_choice: 'Red',
        second_choice: 'Blue',
        third_choice: 'Green',
      } as never).summary,
    ).toBe('Red · Blue · Green')
    expect(
      toPublishedCard('video_conversation', {
        id: '2',
        name: 'V',
        title: 'Pick',
        first_cta: '#Yes',
        second_cta: '#No',
      } as never).summary,
    ).toBe('Pick — #Yes #No')
  })

  it('names the media a published card shows as its thumbnail', () => {
    const card = (fields: Record<string, unknown>) =>
      toPublishedCard('component', { id: '3', name: 'C', ...fields } as never)
    expect(
      card({
        components: [
          { type: 'DETAILS', title: 'T' },
          { type: 'MEDIA', media_key: '3_11' },
        ],
      }).mediaKey,
    ).toBe('3_11')
    expect(card({ components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_21', '3_22'] }] }).mediaKey).toBe(
      '3_21',
    )
    expect(card({ components: [{ type: 'DETAILS', title: 'T' }] })).not.toHaveProperty('mediaKey')
    expect(
      toPublishedCard('video_conversation', { id: '4', name: 'V', media_key: '7_5' } as never).mediaKey,
    ).toBe('7_5')
  })
})
