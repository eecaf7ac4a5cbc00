import { expect } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import type { E2eApp, E2eEnvironment } from './harness'
import { focusedElement } from './suite'

/** Bounds each wait on a loaded machine (eight engineers on two cores); nothing asserts speed. */
const WAIT = { timeout: 30_000 }

/**
 * The Connect stepper against the local sandbox, shared by the E2E files: each step is driven
 * through the UI, and the approval happens in a second browser page, as the system browser would.
 * `onStep` lets a test look at (and screenshot) every step on the way.
 */

export type ConnectStep = 'where' | 'app' | 'authorize' | 'pin' | 'account' | 'done'

/**
 * Approves, as the person in the system browser, the authorization page main asked the OS to
 * open (the `opened + 1`th): returns its URL and the PIN the page shows.
 */
export async function approveOpenedPage(
  env: E2eEnvironment,
  app: E2eApp,
  opened: number,
  screenName: string,
): Promise<{ authorizeUrl: string; pin: string }> {
  await expect.poll(() => app.openedExternally.length, WAIT).toBe(opened + 1)
  const authorizeUrl = app.openedExternally.at(-1)!
  const browserTab = await env.browser.newPage()
  try {
    await browserTab.goto(authorizeUrl)
    if (await browserTab.locator('#password').count()) {
      await browserTab.locator('#username_or_email').fill(screenName)
      await browserTab.locator('#password').fill('sandbox-password')
    }
    await browserTab.getByRole('button', { name: 'Authorize app' }).click()
    const pin = (await browserTab.locator('#oauth_pin').textContent())?.trim() ?? ''
    expect(pin).toMatch(/^[0-9]+$/)
    return { authorizeUrl, pin }
  } finally {
    await browserTab.close()
  }
}

/** Approves the authorization page main asked the OS to open on `sandbox`; returns the PIN it shows. */
export async function approveInBrowser(env: E2eEnvironment, app: E2eApp, sandbox: Sandbox, opened: number) {
  const { authorizeUrl, pin } = await approveOpenedPage(env, app, opened, sandbox.demo.screenName)
  expect(authorizeUrl.startsWith(`${sandbox.apiUrl}/oauth/authorize?oauth_token=`)).toBe(true)
  return pin
}

export async function connectToSandbox(
  env: E2eEnvironment,
  app: E2eApp,
  sandbox: Sandbox,
  options: {
    label?: string
    onStep?: (step: ConnectStep) => Promise<void>
    /** Which of the user's ad accounts to choose, by its place in the list; the first when absent. */
    accountIndex?: number
  } = {},
): Promise<void> {
  const { page } = app
  const onStep = options.onStep ?? (async () => {})
  const stepTitle = page.getByTestId('wizard-step-title')
  await page.getByTestId('nav-connect').click()
  if (await page.getByRole('button', { name: 'Add another profile' }).count()) {
    await page.getByRole('button', { name: 'Add another profile' }).click()
  }
  await page.getByRole('radio', { name: 'Local sandbox' }).click()

  // 1. Environment: the local sandbox, at the address this test's sandbox listens on.
  await expect.poll(() => stepTitle.textContent(), WAIT).toBe('Where do you want to work?')
  expect(await page.getByRole('radio', { name: 'Local sandbox' }).getAttribute('aria-checked')).toBe('true')
  await page.getByLabel('Sandbox address').fill(sandbox.apiUrl)
  await onStep('where')
  await page.getByRole('button', { name: 'Continue' }).click()

  // 2. The app's key and secret.
  await expect.poll(() => stepTitle.textContent(), WAIT).toBe('Your app’s key and secret')
  // Continue went with its step: the new step's heading has focus, not the page (issue 41 item 7).
  await expect.poll(() => focusedElement(page), WAIT).toMatch(/^H3 Your app’s key and secret/)
  await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
  await page.getByLabel('API key secret').fill(sandbox.demo.consumerSecret)
  expect(await page.getByLabel('API key secret').getAttribute('type')).toBe('password')
  if (options.label) await page.getByLabel('Profile name').fill(options.label)
  await onStep('app')
  await page.getByRole('button', { name: 'Continue' }).click()

  // 3. Authorize in the browser.
  await expect.poll(() => stepTitle.textContent(), WAIT).toBe('Approve Ads Studio in your browser')
  await expect.poll(() => focusedElement(page), WAIT).toMatch(/^H3 Approve Ads Studio/)
  await onStep('authorize')
  const opened = app.openedExternally.length
  await page.getByRole('button', { name: 'Open authorization page' }).click()
  const pin = await approveInBrowser(env, app, sandbox, opened)

  // 4. The PIN: the field has focus as soon as the step shows.
  const pinField = page.getByLabel('PIN', { exact: true })
  await expect.poll(() => pinField.evaluate((element) => element === document.activeElement), WAIT).toBe(true)
  await pinField.fill(`${pin} `)
  await onStep('pin')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()

  // 5. The ad account, chosen for real.
  await expect.poll(() => page.getByTestId('account-choice').count(), WAIT).toBeGreaterThan(0)
  if (options.accountIndex !== undefined)
    await page.getByTestId('account-choice').nth(options.accountIndex).click()
  await onStep('account')
  await page.getByRole('button', { name: 'Use this account' }).click()
  await page.getByTestId('wizard-done').waitFor()
  await onStep('done')
}
