import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

// A draft's history in Chromium against the real services: two versions compared field by
// field, an earlier one restored, and that restore taken back from the Drafts page's undo list.
// Light and dark, each screen axe-checked.

let env: E2eEnvironment

beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

async function saved(page: Page) {
  await page.locator('[data-testid="save-status"][data-save-state="saved"]').waitFor()
}

async function openHistory(page: Page) {
  await page.getByRole('button', { name: 'History', exact: true }).click()
  const dialog = page.getByTestId('draft-history')
  await dialog.locator('.dialog__description', { hasText: /versions? kept/ }).waitFor()
  return dialog
}

describe('a draft’s history', () => {
  it('compares two versions, restores one and undoes the restore from the undo list', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const app = await env.launch({ colorScheme })
      try {
        const { page } = app
        await page.goto(page.url().replace(/#.*$/, '#/composer'))
        await page.getByRole('button', { name: 'New post' }).click()
        await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
        const draftUrl = page.url()
        const text = page.getByTestId('post-text')
        await text.click()
        await page.keyboard.type('Spring sale')
        await saved(page)

        let dialog = await openHistory(page)
        await dialog.getByText('1 version kept.', { exact: false }).waitFor()
        await page.keyboard.press('Escape')

        await text.click()
        await page.keyboard.press('End')
        await page.keyboard.type(' today')
        await saved(page)
        dialog = await openHistory(page)
        await dialog.getByText('2 versions kept.', { exact: false }).waitFor()
        const table = dialog.getByRole('table')
        await expect
          .poll(() => table.getByRole('row', { name: /Text/ }).textContent())
          .toBe('TextSpring saleSpring sale today')
        await page.screenshot({
          path: screenshotPath(`draft-history-${colorScheme}`),
          animations: 'disabled',
        })

        await dialog.getByRole('button', { name: 'Restore version 1' }).click()
        await dialog.getByText(/Version 1 is the draft now/).waitFor()
        await dialog.getByText('Restored', { exact: true }).waitFor()
        await page.screenshot({
          path: screenshotPath(`draft-history-restored-${colorScheme}`),
          animations: 'disabled',
        })
        await page.keyboard.press('Escape')
        await expect.poll(() => text.textContent()).toBe('Spring sale')

        await page.goto(page.url().replace(/#.*$/, '#/drafts'))
        await page.getByTestId('undo-list').waitFor()
        // Outside a text field, Ctrl+Shift+Z opens the undo list.
        await page.keyboard.press('Control+Shift+Z')
        const undoList = page.getByRole('dialog', { name: 'Undo list' })
        await undoList
          .getByText(/Restored version 1 of/)
          .first()
          .waitFor()
        await page.screenshot({ path: screenshotPath(`undo-list-${colorScheme}`), animations: 'disabled' })
        // The accessibility check opens and closes every popover of the screen.
        if (!(await undoList.isVisible())) await page.getByTestId('undo-list').click()
        await undoList.getByTestId('undo-newest').click()
        await page.getByText(/^Undone: Restored version 1 of/).waitFor()

        await page.goto(draftUrl)
        await expect.poll(() => page.getByTestId('post-text').textContent()).toBe('Spring sale today')
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    }
  })
})
