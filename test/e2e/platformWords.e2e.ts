import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { connectToMainAccount } from './sandboxSession'
import { sandboxSuite, shootBothPalettes } from './suite'

/**
 * Issue 41 item 4: no platform spelling reaches the screen. Audiences say who can do what in
 * words, sharing picks the account from a list, account history picks the line item by name and
 * says where a change came from, account media show their pictures, Settings → Features names
 * what each feature unlocks. Screenshots in light and dark, each through axe.
 */

const suite = sandboxSuite()
const WAIT = { timeout: 20_000 }
const JOB = { timeout: 60_000 }
/** The platform's spellings: SCREAMING_SNAKE enums, snake_case codes, micro units, its channel names. */
const RAW = /\b[A-Z]+_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|\bmicros\b|\bvia ADS\b/
const shoot = shootBothPalettes

/** What a person reads in the main area (not code spans, which name a feature for asking the platform). */
const mainText = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement
    copy.querySelectorAll('code').forEach((code) => code.remove())
    // A handle (@sandbox_designer) is a name, not a platform word.
    return copy.innerText.replace(/@\w+/g, '@handle')
  })

describe('Platform words', () => {
  it('says audiences and their sharing in words, and picks the account to share with from a list', async () => {
    const { env, sandbox } = suite
    const app = await env.launch()
    const { page } = app
    try {
      await connectToMainAccount(app, sandbox)

      // Audiences: a shared, too-small audience in words.
      await page.goto(`${env.server.origin}/index.html#/audiences`)
      const list = page.getByTestId('audience-list')
      await expect.poll(() => list.textContent(), WAIT).toContain('shared with you, read only')
      expect(await list.textContent()).toContain('too small to target')
      expect(await mainText(page)).not.toMatch(RAW)

      // Sharing: the account is picked from the profile's own accounts, by name.
      await page.getByRole('button', { name: /Past purchasers/ }).click()
      await page.getByTestId('share-audience').click()
      await page.getByTestId('share-account').click()
      await page.getByRole('option', { name: 'Sandbox Studio Second' }).click()
      await shoot(page, 'words-share-picked')
      await page.getByTestId('share-grant').click()
      await expect
        .poll(() => page.getByTestId('permissions').textContent(), JOB)
        .toContain('Sandbox Studio Second · read only')
      expect(await mainText(page)).not.toMatch(RAW)
      await shoot(page, 'words-audience-shared')

      // Another business's account: typed, and the refusal names the feature in words.
      await page.getByTestId('share-audience').click()
      await page.getByTestId('share-account').click()
      await page.getByRole('option', { name: /An account not listed here/ }).click()
      await page.getByTestId('share-account-id').fill(sandbox.demo.otherAccountId)
      await page.getByTestId('share-grant').click()
      const dialog = page.getByTestId('share-dialog')
      await expect
        .poll(() => dialog.textContent(), WAIT)
        .toContain('“Sharing audiences with accounts of other businesses”')
      expect(await dialog.textContent()).not.toMatch(RAW)
      await shoot(page, 'words-share-outside-business')
      await page.keyboard.press('Escape')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('picks the line item of its history by name, and shows account media as pictures and features in words', async () => {
    const { env, sandbox } = suite
    const app = await env.launch()
    const { page } = app
    try {
      const profileId = await connectToMainAccount(app, sandbox)
      const mainId = sandbox.demo.accountIds[0]!
      const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
      await page.goto(`${env.server.origin}/index.html#/account`)

      // History: a change this app made, picked by the line item's name, said in words.
      const lineItem = sandbox.state().lineItems.find((item) => item.name === 'Website clicks')!
      await handlers['lineItems.setStatus']!({
        profileId,
        accountId: mainId,
        lineItemIds: [String(lineItem.id)],
        status: 'PAUSED',
      })
      await expect
        .poll(() => sandbox.state().lineItems.find((i) => i.id === lineItem.id)?.entity_status, JOB)
        .toBe('PAUSED')
      await page.getByRole('tab', { name: 'History' }).click()
      await page.getByTestId('history-panel').getByRole('combobox', { name: 'Of a' }).click()
      await page.getByRole('option', { name: 'Line item' }).click()
      await page.getByTestId('history-entity-pick').fill('Website')
      await page.getByRole('option', { name: /Website clicks/ }).click()
      await page.getByRole('button', { name: 'Show history' }).click()
      // The platform's entry (the app's own write of the same change is listed beside it).
      const entry = page.locator('[data-testid="history-entry"][data-source="platform"]').first()
      await expect.poll(() => entry.textContent(), WAIT).toContain('through an app using the Ads API')
      expect(await entry.textContent()).toContain(`by you (@${sandbox.demo.screenName})`)
      expect(await entry.textContent()).toContain('StatusPaused')
      expect(await mainText(page)).not.toMatch(RAW)
      await shoot(page, 'words-history')

      // Account media: pictures, fetched by main; no URL on screen.
      await page.getByRole('tab', { name: 'Account media' }).click()
      await expect.poll(() => page.getByTestId('account-media-row').count(), WAIT).toBe(3)
      const thumbs = page.locator('img[data-testid="account-media-thumb"]')
      await expect.poll(() => thumbs.count(), WAIT).toBe(2)
      expect(await thumbs.first().getAttribute('src')).toMatch(/^data:image\/png;base64,/)
      const table = await page.getByRole('table', { name: 'Account media' }).innerText()
      expect(table).not.toMatch(/https?:\/\//)
      expect(table).toContain('Pre-roll video')
      await shoot(page, 'words-account-media')

      // Settings → Features: what each feature unlocks, the platform's name beside it.
      await page.getByTestId('nav-settings').click()
      const features = page.getByTestId('features-section')
      await expect.poll(() => features.getByTestId('feature').count(), WAIT).toBeGreaterThan(0)
      expect(await mainText(page)).not.toMatch(RAW)
      await shoot(page, 'words-features')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
