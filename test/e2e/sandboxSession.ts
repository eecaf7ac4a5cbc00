import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import type { ProfileSummary } from '../../src/shared/profiles'
import { approveInBrowser } from '../support/authorizePage'
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

/**
 * Connects a profile to the sandbox through the services themselves (no wizard): for suites
 * whose subject is another page, so the PIN flow is not walked again on every run.
 */
export async function connectThroughServices(app: E2eApp, sandbox: Sandbox): Promise<ProfileSummary> {
  const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
  const started = (await handlers['connect.begin']!({
    environment: 'local_sandbox',
    hosts: { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl },
    consumerKey: sandbox.demo.consumerKey,
    consumerSecret: sandbox.demo.consumerSecret,
    accessLevel: 'write',
    forceLogin: false,
  })) as { profileId: string; authorizeUrl: string }
  const pin = await approveInBrowser(started.authorizeUrl)
  return (await handlers['connect.complete']!({ profileId: started.profileId, pin })) as ProfileSummary
}

/** Connected through the services, on the demo user's first account; the profile's id. */
export async function connectToMainAccount(app: E2eApp, sandbox: Sandbox): Promise<string> {
  const profile = await connectThroughServices(app, sandbox)
  const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
  await handlers['accounts.select']!({ profileId: profile.id, accountId: sandbox.demo.accountIds[0] })
  return profile.id
}
