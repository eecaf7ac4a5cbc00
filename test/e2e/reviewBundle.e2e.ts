import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 44 items 1-3: a post is exported as a review bundle, the bundle opens in a browser with
 * the network blocked, a reviewer approves it and downloads the verdict, the verdict is imported,
 * and with "Publishing needs approval" on the post publishes only as the version approved.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
const LONG = { timeout: 30_000 }
const TEXT = 'Winter boots are in — come and try them on. https://example.com/boots'

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-review-e2e-'))
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('review bundles', () => {
  it('exports a bundle a browser shows offline, imports its verdict, and publishes only the approved version', async () => {
    const bundlePath = join(workDir, 'review.adsreview.html')
    const verdictPath = join(workDir, 'verdicts.json')
    const brokenPath = join(workDir, 'broken.json')
    let openPath = brokenPath
    const app = await env.launch({
      colorScheme: 'light',
      config: {
        reviewDialogs: {
          chooseBundlePath: async () => bundlePath,
          chooseReviewFile: async () => openPath,
        },
      },
    })
    const { page } = app
    /** Main's refusal joins the editor's problems (as every publish gate refusal does). */
    const gateSays = async (message: RegExp) => {
      await expect.poll(() => page.getByTestId('issue-summary').innerText(), LONG).toMatch(/problem/)
      await page.getByTestId('issue-summary').click()
      expect(await page.getByTestId('problems-list').innerText()).toMatch(message)
      await page.keyboard.press('Escape')
    }
    try {
      await connectThroughServices(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      const editorUrl = page.url()
      await page.getByTestId('post-text').fill(TEXT)
      await page.getByLabel('Post name (optional)').fill('Winter boots')
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')

      // The account's setting, from the drafts page's Review menu.
      await page.goto(`${env.server.origin}/index.html#/drafts`)
      await page.getByTestId('review-menu').click()
      await page.getByTestId('review-approval-required').click()
      await page.getByText('Publishing on this account now needs an approval').waitFor()

      // Without an approval, the gate refuses.
      await page.goto(editorUrl)
      const publish = page.getByTestId('publish-button')
      await publish.click()
      await gateSays(/has no approval, and this account’s publishing needs one/)

      // Export for review.
      await page.goto(`${env.server.origin}/index.html#/drafts`)
      await page.getByTestId('review-menu').click()
      await page.getByTestId('review-export').click()
      await page.getByText(/^1 draft saved for review as review\.adsreview\.html/).waitFor()
      const html = await readFile(bundlePath, 'utf8')
      expect(html).not.toContain(sandbox.demo.accountIds[0]!)
      expect(html).not.toContain(sandbox.demo.consumerKey)

      // The reviewer's browser: no Ads Studio, and no network at all.
      const reviewer = await env.browser.newContext({
        acceptDownloads: true,
        viewport: { width: 1280, height: 900 },
      })
      const requested: string[] = []
      const bundleUrl = pathToFileURL(bundlePath).href
      // Everything is cut off but the file itself: a request to anywhere else is recorded.
      await reviewer.route('**/*', (route) => {
        if (route.request().url() === bundleUrl) return route.continue()
        requested.push(route.request().url())
        return route.abort()
      })
      const browserPage = await reviewer.newPage()
      const pageErrors: string[] = []
      browserPage.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text())
      })
      browserPage.on('pageerror', (error) => pageErrors.push(error.message))
      await browserPage.goto(bundleUrl)
      const section = browserPage.locator('section.draft')
      await expect.poll(() => section.count()).toBe(1)
      expect(await section.locator('.frame').count()).toBe(4)
      expect(await section.locator('.frame .pv-text').first().innerText()).toBe(TEXT)
      for (const scheme of ['light', 'dark'] as const) {
        await browserPage.emulateMedia({ colorScheme: scheme })
        await browserPage.screenshot({ path: screenshotPath(`review-bundle-page-${scheme}`), fullPage: true })
      }
      await browserPage.getByLabel('Your name').fill('Ana Lead')
      await section.getByLabel('Approve this version').check()
      await section.getByLabel('Comment on Post text').fill('Lovely. Ship it.')
      const [download] = await Promise.all([
        browserPage.waitForEvent('download'),
        browserPage.getByRole('button', { name: 'Download verdicts' }).click(),
      ])
      await download.saveAs(verdictPath)
      await browserPage.getByText(/1 of 1 drafts decided/).waitFor()
      expect(requested).toEqual([])
      expect(pageErrors).toEqual([])
      await reviewer.close()

      // Back in Ads Studio: a damaged verdict file is refused with its line, then the real one is kept.
      const downloaded = await readFile(verdictPath, 'utf8')
      await writeFile(brokenPath, downloaded.replace(/"decision": "approve"/, '"decision": "maybe"'))
      await page.getByTestId('review-menu').click()
      await page.getByTestId('review-import').click()
      const refused = page.getByTestId('review-report')
      const line = downloaded.split('\n').findIndex((row) => row.includes('"decision"')) + 1
      await refused.getByText(`Line ${line}`).waitFor()
      await refused.getByText(/verdicts\[1\]\.decision: /).waitFor()
      await shootBothPalettes(page, 'review-import-refused')
      await refused.getByRole('button', { name: 'Done' }).click()
      expect(await page.getByTestId('review-mark').count()).toBe(0)
      openPath = verdictPath
      await page.getByTestId('review-menu').click()
      await page.getByTestId('review-import').click()
      const report = page.getByTestId('review-report')
      await report.getByText('From Ana Lead: 1 verdict kept, 0 not kept.').waitFor()
      await shootBothPalettes(page, 'review-import-report')
      await report.getByRole('button', { name: 'Done' }).click()
      const mark = page.getByTestId('review-mark')
      await expect.poll(() => mark.innerText()).toBe('Approved by Ana Lead')
      await shootBothPalettes(page, 'review-drafts-list')

      // An edit voids the approval, visibly, and the gate refuses; undoing the edit restores it.
      await page.goto(editorUrl)
      await page.getByTestId('post-text').fill(`${TEXT} Now 20% off.`)
      await expect
        .poll(() => page.getByTestId('review-mark').innerText(), LONG)
        .toMatch(/^Approved version [0-9a-f]{8}; changed since$/)
      await page.getByTestId('review-mark').click()
      await page.getByRole('dialog', { name: 'Review' }).getByText('Lovely. Ship it.').waitFor()
      await shootBothPalettes(page, 'review-editor-changed-since')
      await page.keyboard.press('Escape')
      await publish.click()
      await gateSays(/has changed since: the approval no longer holds/)

      await page.getByTestId('post-text').fill(TEXT)
      await expect.poll(() => page.getByTestId('review-mark').innerText(), LONG).toBe('Approved by Ana Lead')
      await publish.click()
      const sheet = page.getByRole('dialog', { name: 'Review and publish' })
      await sheet.waitFor()
      expect(await sheet.getByTestId('review-approval').innerText()).toMatch(
        /^version [0-9a-f]{8} by Ana Lead$/,
      )
      await shootBothPalettes(page, 'review-sheet-approved')
      await page.keyboard.press('Enter')
      await expect
        .poll(() => page.getByRole('toolbar', { name: 'Edit history' }).textContent(), LONG)
        .toMatch(/Published/)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
