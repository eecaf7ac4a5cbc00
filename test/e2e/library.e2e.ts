import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizeDemoUser, call, pngOf, upload } from '../sandbox/helpers/client'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { connectToSandbox } from './connectFlow'
import { switchAccount } from './sandboxSession'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

const tiles = (page: Page) => page.getByTestId('media-tile')

describe('Library', () => {
  it('switches account, searches and filters the library, scrolls for more, lists and deletes cards, in light mode', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    try {
      const { page } = app
      await expect.poll(() => page.getByTestId('account-switcher').textContent()).toContain('Not connected')
      await connectToSandbox(env, app, sandbox, { label: 'Studio sandbox' })
      await expect
        .poll(() => page.getByTestId('account-select').textContent())
        .toContain('Sandbox Studio Main')

      await page.getByRole('link', { name: 'Library', exact: true }).click()
      // The second account has two media; the main one ten, more than the first page fits on screen.
      await switchAccount(page, 'Sandbox Studio Second')
      await expect.poll(() => tiles(page).count()).toBe(2)
      await switchAccount(page, 'Sandbox Studio Main')
      await expect.poll(() => tiles(page).count()).toBe(10)

      // Thumbnails arrive as data: URLs fetched by main; the renderer has no network.
      await expect.poll(() => page.locator('.media-tile__image').count()).toBe(10)
      const src = await page.locator('.media-tile__image').first().getAttribute('src')
      expect(src?.startsWith('data:image/png;base64,')).toBe(true)
      await expect.poll(() => page.getByText('1200 × 628 · 1.91:1').count()).toBeGreaterThan(0)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('library-media-light'), fullPage: true })

      await page.getByTestId('library-search').fill('banner')
      await expect.poll(() => tiles(page).count()).toBe(2)
      await page.getByTestId('library-search').fill('')
      await page.getByTestId('library-type-VIDEO').click()
      await expect.poll(() => tiles(page).count()).toBe(3)
      await expect.poll(() => page.getByText('16:9 · 0:15').count()).toBe(1)
      await page.getByTestId('library-search').fill('x'.repeat(256))
      await expect.poll(() => page.getByText(/Search for at most 255 characters/).count()).toBe(1)
      await page.getByTestId('library-search').fill('')
      await page.getByTestId('library-type-ALL').click()
      await expect.poll(() => tiles(page).count()).toBe(10)

      // Selecting a medium shows its details beside the grid.
      await tiles(page).filter({ hasText: 'Product video 16x9' }).click()
      await expect.poll(() => page.getByTestId('media-details').textContent()).toContain('1920 × 1080')

      // Cards: a poll card published elsewhere shows up; deletion asks first.
      await page.getByRole('tab', { name: 'Published cards' }).click()
      await expect.poll(() => page.getByTestId('published-card').count()).toBe(1)
      await page
        .getByTestId('published-card')
        .getByRole('button', { name: /Delete/ })
        .click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete card' }).click()
      await expect.poll(() => page.getByTestId('cards-empty').count()).toBe(1)
      expect(sandbox.list('cards').every((card) => card.deleted === true)).toBe(true)

      await page.getByRole('tab', { name: 'Posts' }).click()
      await page.getByTestId('rename-post-id').fill('12')
      await page.getByTestId('rename-post-name').fill('x'.repeat(81))
      await page.getByRole('button', { name: 'Rename' }).click()
      await expect.poll(() => page.getByText(/A post name has at most 80 characters/).count()).toBe(1)
      // A name that fits, for a post the account does not have: main refuses it on the id, unqueued.
      await page.getByTestId('rename-post-name').fill('Spring launch')
      await page.getByRole('button', { name: 'Rename' }).click()
      await expect.poll(() => page.getByText('This account has no post 12 — check the id').count()).toBe(1)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('loads further pages as the end of the grid scrolls into view, and creates a sandbox account, in dark mode', async () => {
    // 25 more images in the second account: two pages of 20 beyond its own two media.
    const secondAccount = sandbox.demo.accountIds[1]!
    const user = await authorizeDemoUser(sandbox)
    for (let index = 0; index < 25; index += 1) {
      const { mediaKey } = await upload(sandbox, user, pngOf(1200, 628), 'image/png', 'post_image')
      const added = await call(user, {
        method: 'POST',
        url: `${sandbox.adsUrl}/12/accounts/${secondAccount}/media_library`,
        form: { media_key: mediaKey, name: `Scroll test ${String(index + 1).padStart(2, '0')}` },
      })
      expect(added.status).toBe(200)
    }
    const app = await env.launch({ colorScheme: 'dark' })
    try {
      const { page } = app
      await connectToSandbox(env, app, sandbox, { label: 'Studio sandbox' })
      await page.getByRole('link', { name: 'Library', exact: true }).click()
      await switchAccount(page, 'Sandbox Studio Second')
      await expect.poll(() => tiles(page).count()).toBe(20)
      await page.waitForTimeout(300)
      expect(await tiles(page).count()).toBe(20)
      await page.screenshot({ path: screenshotPath('library-media-dark') })

      // Scrolling to the end loads the next page; "Load more" is there for the keyboard.
      await page.getByTestId('library-load-more').scrollIntoViewIfNeeded()
      await expect.poll(() => tiles(page).count()).toBe(27)
      await expect.poll(() => page.getByTestId('library-load-more').count()).toBe(0)

      await page.getByRole('button', { name: 'Create sandbox account' }).click()
      await expect
        .poll(() => page.getByTestId('account-switcher').textContent())
        .toMatch(/Created and switched to Sandbox account/)
      await expect.poll(() => page.getByTestId('library-empty').count()).toBe(1)
      await page.mouse.move(1279, 819)
      await page.screenshot({ path: screenshotPath('library-empty-sandbox-account-dark'), fullPage: true })
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
