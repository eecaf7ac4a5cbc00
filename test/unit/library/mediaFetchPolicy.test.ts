import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_MEDIA_ADDRESS_POLICY,
  isPublicAddress,
  mediaFetchTarget,
  MediaFetchRefused,
  type MediaAddressPolicy,
} from '../../../src/main/library/mediaFetchPolicy'
import { createImageFetcher } from '../../../src/main/library/thumbnails'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'

// Issue 39, D16: main fetched a thumbnail's media_url from any host an ads API answer named,
// loopback and private addresses included, and handed the image to the renderer. Now: https
// from the platform's media hosts only (a custom profile: its own API hosts), public addresses
// only, checked on the addresses the connection uses after DNS resolution.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
let server: Server
let origin: string
const served: string[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    served.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const production = { environment: 'production' as const, hosts: PRODUCTION_HOSTS }
const localSandbox = () => ({
  environment: 'local_sandbox' as const,
  hosts: { apiUrl: origin, adsUrl: origin, adsSandboxUrl: origin },
})
const custom = (apiUrl: string) => ({
  environment: 'custom' as const,
  hosts: { apiUrl, adsUrl: apiUrl, adsSandboxUrl: apiUrl },
})

describe('which media URLs main fetches, for a profile', () => {
  it('takes https from the platform’s media hosts for a production profile, and nothing else', () => {
    expect(mediaFetchTarget('https://pbs.twimg.com/media/a.jpg', production)?.url.href).toBe(
      'https://pbs.twimg.com/media/a.jpg',
    )
    for (const url of [
      'http://pbs.twimg.com/media/a.jpg',
      'https://evil.example/a.jpg',
      'https://127.0.0.1/a.png',
      'https://10.0.0.5/a.png',
      'https://169.254.169.254/latest/meta-data',
      'https://user:pass@pbs.twimg.com/a.jpg',
      'file:///etc/passwd',
      'not a url',
    ])
      expect(mediaFetchTarget(url, production), url).toBeUndefined()
  })

  it('takes a practice profile’s own sandbox on this computer, over http, and nothing else', () => {
    const practice = { ...localSandbox(), environment: 'practice' as const }
    expect(mediaFetchTarget(`${origin}/media/1.png`, practice)?.loopbackAllowed).toBe(true)
    expect(mediaFetchTarget('http://127.0.0.1:1/media/1.png', practice)).toBeUndefined()
    expect(mediaFetchTarget('https://pbs.twimg.com/media/a.jpg', practice)).toBeUndefined()
  })

  it('takes a custom profile’s own API host, over https only', () => {
    const own = custom('https://ads.example.com')
    expect(mediaFetchTarget('https://ads.example.com/media/1.png', own)).toBeDefined()
    expect(mediaFetchTarget('https://pbs.twimg.com/media/a.jpg', own)).toBeUndefined()
    expect(mediaFetchTarget('http://ads.example.com/media/1.png', own)).toBeUndefined()
  })

  it('judges addresses as public or not, IPv4 written as IPv6 included', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])
      expect(isPublicAddress(address), address).toBe(true)
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPublicAddress(address), address).toBe(false)
  })
})

describe('fetching a thumbnail', () => {
  it('refuses loopback for a custom profile on this computer, by default', async () => {
    const target = mediaFetchTarget(`${origin}/loopback.png`, custom(origin))
    // Plain http to a loopback host is not even a candidate for a custom profile.
    expect(target).toBeUndefined()
    const https = mediaFetchTarget(`https://127.0.0.1:1/loopback.png`, custom('https://127.0.0.1:1'))!
    await expect(createImageFetcher()(https, 1024)).rejects.toBeInstanceOf(MediaFetchRefused)
  })

  it('refuses a name that resolves to a private or loopback address, before connecting', async () => {
    for (const address of ['192.168.1.20', '10.0.0.5', '127.0.0.1', '169.254.169.254']) {
      const resolve = vi.fn(async () => [{ address, family: 4 }])
      const policy: MediaAddressPolicy = { ...DEFAULT_MEDIA_ADDRESS_POLICY, resolve }
      const target = mediaFetchTarget('https://pbs.twimg.com/media/a.jpg', production)!
      await expect(createImageFetcher(policy)(target, 1024), address).rejects.toBeInstanceOf(
        MediaFetchRefused,
      )
      expect(resolve).toHaveBeenCalledWith('pbs.twimg.com')
    }
    // One private address among public ones is enough to refuse: a rebinding name answers both.
    const mixed: MediaAddressPolicy = {
      ...DEFAULT_MEDIA_ADDRESS_POLICY,
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    }
    const target = mediaFetchTarget('https://pbs.twimg.com/media/b.jpg', production)!
    await expect(createImageFetcher(mixed)(target, 1024)).rejects.toBeInstanceOf(MediaFetchRefused)
  })

  it('fetches a local sandbox profile’s own images, within the size cap', async () => {
    const sandboxed = mediaFetchTarget(`${origin}/own.png`, localSandbox())!
    expect(await createImageFetcher()(sandboxed, 1024)).toEqual(PNG)
    // The size cap holds: a larger body gives no thumbnail.
    expect(await createImageFetcher()(sandboxed, PNG.length - 1)).toBeUndefined()
    expect(served).toEqual(['/own.png', '/own.png'])
  })
})
