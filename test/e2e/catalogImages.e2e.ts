import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectToMainAccount } from './sandboxSession'
import { sandboxSuite, shootBothPalettes as shoot } from './suite'

/**
 * Issue 41 item 3 (product images are shown) and issue 45 item 4 (product images checked on the
 * device, A:30 and A:192): the import's report shows each row's image, fetched by main, and the
 * rows whose image is under 500×500 or over 5 MB as problems before anything is sent; they stay
 * out of the send and listed with the rows the rules refused; the products table shows the
 * images of the rows on screen; the editor reads a new image address when it is left.
 * Screenshots in light and dark.
 */

const suite = sandboxSuite({ limits: { productSetProcessingMs: 0 } })
let workDir: string
let feedPath: string
const WAIT = { timeout: 30_000 }

const HEADER = 'id,title,description,availability,condition,price,link,image_link,brand'
const row = (id: string, title: string, price: string, image: string) =>
  [
    id,
    title,
    `About ${title}`,
    'in stock',
    'new',
    price,
    `https://shop.example.com/p/${id}`,
    image,
    'Northwind',
  ].join(',')

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-catalog-images-e2e-'))
  feedPath = join(workDir, 'winter-feed.csv')
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

describe('Catalog: product images', () => {
  it('shows thumbnails and checks each image before sending', async () => {
    const { env, sandbox } = suite
    const image = (name: string) => `${sandbox.apiUrl}/sample-images/${name}`
    const good = Array.from({ length: 5 }, (_, i) =>
      row(`WIN-${i + 1}`, `Winter glove ${i + 1}`, '24.00 USD', image('600x600.png')),
    )
    const bad = [
      row('WIN-SMALL', 'Thin scarf', '18.00 USD', image('499x500.png')),
      row('WIN-HEAVY', 'Heavy coat', '140.00 USD', image(`800x800.png?pad=${5 * 1024 * 1024 + 10}`)),
      row('WIN-NOPRICE', 'Wool hat', 'cheap', image('600x600.png')),
    ]
    await writeFile(feedPath, `${HEADER}\n${[...good.slice(0, 2), ...bad, ...good.slice(2)].join('\n')}\n`)
    const app = await env.launch({
      config: {
        catalogDialogs: { chooseFeedFile: async () => feedPath, chooseCsvExportPath: async () => null },
      },
    })
    try {
      const { page } = app
      await connectToMainAccount(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/catalog`)
      await page.getByTestId('catalog-name').fill('Winter')
      await page.getByTestId('catalog-save').click()
      await expect.poll(() => page.getByText('Your one catalog on the platform.').count(), WAIT).toBe(1)

      // The report: the rules' problem first, then the two images main read and found at fault.
      await page.getByTestId('tab-import').click()
      await page.getByTestId('import-choose').click()
      const report = page.getByTestId('import-report')
      await expect.poll(() => report.textContent(), WAIT).toContain('5 ready')
      await expect.poll(() => page.getByTestId('import-images-checking').count(), WAIT).toBe(0)
      expect(await report.textContent()).toContain('3 with problems')
      const small = page.getByTestId('row-report-3')
      expect(await small.textContent()).toContain(
        'Image is 499×500 px; the platform needs at least 500×500 px',
      )
      expect(await page.getByTestId('row-report-4').textContent()).toMatch(
        /Image is (5\.1 MB|larger than 5 MB); the platform takes at most 5 MB/,
      )
      // Each row shows its image as main fetched it; the one over the thumbnail cap says so in words.
      await expect
        .poll(() => small.getByTestId('product-thumb').getAttribute('data-state'), WAIT)
        .toBe('ready')
      await expect
        .poll(
          () => page.getByTestId('row-report-5').getByTestId('product-thumb').getAttribute('data-state'),
          WAIT,
        )
        .toBe('ready')
      await expect
        .poll(() => page.getByTestId('row-report-4').getByTestId('product-thumb').textContent(), WAIT)
        .toBe('Image could not be loaded')
      expect(await small.locator('img').getAttribute('alt')).toBe('')
      await report.scrollIntoViewIfNeeded()
      await shoot(page, 'catalog-images-report', { fullPage: true })

      // Send: the five go out; the image problems stay here with the rules' one.
      await page.getByTestId('import-send').click()
      await expect
        .poll(() => page.getByTestId('import-status').textContent(), WAIT)
        .toContain('5 on the platform')
      const unsent = page.getByTestId('unsent-rows')
      await expect.poll(() => unsent.textContent(), WAIT).toContain('3 rows of winter-feed.csv not sent')
      expect(await unsent.textContent()).toContain('Image is 499×500 px')
      expect(
        sandbox
          .list('products')
          .map((product) => product.id)
          .sort(),
      ).toEqual(['WIN-1', 'WIN-2', 'WIN-3', 'WIN-4', 'WIN-5'])
      await shoot(page, 'catalog-images-unsent', { fullPage: true })

      // The products table: the rows on screen show their images.
      await page.getByTestId('tab-products').click()
      const firstRow = page.getByTestId('product-row-WIN-1')
      await expect
        .poll(() => firstRow.getByTestId('product-thumb').getAttribute('data-state'), WAIT)
        .toBe('ready')
      await page.getByTestId('product-table').scrollIntoViewIfNeeded()
      await shoot(page, 'catalog-images-table')

      // The editor: the image with what main read of it; a new address is read when it is left.
      await firstRow.getByRole('button', { name: 'WIN-1' }).click()
      const editor = page.getByTestId('product-editor')
      const preview = editor.getByTestId('product-image-preview')
      await expect.poll(() => preview.textContent(), WAIT).toContain('600 × 600 px')
      const field = editor.getByTestId('product-image_link')
      await field.fill(image('499x500.png'))
      await field.blur()
      const note = await field.getAttribute('aria-describedby')
      await expect
        .poll(async () => (note ? page.locator(`[id="${note}"]`).textContent() : null), WAIT)
        .toContain('Image is 499×500 px')
      await expect.poll(() => editor.getByText('1 problem to fix').count(), WAIT).toBe(1)
      await preview.scrollIntoViewIfNeeded()
      await shoot(page, 'catalog-images-editor')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
