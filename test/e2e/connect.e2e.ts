import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { connectToSandbox } from './connectFlow'
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
  it('walks the stepper from the Connect page, ends connected with the chosen account, then signs out', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    try {
      const { page } = app
      await connectToSandbox(env, app, sandbox, { label: 'Studio sandbox' })
      await page.getByRole('button', { name: 'Done' }).click()
      await expect
        .poll(() => page.getByTestId('profile-identity').textContent())
        .toContain(`@${sandbox.demo.screenName}`)
      // Plain language: the handle, not the numeric user id.
      expect(await page.getByTestId('profile-card').textContent()).not.toContain(sandbox.demo.userId)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('connect-connected-light') })

      // Nothing secret is in the page: not the consumer secret, not the access token.
      expect(await page.content()).not.toContain(sandbox.demo.consumerSecret)

      await page.getByRole('button', { name: 'Sign out' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByRole('button', { name: 'Sign out' }).click()
      await expect
        .poll(() => page.getByRole('status').first().textContent())
        .toContain('access token was revoked')
      expect(await page.getByTestId('profile-card').count()).toBe(0)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('keeps power options behind Advanced and sends a wrong secret back to its field, in dark mode', async () => {
    const app = await env.launch({ colorScheme: 'dark' })
    try {
      const { page } = app
      await page.getByTestId('nav-connect').click()
      // Custom hosts are an advanced option of the first step.
      expect(await page.getByLabel('Platform URL').count()).toBe(0)
      await page.getByRole('button', { name: 'Advanced' }).click()
      await page.getByLabel('Use custom hosts (for example a proxy)').click()
      await page.getByLabel('Platform URL').waitFor()
      await page.getByLabel('Use custom hosts (for example a proxy)').click()
      await page.getByRole('radio', { name: 'Local sandbox' }).click()
      await page.getByLabel('Sandbox address').fill(sandbox.apiUrl)
      await page.getByRole('button', { name: 'Continue' }).click()

      // Access level, screen name and force login are advanced options of the second.
      expect(await page.getByRole('radio', { name: 'Read only' }).count()).toBe(0)
      await page.getByRole('button', { name: 'Advanced' }).click()
      await page.getByRole('radio', { name: 'Read only' }).waitFor()
      await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
      await page.getByLabel('API key secret').fill('not-the-secret')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('button', { name: 'Open authorization page' }).click()

      // The platform refuses the key: the stepper goes back to the step that has the field.
      const secretField = page.getByLabel('API key secret')
      await expect.poll(() => secretField.getAttribute('aria-invalid')).toBe('true')
      expect(await page.locator('.field__error').first().textContent()).toMatch(/key or secret is wrong/i)
      expect(await page.getByTestId('wizard-step-title').textContent()).toBe('Your app’s key and secret')
      expect(app.openedExternally).toEqual([])
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('connect-wrong-secret-dark') })

      // The shell says when the computer goes offline, and stops saying it once it is back.
      expect(await page.getByTestId('offline-indicator').textContent()).toBe('')
      await page.context().setOffline(true)
      await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toContain('Offline.')
      await page.screenshot({ path: screenshotPath('shell-offline-dark') })
      await page.context().setOffline(false)
      await expect.poll(() => page.getByTestId('offline-indicator').textContent()).toBe('')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it.each(['light', 'dark'] as const)(
    'names the wrong URL on its field: a pasted …/ads/12 in custom hosts, then a sandbox that is not running (%s)',
    async (colorScheme) => {
      const app = await env.launch({ colorScheme })
      try {
        const { page } = app
        const stepTitle = page.getByTestId('wizard-step-title')
        await page.getByTestId('nav-connect').click()
        // Custom hosts, under Advanced, with the API version pasted onto the Ads URL.
        await page.getByRole('button', { name: 'Advanced' }).click()
        await page.getByLabel('Use custom hosts (for example a proxy)').click()
        await page.getByLabel('Platform URL').fill(sandbox.apiUrl)
        const adsUrl = page.getByLabel('Ads URL', { exact: true })
        await adsUrl.fill(`${sandbox.adsUrl}/12`)
        await page.getByLabel('Ads sandbox URL').fill(sandbox.adsSandboxUrl)
        await page.getByRole('button', { name: 'Continue' }).click()
        await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
        await page.getByLabel('API key secret').fill(sandbox.demo.consumerSecret)
        await page.getByRole('button', { name: 'Continue' }).click()
        await page.getByRole('button', { name: 'Open authorization page' }).click()
        // Back on the first step, with the message on the field it concerns.
        await expect.poll(() => stepTitle.textContent()).toBe('Where do you want to work?')
        await expect.poll(() => adsUrl.getAttribute('aria-invalid')).toBe('true')
        expect(await page.locator('.field__error').first().textContent()).toMatch(
          /Leave the version \(\/12\) off the end of the Ads URL/,
        )
        expect(app.openedExternally).toEqual([])
        await page.mouse.move(1279, 819)
        await page.screenshot({ path: screenshotPath(`connect-wrong-ads-url-${colorScheme}`) })

        // The local sandbox instead, at an address nothing listens on: named on the address field.
        await page.getByLabel('Use custom hosts (for example a proxy)').click()
        await page.getByRole('radio', { name: 'Local sandbox' }).click()
        const address = page.getByLabel('Sandbox address')
        await address.fill('http://127.0.0.1:9')
        await page.getByRole('button', { name: 'Continue' }).click()
        await page.getByLabel('API key secret').fill(sandbox.demo.consumerSecret)
        await page.getByRole('button', { name: 'Continue' }).click()
        await page.getByRole('button', { name: 'Open authorization page' }).click()
        await expect.poll(() => address.getAttribute('aria-invalid')).toBe('true')
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
