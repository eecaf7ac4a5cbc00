import { describe, expect, it, vi } from 'vitest'
import { createExternalOpener, isAllowedExternalUrl } from '../../../src/main/platform/externalLinks'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'

const hosts = [PRODUCTION_HOSTS.apiUrl, PRODUCTION_HOSTS.adsUrl, 'http://127.0.0.1:4010']

describe('opening links in the system browser', () => {
  it.each([
    ['https://api.x.com/oauth/authorize?oauth_token=abc', true],
    ['https://ads-api.x.com/12/accounts', true],
    ['http://127.0.0.1:4010/oauth/authorize?oauth_token=abc', true],
    ['http://api.x.com/oauth/authorize', false],
    ['https://evil.example/oauth/authorize', false],
    ['https://api.x.com.evil.example/', false],
    ['https://user:pass@api.x.com/', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['http://127.0.0.1:9999/', false],
    ['not a url', false],
  ])('%s → %s', (url, allowed) => {
    expect(isAllowedExternalUrl(url, hosts)).toBe(allowed)
  })

  it('never calls the opener for a refused URL and says why', async () => {
    const open = vi.fn(async () => {})
    const opener = createExternalOpener(open, () => hosts)
    await expect(opener('https://evil.example/')).rejects.toMatchObject({
      code: 'forbidden',
      field: 'url',
    })
    expect(open).not.toHaveBeenCalled()
    await opener('https://api.x.com/oauth/authorize?oauth_token=t')
    expect(open).toHaveBeenCalledWith('https://api.x.com/oauth/authorize?oauth_token=t')
  })
})
