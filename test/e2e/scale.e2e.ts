import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDrafts, type SeededDrafts } from '../support/seedDrafts'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

const COUNT = 50_000

let env: E2eEnvironment
let dataDir: string
let seeded: SeededDrafts

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-e2e-scale-'))
  seeded = await seedDrafts({ dataDir, count: COUNT })
  env = await startE2e()
}, 120_000)
afterAll(async () => {
  await env?.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the drafts page with 50,000 drafts', () => {
  it('lists them all, scrolls to the last, searches, and opens one, its columns staying put and its rows one line', async () => {
    const app = await env.launch({ dataDir })
    try {
      const { page } = app
      const table = page.getByRole('table', { name: /Drafts/ })
      await page.locator('[data-draft-id]').first().waitFor({ timeout: 60_000 })
      // Every summary arrives (in pages), while the table keeps only the rows in view in the DOM.
      await expect
        .poll(() => table.getAttribute('aria-rowcount'), { timeout: 60_000 })
        .toBe(String(COUNT + 1))
      expect(await page.locator('[data-draft-id]').count()).toBeLessThan(80)
      const newest = page.locator(`[data-draft-id="${seeded.ids[0]}"]`)
      await expect.poll(() => newest.isVisible()).toBe(true)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('drafts-50000-top') })
      // The columns keep their widths whichever drafts are in view (an auto table resized them
      // to the rows on screen, so they jumped on every scroll and search key).
      const columnWidths = () =>
        table
          .locator('thead th')
          .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().width)))
      const widthsAtTop = await columnWidths()

      // In the narrowest window the app allows, every row keeps one line (the list places rows
      // at one height; "Video conversation" used to wrap there) and the table fits its page.
      await page.setViewportSize({ width: 960, height: 820 })
      const rowHeightSpread = () =>
        page.locator('[data-draft-id]').evaluateAll((rows) => {
          const heights = rows.map((row) => row.getBoundingClientRect().height)
          return Math.max(...heights) - Math.min(...heights)
        })
      await expect.poll(rowHeightSpread).toBeLessThan(1)
      expect(
        await page.locator('[data-draft-id] .kind-chip', { hasText: 'Video conversation' }).count(),
      ).toBeGreaterThan(0)
      expect(
        await page.evaluate(() => {
          const main = document.getElementById('main')!
          return main.scrollWidth - main.clientWidth
        }),
      ).toBe(0)
      const narrowWidthsAtTop = await columnWidths()
      await page.setViewportSize({ width: 1280, height: 820 })

      // Scroll to the end of the list: the oldest draft is drawn there.
      const last = page.locator(`[data-draft-id="${seeded.ids.at(-1)}"]`)
      await expect
        .poll(async () => {
          await page.evaluate(() => {
            const main = document.getElementById('main')!
            main.scrollTop = main.scrollHeight
          })
          return last.isVisible()
        })
        .toBe(true)
      expect(await last.getByRole('link').textContent()).toBe(seeded.names.at(-1))
      expect(await page.locator('[data-draft-id]').count()).toBeLessThan(80)
      await page.screenshot({ path: screenshotPath('drafts-50000-bottom') })
      expect(await columnWidths()).toEqual(widthsAtTop)

      // Search by one draft's full name: exactly that draft is left.
      const wanted = 31_337
      await page.evaluate(() => (document.getElementById('main')!.scrollTop = 0))
      await page.getByRole('searchbox', { name: 'Search drafts' }).fill(seeded.names[wanted]!)
      await expect.poll(() => table.getAttribute('aria-rowcount')).toBe('2')
      expect(await columnWidths()).toEqual(widthsAtTop)
      // In a narrow window the columns size to their content, and still not to the rows in view:
      // one draft left keeps the widths of a screenful of every kind.
      await page.setViewportSize({ width: 960, height: 820 })
      await expect.poll(columnWidths).toEqual(narrowWidthsAtTop)
      const row = page.locator(`[data-draft-id="${seeded.ids[wanted]}"]`)
      await row.getByRole('link').click()
      await expect.poll(() => page.url()).toContain(seeded.ids[wanted]!)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Drafts')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  }, 180_000)
})
