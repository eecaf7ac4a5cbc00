import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughWizard } from './sandboxSession'

/**
 * Issue 41 item 5: the platform's history leaves curated categories out, so after attaching one
 * History used to say "No changes in this period". It shows the platform's entries and, beside
 * them, the writes Ads Studio made (from its outbox), each labelled by where it came from.
 */

let env: E2eEnvironment
let sandbox: Sandbox
const JOB = { timeout: 60_000 }
const WAIT = { timeout: 20_000 }

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

const rowOf = (page: Page, name: string) => page.getByTestId('line-item-row').filter({ hasText: name })

describe('History', () => {
  it('lists the writes Ads Studio made beside the platform’s entries, each labelled by its source', async () => {
    const app = await env.launch({ colorScheme: 'light', config: { outbox: { backoffBaseMs: 300 } } })
    const { page } = app
    try {
      await connectThroughWizard(env, sandbox, app)
      await page.getByTestId('nav-line-items').click()
      // A platform entry: pausing is in the platform's history (and is a write of this app too).
      await rowOf(page, 'Preroll on publishers').getByRole('checkbox').click()
      await page
        .getByRole('toolbar', { name: 'Selected line items' })
        .getByRole('button', { name: 'Pause' })
        .click()
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Pause line item/ })
        .click()
      await expect.poll(() => page.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')

      // A write the platform's history does not cover: a curated category.
      await rowOf(page, 'Preroll on publishers')
        .getByRole('button', { name: 'Edit Preroll on publishers' })
        .click()
      const sheet = page.getByTestId('line-item-sheet')
      await sheet.getByRole('tab', { name: 'Curated categories' }).click()
      await sheet.getByTestId('category-lookup').fill('US')
      await sheet.getByRole('button', { name: 'Look up' }).click()
      const found = sheet.getByRole('list', { name: 'Curated categories found' }).getByTestId('category-card')
      await found
        .filter({ hasText: /^Sports / })
        .getByRole('button', { name: 'Attach Sports' })
        .click()
      await expect.poll(() => sheet.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')

      await sheet.getByRole('tab', { name: 'History' }).click()
      const entries = sheet.getByTestId('history-entry')
      await expect.poll(() => entries.count(), WAIT).toBeGreaterThanOrEqual(3)
      const fromApp = entries.and(sheet.locator('[data-source="app"]'))
      const fromPlatform = entries.and(sheet.locator('[data-source="platform"]'))
      expect(await fromApp.allTextContents()).toEqual([
        expect.stringContaining('Attach “Sports” to “Preroll on publishers”'),
        expect.stringContaining('Pause “Preroll on publishers”'),
      ])
      for (const text of await fromApp.allTextContents()) expect(text).toContain('Sent by Ads Studio')
      expect(await fromPlatform.count()).toBeGreaterThanOrEqual(1)
      for (const text of await fromPlatform.allTextContents()) expect(text).toContain('Platform history')
      expect(await sheet.getByTestId('history-empty').count()).toBe(0)
      await shootBothPalettes(page, 'history-app-writes')
      if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
    } finally {
      await app.close()
    }
  })
})
