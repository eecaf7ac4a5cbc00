import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveOpenedPage } from './connectFlow'
import { startE2e, type E2eEnvironment } from './harness'
import { keyboardJourney, WAIT } from './keyboard'
import { shootBothPalettes } from './suite'

/**
 * Issue 41 item 7: a new designer, keyboard only, from the welcome screen to a published post on
 * the practice platform. Every step is a key; after each one focus is on a control, never on the
 * page body. Only the approval happens outside the app, in the system browser's page.
 */

let env: E2eEnvironment
beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

const POST_TEXT = 'Typed from the keyboard alone'

describe('keyboard only: welcome to a published post', () => {
  it('never leaves focus on the page body', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    const keys = keyboardJourney(page)
    const main = page.locator('#main')
    try {
      await page.getByTestId('first-run').waitFor(WAIT)

      // The skip link goes to the page, not to another route.
      await keys.press('Tab', 'Tab to "Skip to content"')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
      await keys.press('Enter', 'Skip to content')
      expect(await main.evaluate((element) => element === document.activeElement)).toBe(true)
      expect(page.url()).toMatch(/#\/drafts$/)
      await shootBothPalettes(page, 'keyboard-post-01-welcome')

      await keys.tabTo(page.getByRole('button', { name: 'Start practice' }), 'to Start practice')
      await keys.press('Enter', 'Start practice')
      const authorize = page.getByRole('button', { name: 'Open authorization page' })
      await keys.tabTo(authorize, 'to Open authorization page')
      await keys.press('Enter', 'Open authorization page')
      await approveOpenedPage(env, app, 0, 'sandbox_designer')

      // Practice fills in the PIN and connects: the account step takes focus.
      await keys.waitFor(() => page.getByTestId('account-choice').first().waitFor(WAIT), 'connected')
      await shootBothPalettes(page, 'keyboard-post-02-account')
      await keys.tabTo(page.getByRole('radio').first(), 'to the first ad account')
      await keys.press('ArrowDown', 'the second ad account')
      await keys.press('ArrowUp', 'back to the first ad account')
      await keys.tabTo(page.getByRole('button', { name: 'Use this account' }), 'to Use this account')
      await keys.press('Enter', 'Use this account')
      await keys.waitFor(() => page.getByTestId('wizard-done').waitFor(WAIT), 'account chosen')

      await keys.tabTo(
        page.getByRole('button', { name: 'Write your first post' }),
        'to Write your first post',
      )
      await keys.press('Enter', 'Write your first post')
      await keys.waitFor(() => page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/, WAIT), 'the new post opened')
      await keys.tabTo(page.getByTestId('post-text'), 'to the post text')
      await keys.type(POST_TEXT, 'typing the post')
      const publish = page.getByTestId('publish-button')
      await expect.poll(() => publish.isEnabled(), WAIT).toBe(true)
      await shootBothPalettes(page, 'keyboard-post-03-composer')

      // Publish opens the review with its Publish focused; Enter confirms.
      await keys.tabTo(publish, 'to Publish')
      await keys.press('Enter', 'Publish')
      const sheet = page.getByRole('dialog', { name: 'Review and publish' })
      await keys.waitFor(() => sheet.getByTestId('review-practice').waitFor(WAIT), 'the review opened')
      await shootBothPalettes(page, 'keyboard-post-04-review')
      await keys.press('Enter', 'confirm the review')
      await keys.waitFor(() => sheet.waitFor({ state: 'detached', ...WAIT }), 'the review closed')

      // The practice platform publishes while focus waits on the way to the outbox.
      await keys.waitFor(
        () => expect.poll(() => publish.textContent(), WAIT).toContain('Published'),
        'the post published',
      )
      await keys.tabTo(page.getByRole('button', { name: 'Open the outbox' }), 'to Open the outbox')
      await keys.press('Enter', 'Open the outbox')
      await keys.waitFor(() => page.waitForURL(/#\/outbox$/, WAIT), 'the outbox opened')
      await expect.poll(() => page.getByTestId('outbox-state').first().textContent(), WAIT).toBe('Published')
      await keys.expectFocus('the outbox shows the post published')
      await shootBothPalettes(page, 'keyboard-post-05-published')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
