import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidateToken } from '../../src/main/auth/pinFlow'
import { createKeytarSecretStore } from '../../src/main/vault/keytarStore'
import { createProfileVault } from '../../src/main/vault/profileVault'
import { emptyPostContent } from '../../src/shared/creatives/post'
import type { ProfileSummary } from '../../src/shared/profiles'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { DEFAULT_LIMITS } from '../../sandbox/rateLimits'
import { screenshotPath, startE2e, type E2eApp, type E2eEnvironment } from './harness'
import { approveInBrowser } from './connectFlow'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 9, item 7: the failure messages a new user meets, each on the screen it belongs to and
 * screenshotted in light and dark (axe runs on each screenshot): a rate limit in the library,
 * the published cards and the outbox ("resumes at 14:32" with Retry now), a revoked token on the
 * composer's Post as, and an Ads URL that is not the ads API, named by the signed read Connect
 * makes per host. The not-running sandbox and the pasted …/ads/12 are in connect.e2e.ts.
 */

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

const WAIT = { timeout: 30_000 }
type Handlers = Record<string, (request: unknown) => Promise<unknown>>

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1279, 819)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** A profile connected through the services, on the first account, with the page showing it. */
async function connected(app: E2eApp): Promise<ProfileSummary> {
  const profile = await connectThroughServices(app, sandbox)
  const handlers = app.services.handlers as Handlers
  await handlers['accounts.select']!({ profileId: profile.id, accountId: sandbox.demo.accountIds[0] })
  await app.page.reload()
  await expect.poll(() => app.page.getByTestId('account-select').textContent(), WAIT).toContain('Sandbox')
  return profile
}

/**
 * Every further request is over the platform's rate limit until the window resets (15 minutes
 * after its first request), the way the platform answers: 429 with x-rate-limit-reset.
 */
const exhaustRateLimit = () => sandbox.setLimits({ requestsPerWindow: 0 })
const restoreRateLimit = () => sandbox.setLimits({ requestsPerWindow: DEFAULT_LIMITS.requestsPerWindow })

describe('failure messages', () => {
  it('a rate-limited library and published cards list say when they resume, and Retry now reads again', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      await connected(app)
      exhaustRateLimit()
      await page.getByTestId('nav-library').click()
      const banner = page.getByRole('alert').filter({ hasText: 'rate limit' })
      await expect.poll(() => banner.textContent(), WAIT).toMatch(/resumes at \d{1,2}:\d{2}/)
      await banner.getByRole('button', { name: 'Retry now' }).waitFor()
      await shoot(page, 'library-rate-limited')

      await page.getByRole('tab', { name: 'Published cards' }).click()
      const cardsBanner = page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'rate limit' })
      await expect.poll(() => cardsBanner.textContent(), WAIT).toMatch(/resumes at \d{1,2}:\d{2}/)
      await shoot(page, 'library-cards-rate-limited')

      // The limit lifts: Retry now reads again without waiting for the reset.
      restoreRateLimit()
      await cardsBanner.getByRole('button', { name: 'Retry now' }).click()
      await expect.poll(() => page.getByTestId('published-card').count(), WAIT).toBeGreaterThan(0)
      await page.getByRole('tab', { name: 'Media' }).click()
      const mediaBanner = page.getByRole('tabpanel').getByRole('alert').filter({ hasText: 'rate limit' })
      if ((await mediaBanner.count()) > 0)
        await mediaBanner.getByRole('button', { name: 'Retry now' }).click()
      await expect.poll(() => page.getByTestId('media-tile').count(), WAIT).toBeGreaterThan(0)
      expect(app.consoleErrors).toEqual([])
    } finally {
      restoreRateLimit()
      await app.close()
    }
  })

  it('a rate-limited outbox job says when it resumes; Retry now sends it once the limit lifts', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      const profile = await connected(app)
      const handlers = app.services.handlers as Handlers
      const draft = (await handlers['drafts.create']!({ kind: 'post', name: 'Spring hello' })) as {
        id: string
      }
      await handlers['drafts.update']!({
        id: draft.id,
        content: { ...emptyPostContent(profile.userId), text: 'Spring is here.' },
      })
      exhaustRateLimit()
      const postsBefore = sandbox.created().posts
      await handlers['outbox.enqueue']!({ draftId: draft.id })
      await page.getByTestId('nav-outbox').click()
      const job = page.getByTestId('outbox-job').filter({ hasText: 'Spring hello' })
      await expect.poll(() => job.getAttribute('data-state'), WAIT).toBe('rate_limited')
      expect(await job.getByTestId('outbox-state').textContent()).toMatch(
        /Rate limited — resumes at \d{1,2}:\d{2}/,
      )
      await job.getByRole('button', { name: 'Retry now' }).waitFor()
      await shoot(page, 'outbox-rate-limited')

      restoreRateLimit()
      await job.getByRole('button', { name: 'Retry now' }).click()
      await expect.poll(() => job.getAttribute('data-state'), WAIT).toBe('published')
      expect(sandbox.created().posts - postsBefore).toBe(1)
      expect(app.consoleErrors).toEqual([])
    } finally {
      restoreRateLimit()
      await app.close()
    }
  })

  it('a revoked token says "Your access was revoked — authorize again" on the composer’s Post as', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      const profile = await connected(app)
      // The platform revokes the token (as a sign-out elsewhere would); the app learns on its next call.
      const vault = createProfileVault(createKeytarSecretStore(`Ads Studio E2E ${process.pid}`))
      const credentials = await vault.userCredentials(profile.id, profile.consumerKey)
      if (!credentials?.token || !credentials.tokenSecret) throw new Error('the profile has no access token')
      await invalidateToken({
        hosts: profile.hosts,
        consumerKey: credentials.consumerKey,
        consumerSecret: credentials.consumerSecret,
        accessToken: credentials.token,
        accessTokenSecret: credentials.tokenSecret,
      })
      const handlers = app.services.handlers as Handlers
      await handlers['accounts.features']!({
        profileId: profile.id,
        accountId: sandbox.demo.accountIds[0],
      }).catch(() => undefined)
      await page.reload()
      await page.getByTestId('nav-composer').click()
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      const revoked = page.getByTestId('post-as-revoked')
      await expect
        .poll(() => revoked.textContent(), WAIT)
        .toContain('Your access was revoked — authorize again')
      expect(await page.getByText('Choose the advertiser').count()).toBe(0)
      await shoot(page, 'composer-post-as-revoked')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('Connect names an Ads URL that does not answer like the ads API, after one signed read per host', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      await page.getByTestId('nav-connect').click()
      await page.getByRole('button', { name: 'Advanced' }).click()
      await page.getByLabel('Use custom hosts (for example a proxy)').click()
      await page.getByLabel('Platform URL').fill(sandbox.apiUrl)
      const adsUrl = page.getByLabel('Ads URL', { exact: true })
      // The platform's host with a path that is not the ads API: the shape is fine, the answer is not.
      const wrong = `${sandbox.apiUrl}/not-ads`
      await adsUrl.fill(wrong)
      await page.getByLabel('Ads sandbox URL').fill(sandbox.adsSandboxUrl)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel('API key', { exact: true }).fill(sandbox.demo.consumerKey)
      await page.getByLabel('API key secret').fill(sandbox.demo.consumerSecret)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByRole('button', { name: 'Open authorization page' }).click()
      // The hosts are checked with the signed reads the new token allows, so after the PIN.
      const pin = await approveInBrowser(env, app, sandbox, 0)
      await page.getByLabel('PIN', { exact: true }).fill(pin)
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await expect.poll(() => adsUrl.getAttribute('aria-invalid'), WAIT).toBe('true')
      const message = await page.locator('.field__error').first().textContent()
      expect(message).toContain(wrong)
      expect(message).toMatch(/does not answer like the ads API/)
      await shoot(page, 'connect-wrong-ads-host')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
