import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { createCatalog, putProducts } from '../../src/main/api/catalog'
import { resolveHosts } from '../../src/main/api/hosts'
import { createHttpClient } from '../../src/main/api/http'
import { exchangePin, requestToken } from '../../src/main/auth/pinFlow'
import { approveInBrowser } from '../support/authorizePage'
import { checkAccessibility } from './axe'
import { connectToSandbox } from './connectFlow'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

let env: E2eEnvironment
let sandbox: Sandbox

/** Someone put a product in the demo user's catalog on the platform, before the app read it. */
async function productOnThePlatform(): Promise<void> {
  const hosts = resolveHosts(
    { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    {},
  )
  const { consumerKey, consumerSecret } = sandbox.demo
  const http = createHttpClient({ timeoutMs: 10_000 })
  const pending = await requestToken({ hosts, http, consumerKey, consumerSecret, accessType: 'write' })
  const pin = await approveInBrowser(pending.authorizeUrl)
  const access = await exchangePin({ hosts, http, consumerKey, consumerSecret, ...pending, pin })
  const ctx = {
    http,
    hosts,
    credentials: {
      consumerKey,
      consumerSecret,
      token: access.accessToken,
      tokenSecret: access.accessTokenSecret,
    },
  }
  const catalog = await createCatalog(ctx, 'Spring shop')
  await putProducts(ctx, catalog.id, [
    {
      id: 'lamp-1',
      title: 'Mirrored desk lamp',
      description: 'A lamp',
      availability: 'in stock',
      condition: 'new',
      price: '30.00 USD',
      link: 'https://example.com/lamp',
      image_link: 'https://example.com/lamp.png',
      brand: 'Acme',
    },
  ])
}

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

type Answer<T> = { ok: true; value: T } | { ok: false; error: { message: string } }

describe('Line items, audiences and the catalog offline, from the account mirror', () => {
  it('lists what the mirror kept, says how old it is, and says which actions wait', async () => {
    sandbox.fill({ kind: 'line_items', accountId: sandbox.demo.accountIds[0]!, count: 3 })
    await productOnThePlatform()
    const app = await env.launch({ colorScheme: 'light' })
    try {
      const { page } = app
      await connectToSandbox(env, app, sandbox, { label: 'Studio sandbox' })
      await expect
        .poll(() => page.getByTestId('account-select').textContent())
        .toContain('Sandbox Studio Main')

      // Get recent changes while online, through the page's own channel.
      const refreshed = await page.evaluate(async (accountId) => {
        const studio = (
          window as unknown as { studio: Record<string, Record<string, (r: unknown) => unknown>> }
        ).studio
        const list = (await studio.profiles!.list!({})) as Answer<{ activeProfileId: string }>
        if (!list.ok) return list
        return studio.mirror!.refresh!({ profileId: list.value.activeProfileId, accountId })
      }, sandbox.demo.accountIds[0]!)
      expect((refreshed as Answer<unknown>).ok).toBe(true)

      await sandbox.close()

      // Line items: the mirror's copy, its age, and Delete disabled with the reason beside it.
      await page.getByRole('link', { name: 'Line items', exact: true }).click()
      await expect.poll(() => page.getByTestId('mirror-age').count(), { timeout: 30_000 }).toBe(1)
      expect(await page.getByTestId('mirror-age').textContent()).toMatch(
        /As of (just now|\d+ (second|minute)s? ago)/,
      )
      await expect.poll(() => page.getByText('Filled line item 3').count()).toBe(1)
      await page.getByRole('checkbox', { name: 'Select Filled line item 2' }).click()
      await expect.poll(() => page.getByTestId('selection-count').textContent()).toBe('1 selected')
      const remove = page.getByRole('button', { name: 'Delete', exact: true })
      expect(await remove.isDisabled()).toBe(true)
      expect(await remove.getAttribute('aria-describedby')).toBe('line-items-offline-note')
      await expect.poll(() => page.getByTestId('mirror-unavailable').textContent()).toMatch(/Deleting waits/)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('line-items-offline-light'), fullPage: true })
      await page.emulateMedia({ colorScheme: 'dark' })
      await page.screenshot({ path: screenshotPath('line-items-offline-dark'), fullPage: true })
      await page.emulateMedia({ colorScheme: 'light' })
      await checkAccessibility(page, 'line items from the mirror')

      // Audiences: the lists' metadata from the mirror; deleting a list and sharing wait.
      await page.getByRole('link', { name: 'Audiences', exact: true }).click()
      // The list waits out the HTTP client's retries before it reads the mirror.
      await expect
        .poll(() => page.getByTestId('audience-list').locator('li').count(), { timeout: 30_000 })
        .toBeGreaterThan(0)
      expect(await page.getByTestId('mirror-age').count()).toBe(1)
      expect(await page.getByTestId('share-audience').isDisabled()).toBe(true)
      await expect.poll(() => page.getByTestId('audience-details-offline').count()).toBe(1)
      await page.screenshot({ path: screenshotPath('audiences-offline-light'), fullPage: true })
      await page.emulateMedia({ colorScheme: 'dark' })
      await page.screenshot({ path: screenshotPath('audiences-offline-dark'), fullPage: true })
      await page.emulateMedia({ colorScheme: 'light' })
      await checkAccessibility(page, 'audiences from the mirror')

      // Catalog: reading the platform falls back on the mirror's products.
      await page.getByRole('link', { name: 'Catalog', exact: true }).click()
      await page.getByTestId('catalog-refresh').click()
      await expect
        .poll(() => page.getByText('Mirrored desk lamp').count(), { timeout: 30_000 })
        .toBeGreaterThan(0)
      expect(await page.getByTestId('mirror-age').count()).toBe(1)
      expect(await page.getByTestId('catalog-delete').isDisabled()).toBe(true)
      await page.screenshot({ path: screenshotPath('catalog-offline-light'), fullPage: true })
      await checkAccessibility(page, 'catalog from the mirror')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
