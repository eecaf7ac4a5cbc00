import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Sandbox } from '../sandbox/index'
import { connectToSandbox } from './connectFlow'
import type { E2eApp, E2eEnvironment } from './harness'

/**
 * Connects through the Connect stepper against the local sandbox (see connectFlow.ts), until
 * the sidebar shows the demo user.
 */
export async function connectThroughWizard(
  env: E2eEnvironment,
  sandbox: Sandbox,
  app: E2eApp,
  profileName = 'Studio sandbox',
): Promise<void> {
  await connectToSandbox(env, app, sandbox, { label: profileName })
  await expect
    .poll(() => app.page.getByTestId('profile-identity').textContent())
    .toContain(`@${sandbox.demo.screenName}`)
}

/** Chooses an ad account in the sidebar's switcher. */
export async function switchAccount(page: Page, name: string): Promise<void> {
  await page.getByTestId('account-select').click()
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await expect.poll(() => page.getByTestId('account-select').textContent()).toContain(name)
}
