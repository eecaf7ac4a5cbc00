import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createServices } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { createExternalOpener, isAllowedExternalUrl } from '../../../src/main/platform/externalLinks'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { aProfile } from '../../support/profiles'

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
    const opener = createExternalOpener(open, { platformHosts: () => hosts, authorizePages: () => [] })
    await expect(opener('https://evil.example/')).rejects.toMatchObject({
      code: 'forbidden',
      field: 'url',
    })
    expect(open).not.toHaveBeenCalled()
    await opener('https://api.x.com/oauth/authorize?oauth_token=t')
    expect(open).toHaveBeenCalledWith('https://api.x.com/oauth/authorize?oauth_token=t')
  })
})

// Issue 39, D21: the allow-list held the API host of every profile, so a profile's host (any
// https host a connect form named) could have any of its pages opened in the browser.
describe('a host a profile names', () => {
  const CUSTOM = 'https://ads.custom.example'
  const authorizePage = `${CUSTOM}/oauth/authorize?oauth_token=pending-token`

  it('opens only the authorization page main built for it, not any other page there', async () => {
    const open = vi.fn(async () => {})
    const opener = createExternalOpener(open, {
      platformHosts: () => [PRODUCTION_HOSTS.apiUrl, PRODUCTION_HOSTS.adsUrl],
      authorizePages: () => [authorizePage],
    })
    await opener(authorizePage)
    for (const url of [
      `${CUSTOM}/phishing`,
      `${CUSTOM}/oauth/authorize?oauth_token=other`,
      'http://127.0.0.1:4010/',
    ])
      await expect(opener(url), url).rejects.toMatchObject({ code: 'forbidden', field: 'url' })
    expect(open.mock.calls).toEqual([[authorizePage]])
  })

  it('is not on the allow-list the page can ask to open from', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ads-external-'))
    const opened: string[] = []
    const services = createServices({
      dataDir,
      hosts: PRODUCTION_HOSTS,
      settingsStore: createMemoryStore({
        profiles: [
          aProfile('6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f', {
            environment: 'custom',
            hosts: { apiUrl: CUSTOM, adsUrl: CUSTOM, adsSandboxUrl: CUSTOM },
          }),
        ],
      }),
      secretStore: createMemorySecretStore(),
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
      openExternal: async (url) => void opened.push(url),
      appInfo: { name: 'Ads Studio', version: 'test' },
    })
    try {
      const call = (url: string) => services.handlers['external.open']({ url })
      await expect(call(`${CUSTOM}/phishing`)).rejects.toMatchObject({ code: 'forbidden' })
      await call('https://api.x.com/oauth/authorize?oauth_token=t')
      expect(opened).toEqual(['https://api.x.com/oauth/authorize?oauth_token=t'])
    } finally {
      await services.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
