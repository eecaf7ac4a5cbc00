import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { connectThroughServices } from './sandboxSession'
import { shootBothPalettes } from './suite'

/**
 * Issue 41, item 10: the layout at the window sizes at the edges. At 1024×700 the product table
 * scrolls sideways with a visible cue and from the keyboard, and an editor's long title wraps in
 * its box; at 1920×1080 the editor's form keeps a readable width. Screenshots in light and dark.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
let feedPath: string

/** The editor form's readable width: --measure-form in tokens.css. */
const FORM_CAP = 720

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-layout-e2e-'))
  feedPath = join(workDir, 'feed.csv')
  ;[env, sandbox] = await Promise.all([
    startE2e(),
    startSandbox({ port: 0, limits: { productSetProcessingMs: 0 } }),
  ])
  const header = 'id,title,description,availability,condition,price,link,image_link,brand'
  const rows = Array.from({ length: 12 }, (_, i) =>
    [
      `SKU-${String(i + 1).padStart(3, '0')}`,
      `Waterproof trail running shoe wide fit ${i + 1}`,
      'A shoe',
      'in stock',
      'new',
      `${(40 + i).toFixed(2)} USD`,
      `https://shop.example.com/p/${i + 1}`,
      `${sandbox.apiUrl}/sample-images/600x600.png`,
      'Northwind',
    ].join(','),
  )
  await writeFile(feedPath, `${header}\n${rows.join('\n')}\n`)
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

describe('layout at the edges', () => {
  it('scrolls the product table sideways with a cue at 1024×700', async () => {
    const app = await env.launch({
      config: {
        catalogDialogs: { chooseFeedFile: async () => feedPath, chooseCsvExportPath: async () => null },
      },
    })
    try {
      const { page } = app
      await connectThroughServices(app, sandbox)
      await page.setViewportSize({ width: 1024, height: 700 })
      await page.goto(`${env.server.origin}/index.html#/catalog`)
      await page.getByTestId('catalog-name').fill('Edges')
      await page.getByTestId('catalog-save').click()
      await page.getByText('Your one catalog on the platform.').waitFor({ timeout: 15_000 })
      await page.getByTestId('tab-import').click()
      await page.getByTestId('import-choose').click()
      await expect.poll(() => page.getByTestId('import-report').textContent()).toContain('12 ready')
      await page.getByTestId('import-send').click()
      await expect
        .poll(() => page.getByTestId('import-status').textContent(), { timeout: 30_000 })
        .toContain('on the platform')
      await page.getByTestId('tab-products').click()
      await expect.poll(() => page.getByTestId('product-table').textContent()).toContain('12 products')

      // The columns need more than the window gives: a named region scrolls them sideways.
      const region = page.getByRole('region', { name: /Products/ })
      const geometry = () =>
        region.evaluate((element) => ({
          overflow: element.scrollWidth - element.clientWidth,
          tabIndex: element.tabIndex,
          more: element.parentElement?.dataset.more ?? '',
        }))
      await expect.poll(geometry).toMatchObject({ tabIndex: 0, more: 'end' })
      expect((await geometry()).overflow).toBeGreaterThan(0)
      // Nothing else scrolls sideways: the page keeps its width.
      expect(
        await page.evaluate(
          () => document.getElementById('main')!.scrollWidth - document.getElementById('main')!.clientWidth,
        ),
      ).toBe(0)
      // The cue is drawn: a fade over the right edge while columns lie beyond it.
      const cue = () =>
        region.evaluate((element) => getComputedStyle(element.parentElement!, '::after').opacity)
      await expect.poll(cue).toBe('1')
      await page.getByTestId('product-table').scrollIntoViewIfNeeded()
      await shootBothPalettes(page, 'layout-catalog-1024')

      // The keyboard scrolls it: with the region focused, the arrow keys move the columns.
      await region.focus()
      for (let press = 0; press < 30; press++) await page.keyboard.press('ArrowRight')
      await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
      await expect
        .poll(() => region.evaluate((element) => element.parentElement?.dataset.more))
        .toMatch(/start/)
      await shootBothPalettes(page, 'layout-catalog-1024-scrolled')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  }, 120_000)

  it('wraps a long editor title at 1024×700 and caps the form at 1920×1080', async () => {
    const app = await env.launch()
    try {
      const { page } = app
      const draft = await app.services.drafts.create(
        'poll_card',
        'Spring collection launch poll for returning customers in the northern regions — which colourway wins?',
      )
      await page.setViewportSize({ width: 1024, height: 700 })
      await page.goto(`${env.server.origin}/index.html#/polls/${draft.id}`)
      const title = page.locator('.editor__header h1')
      await expect.poll(() => title.textContent()).toContain('colourway wins?')
      const titleBox = () =>
        title.evaluate((element) => {
          const header = element.closest('.editor__header')!.getBoundingClientRect()
          const box = element.getBoundingClientRect()
          return {
            overflowX: element.scrollWidth - element.clientWidth,
            overflowY: element.scrollHeight - element.clientHeight,
            insideHeader: box.left >= header.left && box.right <= header.right,
            lines: Math.round(box.height / parseFloat(getComputedStyle(element).lineHeight)),
          }
        })
      // A long name wraps to two lines at most in the sticky header, never cut sideways, and
      // the whole of it is the heading's title (a tooltip, and read out with the heading).
      const narrow = await titleBox()
      expect(narrow).toMatchObject({ overflowX: 0, insideHeader: true, lines: 2 })
      expect(await title.getAttribute('title')).toBe(draft.name)
      await shootBothPalettes(page, 'layout-editor-1024')

      await page.setViewportSize({ width: 1920, height: 1080 })
      const widths = () =>
        page.evaluate(() => ({
          form: document.querySelector('.editor__form')!.getBoundingClientRect().width,
          preview: document.querySelector('.editor__preview')!.getBoundingClientRect().width,
        }))
      await expect.poll(async () => (await widths()).form).toBeLessThanOrEqual(FORM_CAP)
      expect((await widths()).preview).toBeGreaterThanOrEqual(360)
      expect(await titleBox()).toMatchObject({ overflowX: 0, overflowY: 0, insideHeader: true })
      await shootBothPalettes(page, 'layout-editor-1920')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  }, 120_000)
})
