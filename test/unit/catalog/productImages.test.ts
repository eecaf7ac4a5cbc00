import { crc32 } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { createProductImages, productImageTarget } from '../../../src/main/catalog/productImages'
import { MediaFetchRefused, type MediaFetchTarget } from '../../../src/main/library/mediaFetchPolicy'
import type { ImageRead } from '../../../src/main/library/thumbnails'
import {
  PRODUCT_IMAGE_MAX_BYTES,
  productImageIssues,
  productImageRefs,
} from '../../../src/shared/catalog/productImage'
import type { Product } from '../../../src/shared/catalog/product'
import type { ApiHosts } from '../../../src/shared/hosts'
import type { Environment, ProfileSummary } from '../../../src/shared/profiles'
import { LIMITS } from '../../../src/shared/rules/limits'
import { gif, jpeg, mp4, png, webp } from '../media/fixtures'

// Product images read on the device (issue 45 item 4): at least 500×500 pixels and at most 5 MB
// (A:30, A:192), checked on images generated here, each served by a stand-in for the network.

const MIN = LIMITS.product.imageMinSide.value

/** A real PNG of the size, made `total` bytes long by a text chunk before its end (still valid). */
function pngOfLength(width: number, height: number, total: number): Buffer {
  const image = png(width, height)
  const end = image.subarray(image.length - 12)
  const filler = total - image.length - 12
  const typed = Buffer.concat([Buffer.from('tEXt', 'ascii'), Buffer.alloc(filler, 0x61)])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(filler)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([image.subarray(0, image.length - 12), length, typed, crc, end])
}

type Served = Buffer | { status: number } | 'refused' | 'offline'

/** The network: bytes per address, read the way createImageReader reads (a cap, then stop). */
function network(served: Record<string, Served>) {
  return vi.fn(async (target: MediaFetchTarget, maxBytes: number): Promise<ImageRead> => {
    const answer = served[target.url.href]
    if (answer === undefined || answer === 'offline') throw new Error('ECONNREFUSED')
    if (answer === 'refused') throw new MediaFetchRefused('not public')
    if (!Buffer.isBuffer(answer)) return { kind: 'status', status: answer.status }
    if (answer.length > maxBytes) return { kind: 'too_large' }
    return { kind: 'bytes', bytes: answer }
  })
}

const HOSTS: ApiHosts = {
  apiUrl: 'http://127.0.0.1:4010',
  adsUrl: 'http://127.0.0.1:4010',
  adsSandboxUrl: 'http://127.0.0.1:4010',
}

function imagesFor(served: Record<string, Served>, environment: Environment = 'production') {
  const readImage = network(served)
  const session = {
    requireProfile: () => ({ environment, hosts: HOSTS }) as unknown as ProfileSummary,
    hostsOf: async () => HOSTS,
  }
  return { images: createProductImages({ session, readImage }), readImage }
}

const product = (image_link: string, extra: Partial<Product> = {}): Product => ({
  id: 'p',
  image_link,
  ...extra,
})
const at = (name: string) => `https://cdn.shop.example/${name}`

async function issuesOf(bytes: Served) {
  const { images } = imagesFor({ [at('x')]: bytes })
  return images.issuesOf('profile', product(at('x')))
}

describe('product image check (A:30, A:192)', () => {
  it.each([
    ['PNG 500×500', png(MIN, MIN)],
    ['JPEG 500×500', jpeg(MIN, MIN)],
    ['GIF 500×500', gif(MIN, MIN)],
    ['WebP 500×500', webp('VP8X', MIN, MIN)],
    ['PNG 1200×800', png(1200, 800)],
    ['PNG of exactly 5 MB', pngOfLength(600, 600, PRODUCT_IMAGE_MAX_BYTES)],
  ])('takes %s', async (_name, bytes) => {
    expect(await issuesOf(bytes)).toEqual([])
  })

  it.each([
    ['499×500', png(MIN - 1, MIN), '499×500 px'],
    ['500×499', png(MIN, MIN - 1), '500×499 px'],
    ['a JPEG of 400×800', jpeg(400, 800), '400×800 px'],
    ['a GIF of 1×1', gif(1, 1), '1×1 px'],
  ])('refuses an image of %s as too small, on the image field', async (_name, bytes, size) => {
    const issues = await issuesOf(bytes)
    expect(issues).toEqual([
      expect.objectContaining({ path: ['image_link'], code: 'too_small', severity: 'error', limit: MIN }),
    ])
    expect(issues[0]?.message).toBe(
      `Image is ${size}; the platform needs at least 500×500 px. Use a larger image`,
    )
  })

  it('refuses an image one byte over 5 MB, and says by how much', async () => {
    const issues = await issuesOf(pngOfLength(600, 600, PRODUCT_IMAGE_MAX_BYTES + 1))
    expect(issues).toEqual([
      expect.objectContaining({ code: 'file_too_large', severity: 'error', limit: PRODUCT_IMAGE_MAX_BYTES }),
    ])
    expect(issues[0]?.message).toMatch(/^Image is larger than 5 MB; the platform takes at most 5 MB/)
    // When the server says the length, the message gives it, rounded up.
    expect(
      productImageIssues(
        { url: at('x'), field: 'image_link', label: 'Image' },
        { kind: 'too_large', bytes: PRODUCT_IMAGE_MAX_BYTES + 10 },
      )[0]?.message,
    ).toMatch(/^Image is 5\.1 MB;/)
  })

  it('refuses what is not an image by its content, whatever its address says', async () => {
    const html = await issuesOf(Buffer.from('<html>Not found</html>'))
    expect(html).toEqual([expect.objectContaining({ code: 'media_type', severity: 'error' })])
    expect(html[0]?.message).toMatch(/JPG, GIF, WEBP or PNG/)
    const video = await issuesOf(mp4(640, 640, 1))
    expect(video[0]?.message).toMatch(/^Image is MP4, not an image/)
  })

  it('refuses a damaged image: a PNG cut short', async () => {
    const whole = png(600, 600)
    const issues = await issuesOf(whole.subarray(0, whole.length - 20))
    expect(issues).toEqual([expect.objectContaining({ severity: 'error' })])
    expect(issues[0]?.message).toMatch(/incomplete/)
  })

  it.each([
    ['an address that is not on the public internet', 'refused' as const, /not one Ads Studio reads/],
    ['no answer', 'offline' as const, /could not be reached/],
    ['a 404', { status: 404 }, /answered “404”/],
  ])('only warns "not checked" for %s', async (_name, served, reason) => {
    const issues = await issuesOf(served)
    expect(issues).toEqual([expect.objectContaining({ code: 'unchecked', severity: 'warning' })])
    expect(issues[0]?.message).toMatch(/^Image not checked: /)
    expect(issues[0]?.message).toMatch(reason)
  })
})

describe('which images main reads', () => {
  it('reads any https address for the platform, and never plain http', async () => {
    const scope = { environment: 'production' as const, hosts: HOSTS }
    expect(productImageTarget(at('a.png'), scope)).toMatchObject({ loopbackAllowed: false })
    expect(productImageTarget('http://cdn.shop.example/a.png', scope)).toBeUndefined()
    const { images, readImage } = imagesFor({})
    const issues = await images.issuesOf('profile', product('http://cdn.shop.example/a.png'))
    expect(issues[0]?.message).toMatch(/https only/)
    expect(readImage).not.toHaveBeenCalled()
  })

  it("reads a sandbox's images from its own address only", async () => {
    const own = `${HOSTS.apiUrl}/sample-images/600x600.png`
    const scope = { environment: 'local_sandbox' as const, hosts: HOSTS }
    expect(productImageTarget(own, scope)).toMatchObject({ loopbackAllowed: true })
    expect(productImageTarget(at('a.png'), scope)).toBeUndefined()
    const { images, readImage } = imagesFor({ [own]: png(600, 600) }, 'local_sandbox')
    expect(await images.issuesOf('profile', product(own))).toEqual([])
    const elsewhere = await images.issuesOf('profile', product(at('a.png')))
    expect(elsewhere).toEqual([expect.objectContaining({ severity: 'warning', code: 'unchecked' })])
    expect(readImage).toHaveBeenCalledTimes(1)
  })
})

describe('checking many products', () => {
  it('reads each address once, checks the additional images too, and names only products at fault', async () => {
    const { images, readImage } = imagesFor({
      [at('good.png')]: png(800, 800),
      [at('small.png')]: png(300, 300),
    })
    const products: Product[] = [
      { id: 'a', image_link: at('good.png') },
      { id: 'b', image_link: at('good.png') },
      { id: 'c', image_link: at('small.png') },
      { id: 'd', image_link: at('good.png'), additional_image_link: `${at('good.png')}, ${at('small.png')}` },
    ]
    const found = await images.check('profile', products)
    expect([...found.keys()]).toEqual(['c', 'd'])
    expect(found.get('d')).toEqual([
      expect.objectContaining({ path: ['additional_image_link'], code: 'too_small' }),
    ])
    expect(found.get('d')?.[0]?.message).toMatch(/^Additional image 2 is 300×300 px/)
    expect(readImage).toHaveBeenCalledTimes(2)
  })

  it('knows the errors of images already read, and reads none to say so', async () => {
    const { images, readImage } = imagesFor({ [at('small.png')]: png(300, 300) })
    const small = product(at('small.png'))
    expect(await images.knownFaulty('profile', [small])).toEqual(new Set())
    expect(readImage).not.toHaveBeenCalled()
    await images.check('profile', [small])
    expect(await images.knownFaulty('profile', [small])).toEqual(new Set(['p']))
    expect(readImage).toHaveBeenCalledTimes(1)
  })
})

describe('productImageRefs', () => {
  it('names the image, then at most 10 additional images, each on its field', () => {
    const extra = Array.from({ length: 12 }, (_, index) => at(`${index}.png`)).join(',')
    const refs = productImageRefs({ image_link: at('main.png'), additional_image_link: extra })
    expect(refs).toHaveLength(1 + LIMITS.product.additionalImages.value)
    expect(refs[0]).toEqual({ url: at('main.png'), field: 'image_link', label: 'Image' })
    expect(refs[1]).toEqual({ url: at('0.png'), field: 'additional_image_link', label: 'Additional image 1' })
    expect(productImageRefs({})).toEqual([])
  })
})
