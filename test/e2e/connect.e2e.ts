import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../sandbox/index'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

describe('Connect', () => {
  it('fills in the wizard, approves on the sandbox page, types the PIN, ends connected, then signs out', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    try {
      const { page } = app
      await page.getByTestId('nav-connect').click()
      await page.getByRole('radio', { name: 'Local sandbox' }).click()
      await page.getByLabel('Platform URL').fill(sandbox.apiUrl)
      await page.getByLabel('Ads URL', { exact: true }).fill(sandbox.adsUrl)
      await page.getByLabel('Ads sandbox URL').fill(sandbox.adsSandboxUrl)
      await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
      const secretField = page.getByLabel('API key secret')
      await secretField.fill(sandbox.demo.consumerSecret)
      expect(await secretField.getAttribute('type')).toBe('password')
      await page.getByLabel('Profile name').fill('Studio sandbox')
      await page.screenshot({ path: screenshotPath('connect-wizard-light') })
      await page.getByRole('button', { name: 'Open authorization page' }).click()

      // The system browser: a second Chromium page opens the URL main asked the OS to open.
      await expect.poll(() => app.openedExternally.length).toBe(1)
      const authorizeUrl = app.openedExternally[0]!
      expect(authorizeUrl.startsWith(`${sandbox.apiUrl}/oauth/authorize?oauth_token=`)).toBe(true)
      const browserTab = await env.browser.newPage()
      await browserTab.goto(authorizeUrl)
      expect(await browserTab.locator('#access_level').textContent()).toBe('Read and write')
      if (await browserTab.locator('#password').count()) {
        await browserTab.locator('#username_or_email').fill(sandbox.demo.screenName)
        await browserTab.locator('#password').fill('sandbox-password')
      }
      await browserTab.getByRole('button', { name: 'Authorize app' }).click()
      const pin = (await browserTab.locator('#oauth_pin').textContent())?.trim() ?? ''
      expect(pin).toMatch(/^[0-9]+$/)
      await browserTab.close()

      // The secret left the renderer once it reached the keychain.
      expect(await secretField.inputValue()).toBe('')
      const pinField = page.getByLabel('PIN', { exact: true })
      await expect.poll(() => pinField.evaluate((element) => element === document.activeElement)).toBe(true)
      await pinField.fill(`${pin} `)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain(`Connected as @${sandbox.demo.screenName} (user ${sandbox.demo.userId}) with read and write access`)
      await expect.poll(() => page.getByTestId('profile-identity').textContent()).toContain(`@${sandbox.demo.screenName}`)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('connect-connected-light') })

      // Nothing secret is in the page: not the consumer secret, not the access token.
      const html = await page.content()
      expect(html).not.toContain(sandbox.demo.consumerSecret)

      await page.getByRole('button', { name: 'Sign out' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByRole('button', { name: 'Sign out' }).click()
      await expect.poll(() => page.getByRole('status').first().textContent()).toContain('access token was revoked')
      expect(await page.getByTestId('profile-card').count()).toBe(0)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('puts a wrong secret on the secret field, in dark mode', async () => {
    const app = await env.launch({ colorScheme: 'dark' })
    try {
      const { page } = app
      await page.getByTestId('nav-connect').click()
      await page.getByRole('radio', { name: 'Local sandbox' }).click()
      await page.getByLabel('Platform URL').fill(sandbox.apiUrl)
      await page.getByLabel('Ads URL', { exact: true }).fill(sandbox.adsUrl)
      await page.getByLabel('Ads sandbox URL').fill(sandbox.adsSandboxUrl)
      await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
      await page.getByLabel('API key secret').fill('not-the-secret')
      await page.getByRole('button', { name: 'Open authorization page' }).click()
      const secretField = page.getByLabel('API key secret')
      await expect.poll(() => secretField.getAttribute('aria-invalid')).toBe('true')
      expect(await page.locator('.field__error').first().textContent()).toMatch(/key or secret is wrong/i)
      expect(app.openedExternally).toEqual([])
      await page.mouse.move(1279, 819)
      await page.locator('#main').evaluate((main) => main.scrollTo(0, 0))
      await page.screenshot({ path: screenshotPath('connect-wrong-secret-dark') })
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it.each(['light', 'dark'] as const)(
    'names the wrong URL on its field: a pasted …/ads/12, then a sandbox that is not running (%s)',
    async (colorScheme) => {
      const app = await env.launch({ colorScheme })
      try {
        const { page } = app
        await page.getByTestId('nav-connect').click()
        await page.getByRole('radio', { name: 'Local sandbox' }).click()
        await page.getByLabel('Platform URL').fill(sandbox.apiUrl)
        const adsUrl = page.getByLabel('Ads URL', { exact: true })
        await adsUrl.fill(`${sandbox.adsUrl}/12`)
        await page.getByLabel('Ads sandbox URL').fill(sandbox.adsSandboxUrl)
        await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
        await page.getByLabel('API key secret').fill(sandbox.demo.consumerSecret)
        await page.getByRole('button', { name: 'Open authorization page' }).click()
        await expect.poll(() => adsUrl.getAttribute('aria-invalid')).toBe('true')
        expect(await page.locator('.field__error').first().textContent()).toMatch(/Leave the version \(\/12\) off the end of the Ads URL/)
        expect(app.openedExternally).toEqual([])
        await page.mouse.move(1279, 819)
        await page.screenshot({ path: screenshotPath(`connect-wrong-ads-url-${colorScheme}`) })

        // Fixed, but the platform URL points at a port nothing listens on.
        await adsUrl.fill(sandbox.adsUrl)
        const platformUrl = page.getByLabel('Platform URL')
        await platformUrl.fill('http://127.0.0.1:9')
        await page.getByRole('button', { name: 'Open authorization page' }).click()
        await expect.poll(() => platformUrl.getAttribute('aria-invalid')).toBe('true')
        const message = await page.locator('.field__error').first().textContent()
        expect(message).toContain('127.0.0.1:9')
        expect(message).not.toMatch(/internet connection/)
        await page.screenshot({ path: screenshotPath(`connect-not-running-${colorScheme}`) })
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    },
  )
})
