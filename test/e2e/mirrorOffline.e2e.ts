import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { checkAccessibility } from './axe'
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

type Answer<T> = { ok: true; value: T } | { ok: false; error: { message: string } }

describe('Library offline, from the account mirror', () => {
  it('lists the published cards and media the mirror kept, says how old they are, in light and dark', async () => {
    sandbox.fill({ kind: 'cards', accountId: sandbox.demo.accountIds[0]!, count: 4 })
    const app = await env.launch({ colorScheme: 'light' })
    try {
      const { page } = app
      await connectToSandbox(env, app, sandbox, { label: 'Studio sandbox' })
      await expect
        .poll(() => page.getByTestId('account-select').textContent())
        .toContain('Sandbox Studio Main')

      // Get recent changes while online, as the app does on connect, through the page's own channel.
      const refreshed = await page.evaluate(async (accountId) => {
        const studio = (
          window as unknown as { studio: Record<string, Record<string, (r: unknown) => unknown>> }
        ).studio
        const list = (await studio.profiles!.list!({})) as Answer<{ activeProfileId: string }>
        if (!list.ok) return list
        return studio.mirror!.refresh!({ profileId: list.value.activeProfileId, accountId })
      }, sandbox.demo.accountIds[0]!)
      expect((refreshed as Answer<unknown>).ok).toBe(true)

      // The platform goes away: the Library reads the mirror and says so.
      await sandbox.close()
      await page.getByRole('link', { name: 'Library', exact: true }).click()
      await page.getByRole('tab', { name: 'Published cards' }).click()
      // The first read waits out the HTTP client's retries before it gives up on the platform.
      await expect.poll(() => page.getByTestId('mirror-age').count(), { timeout: 30_000 }).toBe(1)
      expect(await page.getByTestId('mirror-age').textContent()).toMatch(
        /As of (just now|\d+ (second|minute)s? ago)/,
      )
      await expect.poll(() => page.getByTestId('published-card').count()).toBe(5)
      expect(await page.getByTestId('published-card').first().textContent()).toMatch(/card/i)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('library-cards-offline-light'), fullPage: true })
      await page.emulateMedia({ colorScheme: 'dark' })
      await page.screenshot({ path: screenshotPath('library-cards-offline-dark'), fullPage: true })
      await page.emulateMedia({ colorScheme: 'light' })
      await checkAccessibility(page, 'library cards from the mirror')

      // Asking for recent changes while the platform is still away says why, on the same line.
      await page.getByTestId('mirror-age').getByRole('button', { name: 'Get recent changes' }).click()
      await expect.poll(() => page.getByTestId('mirror-age').textContent(), { timeout: 30_000 }).toMatch(/—/)

      // The media library reads the mirror the same way.
      await page.getByRole('tab', { name: 'Media' }).click()
      await expect.poll(() => page.getByTestId('mirror-age').count(), { timeout: 30_000 }).toBe(1)
      await expect.poll(() => page.getByTestId('media-tile').count()).toBeGreaterThan(0)
      await page.screenshot({ path: screenshotPath('library-media-offline-light'), fullPage: true })
      await checkAccessibility(page, 'library media from the mirror')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
