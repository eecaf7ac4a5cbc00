import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PRACTICE_STATE_FILE } from '../../src/main/practice/practiceService'
import { approveOpenedPage } from './connectFlow'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'
import { focusedElement } from './suite'

/**
 * A new designer's first ten minutes, all through the UI: an empty data directory, the welcome
 * screen's "Practice first", the practice platform that main runs inside the app (this test
 * starts no sandbox of its own), the ad account step, then a first post published from the
 * outbox to that platform. Every step is screenshotted in light and dark (and so checked by the
 * axe gate in both palettes).
 */

let env: E2eEnvironment

beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

/** Bounds each wait on a loaded machine; nothing asserts speed. */
const WAIT = { timeout: 30_000 }
/** The practice platform's demo user (its seed), the one its authorization page signs in. */
const DEMO_USER = 'sandbox_designer'
const POST_TEXT = 'Hello from Ads Studio — our first post, made in practice.'

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

async function refusesConnections(url: string): Promise<boolean> {
  return fetch(url).then(
    () => false,
    () => true,
  )
}

describe('first run', () => {
  it('goes from an empty data directory to a post published in practice, with no sandbox to start', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    const stepTitle = page.getByTestId('wizard-step-title')
    let practiceOrigin: string | undefined
    try {
      // The app opens on the two ways in, not on an empty list and a developer form.
      await page.getByTestId('first-run').waitFor()
      expect(await page.getByRole('heading', { level: 2, name: 'Welcome to Ads Studio' }).isVisible()).toBe(
        true,
      )
      await snap(page, 'welcome')

      // Practice first: no address, no key, no terminal.
      await page.getByRole('button', { name: 'Start practice' }).click()
      await expect
        .poll(() => stepTitle.textContent(), WAIT)
        .toBe('Approve Ads Studio on the practice platform')
      expect(await page.getByLabel('Sandbox address').count()).toBe(0)
      expect(await page.getByLabel('API key', { exact: true }).count()).toBe(0)
      await snap(page, 'practice-authorize')

      // Main starts the practice platform and opens its authorization page in the system browser.
      await page.getByRole('button', { name: 'Open authorization page' }).click()
      await page.getByRole('heading', { name: 'Approve in your browser' }).waitFor(WAIT)
      await snap(page, 'practice-waiting')
      const { authorizeUrl, pin } = await approveOpenedPage(env, app, 0, DEMO_USER)
      practiceOrigin = new URL(authorizeUrl).origin
      expect(practiceOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

      // The PIN is filled in from the practice platform and the profile connects by itself.
      await expect.poll(() => page.getByTestId('account-choice').count(), WAIT).toBeGreaterThan(0)
      expect(await page.getByTestId('connect-wizard').textContent()).toContain(`Connected as @${DEMO_USER}`)
      await snap(page, 'practice-account')
      await page.getByRole('button', { name: 'Use this account' }).click()
      await page.getByTestId('wizard-done').waitFor()
      expect(await page.getByTestId('wizard-done').textContent()).toContain(`@${DEMO_USER}`)
      // Practice is marked where the account is shown, and the page holds no secret of the demo app.
      expect(await page.getByTestId('account-switcher').getByTestId('practice-badge').isVisible()).toBe(true)
      expect(await page.content()).not.toContain('sbxDemoConsumerSecret')
      expect(pin).toMatch(/^[0-9]+$/)
      await snap(page, 'practice-done')

      // The first post.
      // "Write your first post" opens a new post, with focus in it (issue 41 item 9).
      await page.getByRole('button', { name: 'Write your first post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await expect.poll(() => focusedElement(page), WAIT).not.toBe('BODY')
      await page.getByTestId('post-text').fill(POST_TEXT)
      await page.getByLabel('Post name (optional)').fill('First post')
      // An image from the account's media library shows as itself: main fetches its thumbnail.
      await page.getByRole('button', { name: 'From library for add media' }).click()
      await page.getByTestId('library-picker').getByTestId('media-tile').first().click()
      await expect.poll(() => page.getByTestId('library-picker').count(), WAIT).toBe(0)
      // Closing the picker leaves focus on a control, never the page body (issue 41 item 7).
      await expect.poll(() => focusedElement(page), WAIT).toMatch(/^BUTTON /)
      await expect
        .poll(() => page.getByTestId('post-preview').locator('img').count(), WAIT)
        .toBeGreaterThan(0)
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
      await expect.poll(() => page.getByTestId('issue-summary').textContent()).toMatch(/^Ready/)
      // The preview names the connected account, not a placeholder brand.
      expect(await page.getByTestId('post-preview').textContent()).toContain(`@${DEMO_USER}`)
      expect(await page.getByTestId('post-as').textContent()).toContain(`@${DEMO_USER}`)
      // Scrolled to the end of the form, the header (title, save state, Publish) is still in view.
      await page.locator('#main').evaluate((main) => main.scrollTo(0, main.scrollHeight))
      const header = await page.locator('.editor__header').boundingBox()
      expect(header?.y ?? -1).toBeGreaterThanOrEqual(0)
      const publish = page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
      expect(await publish.isVisible()).toBe(true)
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

      // The review sheet says where it goes: practice. Enter confirms.
      await publish.click()
      const sheet = page.getByRole('dialog', { name: 'Review and publish' })
      await sheet.getByTestId('review-practice').waitFor(WAIT)
      expect(await sheet.getByTestId('practice-badge').isVisible()).toBe(true)
      await snap(page, 'practice-review')
      await page.keyboard.press('Enter')
      // The platform is on this computer, so the job may be published before "Open the outbox"
      // can be clicked: wait for the editor to say it was queued, then go by the sidebar.
      await expect
        .poll(() => page.getByRole('toolbar', { name: 'Edit history' }).textContent(), WAIT)
        .toMatch(/In the outbox|Published/)
      await page.getByTestId('nav-outbox').click()
      await page.waitForURL(/#\/outbox$/)
      await expect.poll(() => page.getByTestId('outbox-state').first().textContent(), WAIT).toBe('Published')
      expect(await page.getByTestId('outbox-job').first().getByTestId('practice-badge').isVisible()).toBe(
        true,
      )
      await snap(page, 'published')

      // The profile card says practice too.
      await page.getByTestId('nav-connect').click()
      await page.getByTestId('profile-card').waitFor()
      expect(await page.getByTestId('profile-card').getByTestId('practice-badge').isVisible()).toBe(true)
      await snap(page, 'practice-profile')

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

    // Quitting stopped the practice platform; what it was sent is in its state in the data folder.
    expect(practiceOrigin).toBeDefined()
    expect(await refusesConnections(`${practiceOrigin}/`)).toBe(true)
    const state = JSON.parse(await readFile(join(app.dataDir, PRACTICE_STATE_FILE), 'utf8')) as {
      posts: { name?: string; text?: string }[]
    }
    expect(state.posts.filter((post) => post.name === 'First post').map((post) => post.text)).toEqual([
      POST_TEXT,
    ])
  })
})
