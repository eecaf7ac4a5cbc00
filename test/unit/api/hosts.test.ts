import { describe, expect, it } from 'vitest'
import { resolveHosts } from '../../../src/main/api/hosts'

const profile = {
  apiUrl: 'https://api.example.com/',
  adsUrl: 'https://ads-api.example.com',
  adsSandboxUrl: 'https://ads-api-sandbox.example.com',
}

describe('resolveHosts', () => {
  it("uses the profile's hosts when no override is set, without trailing slashes", () => {
    expect(resolveHosts(profile, {})).toEqual({
      apiUrl: 'https://api.example.com',
      adsUrl: 'https://ads-api.example.com',
      adsSandboxUrl: 'https://ads-api-sandbox.example.com',
    })
  })

  it('lets each environment variable override its own host only', () => {
    expect(
      resolveHosts(profile, {
        ADS_STUDIO_ADS_URL: 'http://127.0.0.1:4100/',
        ADS_STUDIO_API_URL: '  ',
        OTHER: 'x',
      }),
    ).toEqual({ ...resolveHosts(profile, {}), adsUrl: 'http://127.0.0.1:4100' })
    expect(
      resolveHosts(profile, {
        ADS_STUDIO_API_URL: 'http://127.0.0.1:1/base',
        ADS_STUDIO_ADS_SANDBOX_URL: 'http://localhost:2',
      }),
    ).toEqual({
      apiUrl: 'http://127.0.0.1:1/base',
      adsUrl: 'https://ads-api.example.com',
      adsSandboxUrl: 'http://localhost:2',
    })
  })

  it('rejects overrides that are not plain http(s) base URLs, naming the variable', () => {
    expect(() => resolveHosts(profile, { ADS_STUDIO_API_URL: 'not a url' })).toThrow('ADS_STUDIO_API_URL')
    expect(() => resolveHosts(profile, { ADS_STUDIO_ADS_URL: 'file:///etc' })).toThrow('ADS_STUDIO_ADS_URL')
    expect(() => resolveHosts(profile, { ADS_STUDIO_ADS_URL: 'http://x/?a=1' })).toThrow('ADS_STUDIO_ADS_URL')
  })

  it('refuses plain http off this computer and credentials in a URL, for overrides and stored profiles alike', () => {
    expect(() => resolveHosts(profile, { ADS_STUDIO_API_URL: 'http://api.example.com' })).toThrow(/https/)
    expect(() => resolveHosts({ ...profile, adsUrl: 'http://10.1.2.3/ads' }, {})).toThrow(/adsUrl/)
    expect(() => resolveHosts({ ...profile, adsUrl: 'https://u:p@ads.example.com' }, {})).toThrow(/user name/)
    expect(
      resolveHosts(profile, {
        ADS_STUDIO_ADS_URL: 'http://127.0.0.2:9/ads',
        ADS_STUDIO_API_URL: 'http://[::1]:8',
      }),
    ).toMatchObject({
      adsUrl: 'http://127.0.0.2:9/ads',
      apiUrl: 'http://[::1]:8',
    })
  })
})
