import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDrafts } from '../support/seedDrafts'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

// Multi-select, the bulk edit panel and find and replace in Chromium against the real services
// (issue 43). Light and dark, each screen axe-checked by the harness.

let env: E2eEnvironment
let workDir: string

beforeAll(async () => {
  env = await startE2e()
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-bulk-e2e-'))
})
afterAll(async () => {
  await env?.dispose()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('bulk edit', () => {
  it('selects drafts, sets a field on them, then previews and applies a find and replace', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const dataDir = join(workDir, colorScheme)
      await seedDrafts({ dataDir, count: 12 })
      const app = await env.launch({ colorScheme, dataDir })
      try {
        const { page } = app
        const boxes = page.locator('tbody .drafts-table__check')
        await boxes.first().waitFor()
        await boxes.nth(0).click()
        await boxes.nth(3).click({ modifiers: ['Shift'] })
        await page.getByText('4 selected').waitFor()
        expect(await page.locator('tbody tr[aria-selected="true"]').count()).toBe(4)

        const panel = page.getByTestId('bulk-panel')
        const creativeName = panel.getByLabel('Creative name')
        await creativeName.waitFor()
        expect(await panel.getByLabel('Draft name').getAttribute('placeholder')).toBe('Mixed')
        await page.screenshot({ path: screenshotPath(`bulk-panel-${colorScheme}`), animations: 'disabled' })
        await creativeName.fill('Spring collection')
        await panel.getByRole('button', { name: 'Set on 4 drafts' }).click()
        await page.getByText('Creative name set on 4 drafts.').waitFor()
        await panel.getByText('Reading the selected drafts…').waitFor({ state: 'detached' })
        expect(await creativeName.inputValue()).toBe('Spring collection')

        // A replace that makes every conversation card's title too long (23 characters): those
        // are listed and skipped, the card titles change.
        await page.keyboard.press('Escape')
        await page.getByTestId('find-replace-open').click()
        const dialog = page.getByTestId('find-replace')
        await dialog.getByTestId('find-replace-scope-all').click()
        await dialog.getByTestId('find-replace-mode-regex').click()
        await dialog.getByLabel('Find').fill('^(Pick a side|Shop the)')
        await dialog.getByLabel('Replace with').fill('Choose today, choose well:')
        await dialog.getByTestId('find-replace-preview').click()
        const preview = dialog.getByTestId('bulk-preview')
        await preview.waitFor()
        expect(await preview.locator('.bulk-preview__summary').textContent()).toMatch(
          /^\d+ drafts change, 2 are skipped of 12 drafts searched\.$/,
        )
        await page.screenshot({
          path: screenshotPath(`bulk-find-replace-preview-${colorScheme}`),
          animations: 'disabled',
        })
        await dialog.getByTestId('find-replace-apply').click()
        await page.getByText(/^\d+ drafts changed\. 2 drafts were left as they were\.$/).waitFor()
        await page.screenshot({
          path: screenshotPath(`bulk-find-replace-applied-${colorScheme}`),
          animations: 'disabled',
        })
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    }
  })
})
