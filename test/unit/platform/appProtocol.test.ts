import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveAppAsset } from '../../../src/main/platform/appProtocol'
import { createSenderPolicy, isOwnRendererUrl } from '../../../src/main/ipc/senderPolicy'

const ROOT = '/opt/ads-studio/out/renderer'

describe('the app:// protocol', () => {
  it('serves files inside the renderer directory with their type', () => {
    expect(resolveAppAsset(ROOT, 'app://studio/index.html')).toEqual({
      path: join(ROOT, 'index.html'),
      mimeType: 'text/html; charset=utf-8',
    })
    expect(resolveAppAsset(ROOT, 'app://studio/')?.path).toBe(join(ROOT, 'index.html'))
    expect(resolveAppAsset(ROOT, 'app://studio/assets/index-abc.js')?.mimeType).toBe(
      'text/javascript; charset=utf-8',
    )
  })

  it.each(['app://studio/../../etc/passwd', 'app://studio/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps %s inside the renderer directory (the URL parser already removed the dot segments)',
    (url) => {
      expect(resolveAppAsset(ROOT, url)?.path).toBe(join(ROOT, 'etc/passwd'))
    },
  )

  it.each([
    'app://studio/assets/..%2f..%2f..%2fsecret',
    'app://studio/a%5c..%5c..%5csecret',
    'app://studio/assets%2findex-abc.js',
    'app://studio/a\\..\\..\\secret',
    'app://studio/%00index.html',
    'app://other/index.html',
    'file:///opt/ads-studio/out/renderer/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppAsset(ROOT, url)).toBeNull()
  })
})

describe('which frames count as our renderer', () => {
  it('matches the app protocol by scheme and host, whatever the path or hash', () => {
    expect(isOwnRendererUrl('app://studio/index.html', 'app://studio/index.html#/cards')).toBe(true)
    expect(isOwnRendererUrl('app://studio/index.html', 'app://evil/index.html')).toBe(false)
    expect(isOwnRendererUrl('app://studio/index.html', 'https://studio/index.html')).toBe(false)
    expect(isOwnRendererUrl('app://studio/index.html', undefined)).toBe(false)
    const policy = createSenderPolicy('app://studio/index.html')
    expect(policy({ url: 'app://studio/index.html', isMainFrame: true })).toBe(true)
    expect(policy({ url: 'app://studio/index.html', isMainFrame: false })).toBe(false)
  })
})
