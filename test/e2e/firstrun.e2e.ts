import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { connectToSandbox } from './connectFlow'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

/**
 * A new designer's first ten minutes, all through the UI: an empty data directory, the first-run
 * choice, the Connect stepper against the local sandbox with its demo app, the ad account step,
 * then a first post published from the outbox. Every step is screenshotted in light and dark
 * (and so checked by the axe gate in both palettes).
 */

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

/** Bounds each wait on a loaded machine; nothing asserts speed. */
const WAIT = { timeout: 30_000 }

let shot = 0
/** One screenshot per palette: the app follows the OS theme, which Playwright emulates. */
async function snap(page: Page, name: string) {
  shot += 1
  const base = `first-run-${String(shot).padStart(2, '0')}-${name}`
  await page.mouse.move(0, 0)
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // Transitions are finished at once, so the palette change is never caught halfway.
    await page.screenshot({ path: screenshotPath(`${base}-${colorScheme}`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('first run', () => {
  it('goes from an empty data directory to a published post on the local sandbox', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      // The app opens on the two ways in, not on an empty list and a developer form.
      await page.getByTestId('first-run').waitFor()
      expect(await page.getByRole('heading', { level: 2, name: 'Welcome to Ads Studio' }).isVisible()).toBe(
        true,
      )
      await snap(page, 'welcome')

      await connectToSandbox(env, app, sandbox, {
        start: 'first-run',
        onStep: (step) => snap(page, `connect-${step}`),
      })
      expect(await page.getByTestId('wizard-done').textContent()).toContain(`@${sandbox.demo.screenName}`)
      // The stepper's secret left the renderer once it reached the keychain.
      expect(await page.content()).not.toContain(sandbox.demo.consumerSecret)

      // The first post.
      await page.getByRole('button', { name: 'Write your first post' }).click()
      await page.waitForURL(/#\/composer$/)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page.getByTestId('post-text').fill('Hello from Ads Studio — our first post, made in the sandbox.')
      await page.getByLabel('Post name (optional)').fill('First post')
      // An image from the account's media library shows as itself: main fetches its thumbnail.
      await page.getByRole('button', { name: 'From library for add media' }).click()
      await page.getByTestId('library-picker').getByTestId('media-tile').first().click()
      await expect.poll(() => page.getByTestId('library-picker').count(), WAIT).toBe(0)
      await expect
        .poll(() => page.getByTestId('post-preview').locator('img').count(), WAIT)
        .toBeGreaterThan(0)
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
      await expect.poll(() => page.getByTestId('issue-summary').textContent()).toMatch(/^Ready/)
      // The preview names the connected account, not a placeholder brand.
      expect(await page.getByTestId('post-preview').textContent()).toContain(`@${sandbox.demo.screenName}`)
      expect(await page.getByTestId('post-as').textContent()).toContain(`@${sandbox.demo.screenName}`)
      // Scrolled to the end of the form, the header (title, save state, Publish) is still in view.
      await page.locator('#main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
      const header = await page.locator('.editor__header').boundingBox()
      expect(header?.y ?? -1).toBeGreaterThanOrEqual(0)
      expect(
        await page
          .getByRole('toolbar', { name: 'Edit history' })
          .getByRole('button', { name: 'Publish' })
          .isVisible(),
      ).toBe(true)
      await snap(page, 'composer')
      // At 1024 px the preview stays beside the form.
      await page.setViewportSize({ width: 1024, height: 768 })
      const form = await page.locator('.editor__form').boundingBox()
      const preview = await page.locator('.editor__preview').boundingBox()
      expect(preview!.x).toBeGreaterThanOrEqual(form!.x + form!.width)
      await snap(page, 'composer-1024')
      await page.setViewportSize({ width: 1280, height: 820 })
      // The preview as the desktop timeline shows it, then back to the phone.
      await page.getByTestId('preview-device-desktop').click()
      expect(await page.locator('.editor__body').getAttribute('data-device')).toBe('desktop')
      await snap(page, 'composer-desktop-preview')
      await page.getByTestId('preview-device-phone').click()

      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      // The review sheet: Enter confirms.
      await page.getByRole('dialog', { name: 'Review and publish' }).waitFor()
      await page.keyboard.press('Enter')
      // The sandbox is up, so the job may be published before "Open the outbox" can be clicked:
      // wait for the editor to say it was queued, then go by the sidebar.
      await expect
        .poll(() => page.getByRole('toolbar', { name: 'Edit history' }).textContent(), { timeout: 30_000 })
        .toMatch(/In the outbox|Published/)
      await page.getByTestId('nav-outbox').click()
      await page.waitForURL(/#\/outbox$/)
      await expect
        .poll(() => page.getByTestId('outbox-state').first().textContent(), { timeout: 30_000 })
        .toBe('Published')
      await snap(page, 'published')
      const posts = sandbox.list('posts').filter((post) => post.name === 'First post')
      expect(posts).toHaveLength(1)
      expect(posts[0]!.text).toBe('Hello from Ads Studio — our first post, made in the sandbox.')

      // With a profile the Drafts page is the list again, and lists the post.
      await page.getByTestId('nav-drafts').click()
      await expect.poll(() => page.getByTestId('first-run').count()).toBe(0)
      await page.getByRole('link', { name: 'First post' }).waitFor()
      // The list shows the post's image as the row's thumbnail.
      const row = page.locator('tr', { has: page.getByRole('link', { name: 'First post' }) })
      await expect.poll(() => row.locator('img.list-thumb').count(), WAIT).toBe(1)
      await snap(page, 'drafts')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
