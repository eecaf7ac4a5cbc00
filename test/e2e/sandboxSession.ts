import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Sandbox } from '../sandbox/index'
import type { E2eApp, E2eEnvironment } from './harness'

/**
 * The Connect wizard against the local sandbox, approving in a second browser page (as
 * connect.e2e.ts drives it), until the sidebar shows the demo user.
 */
export async function connectThroughWizard(
  env: E2eEnvironment,
  sandbox: Sandbox,
  app: E2eApp,
  profileName = 'Studio sandbox',
): Promise<void> {
  const { page } = app
  await page.getByRole('link', { name: 'Connect', exact: true }).click()
  await page.getByRole('radio', { name: 'Local sandbox' }).click()
  await page.getByLabel('Platform URL').fill(sandbox.apiUrl)
  await page.getByLabel('Ads URL', { exact: true }).fill(sandbox.adsUrl)
  await page.getByLabel('Ads sandbox URL').fill(sandbox.adsSandboxUrl)
  await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
  await page.getByLabel('API key secret').fill(sandbox.demo.consumerSecret)
  await page.getByLabel('Profile name').fill(profileName)
  const before = app.openedExternally.length
  await page.getByRole('button', { name: 'Open authorization page' }).click()
  await expect.poll(() => app.openedExternally.length).toBe(before + 1)
  const browserTab = await env.browser.newPage()
  try {
    await browserTab.goto(app.openedExternally.at(-1)!)
    if (await browserTab.locator('#password').count()) {
      await browserTab.locator('#username_or_email').fill(sandbox.demo.screenName)
      await browserTab.locator('#password').fill('sandbox-password')
    }
    await browserTab.getByRole('button', { name: 'Authorize app' }).click()
    const pin = (await browserTab.locator('#oauth_pin').textContent())?.trim() ?? ''
    await page.getByLabel('PIN', { exact: true }).fill(pin)
  } finally {
    await browserTab.close()
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('profile-identity').textContent())
    .toContain(`@${sandbox.demo.screenName}`)
}

/** Chooses an ad account in the sidebar's switcher. */
export async function switchAccount(page: Page, name: string): Promise<void> {
  await page.getByTestId('account-select').click()
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await expect.poll(() => page.getByTestId('account-select').textContent()).toContain(name)
}
