import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveOpenedPage } from './connectFlow'
import { startE2e, type E2eEnvironment } from './harness'
import { keyboardJourney, WAIT } from './keyboard'
import { shootBothPalettes } from './suite'

/**
 * Issue 41 item 7: a new designer, keyboard only, from the welcome screen to a product feed sent
 * to the practice platform's catalog and its report. Every step is a key; after each one focus is
 * on a control, never on the page body. Outside the app: the approval in the system browser and
 * the file the native dialog answers with.
 */

let env: E2eEnvironment
let workDir: string
beforeAll(async () => {
  ;[env, workDir] = await Promise.all([startE2e(), mkdtemp(join(tmpdir(), 'ads-keyboard-catalog-'))])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), workDir && rm(workDir, { recursive: true, force: true })])
})

const HEADER = 'id,title,description,availability,condition,price,link,image_link,brand'
function feed(imageUrl: string): string {
  const row = (id: string, title: string, price: string) =>
    [
      id,
      title,
      `About ${title || id}`,
      'in stock',
      'new',
      price,
      `https://shop.example.com/p/${id}`,
      imageUrl,
      'Northwind',
    ].join(',')
  const rows = [
    row('KEY-1', 'Wool scarf', '19.00 USD'),
    row('KEY-2', 'Felt hat', '24.00 USD'),
    row('KEY-3', 'Rain boot', '49.00 USD'),
    row('KEY-NOPRICE', 'Mitten', 'cheap'),
  ]
  return `${HEADER}\n${rows.join('\n')}\n`
}

describe('keyboard only: welcome to a sent catalog import', () => {
  it('never leaves focus on the page body', async () => {
    const feedPath = join(workDir, 'winter-feed.csv')
    const app = await env.launch({
      colorScheme: 'light',
      config: {
        catalogDialogs: { chooseFeedFile: async () => feedPath, chooseCsvExportPath: async () => null },
      },
    })
    const { page } = app
    const keys = keyboardJourney(page)
    try {
      await page.getByTestId('first-run').waitFor(WAIT)
      await keys.tabTo(page.getByRole('button', { name: 'Start practice' }), 'to Start practice')
      await keys.press('Enter', 'Start practice')
      await keys.tabTo(
        page.getByRole('button', { name: 'Open authorization page' }),
        'to Open authorization page',
      )
      await keys.press('Enter', 'Open authorization page')
      const { authorizeUrl } = await approveOpenedPage(env, app, 0, 'sandbox_designer')
      // The feed's images are on the practice platform, which checks them as the platform would.
      await writeFile(feedPath, feed(`${new URL(authorizeUrl).origin}/sample-images/600x600.png`))

      await keys.waitFor(() => page.getByTestId('account-choice').first().waitFor(WAIT), 'connected')
      await keys.tabTo(page.getByRole('button', { name: 'Use this account' }), 'to Use this account')
      await keys.press('Enter', 'Use this account')
      await keys.waitFor(() => page.getByTestId('wizard-done').waitFor(WAIT), 'account chosen')
      await keys.tabTo(page.getByRole('button', { name: 'Done', exact: true }), 'to Done')
      await keys.press('Enter', 'Done')

      // To the Catalog page by the sidebar.
      await keys.tabTo(page.getByTestId('nav-catalog'), 'to Catalog in the sidebar')
      await keys.press('Enter', 'open Catalog')
      await keys.waitFor(() => page.waitForURL(/#\/catalog$/, WAIT), 'the Catalog page opened')

      // Name the catalog; Enter in the field creates it.
      await keys.tabTo(page.getByTestId('catalog-name'), 'to Catalog name')
      await keys.type('Winter', 'typing the catalog name')
      await keys.press('Enter', 'create the catalog')
      await keys.waitFor(
        () => expect.poll(() => page.getByText('Your one catalog on the platform.').count(), WAIT).toBe(1),
        'the catalog created',
      )
      await shootBothPalettes(page, 'keyboard-catalog-01-created')

      // The Import tab, by the arrow keys in the tab list.
      await keys.tabTo(page.getByTestId('tab-products'), 'to the Products tab')
      await keys.press('ArrowRight', 'to the Import tab')
      expect(await page.getByTestId('tab-import').getAttribute('aria-selected')).toBe('true')
      await keys.tabTo(page.getByTestId('import-choose'), 'to Choose a file')
      await keys.press('Enter', 'Choose a file')
      const report = page.getByTestId('import-report')
      await keys.waitFor(
        () => expect.poll(() => report.textContent(), WAIT).toContain('3 ready'),
        'the file checked',
      )
      expect(await report.textContent()).toContain('1 with problems')
      await shootBothPalettes(page, 'keyboard-catalog-02-checked', { fullPage: true })

      await keys.tabTo(page.getByTestId('import-send'), 'to Send')
      await keys.press('Enter', 'Send')
      await keys.waitFor(
        () =>
          expect
            .poll(() => page.getByTestId('import-status').textContent(), WAIT)
            .toContain('3 on the platform'),
        'the products sent',
      )
      await expect.poll(() => page.getByTestId('unsent-rows').textContent(), WAIT).toContain('KEY-NOPRICE')
      await keys.expectFocus('the report shows what was sent and what was not')
      await shootBothPalettes(page, 'keyboard-catalog-03-sent', { fullPage: true })
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
