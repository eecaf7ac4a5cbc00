import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import type { Settings } from '../../src/shared/ipc/contract'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 41 item 2: the post length tier belongs to the posting user. The composer asks once per
 * profile and user and shows the answer; a long-form answer for a user the platform holds to
 * 4,000 passes review, the platform refuses the post, and the app believes the platform from then
 * on: the counter, the publish gate in main and the next post for that user all count 4,000.
 */

let env: E2eEnvironment
let sandbox: Sandbox
const LONG = { timeout: 30_000 }

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
  // The demo user without the premium subscription: standard posts only.
  const answer = await fetch(`${sandbox.apiUrl}/__admin/users/${sandbox.demo.userId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ premium: false }),
  })
  expect(answer.status).toBe(200)
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

describe('the posting user’s length tier', () => {
  it('is asked once, shown, checked at review, and corrected by the platform’s refusal', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
    try {
      const profile = await connectThroughServices(app, sandbox)
      const handle = `@${sandbox.demo.screenName}`
      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      const note = page.getByTestId('post-length-tier')
      await expect.poll(() => note.textContent(), LONG).toContain(`How long may ${handle}’s posts be?`)
      await shootBothPalettes(page, 'post-length-asked')

      await page.getByTestId('post-limit-25000').click()
      await expect.poll(() => note.textContent()).toContain(`${handle} posts Long-form 25,000`)
      await page.getByTestId('post-text').fill(`Winter collection. ${'a'.repeat(4_081)}`)
      await expect.poll(() => page.getByTestId('post-counter-number').textContent()).toBe('20,900')
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')

      // The review passes what the app believes; the platform has the last word.
      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      await page.getByRole('dialog', { name: 'Review and publish' }).waitFor()
      await page.keyboard.press('Enter')
      await expect
        .poll(() => note.textContent(), LONG)
        .toContain(`The platform refused a longer post for ${handle}`)
      // What the app believes now: 4,000 for this user, in main's settings and on the counter.
      const settings = (await handlers['settings.get']!({})) as Settings
      expect(settings.postLengthLimits[`${profile.id}/${sandbox.demo.userId}`]).toBe(4_000)
      await expect.poll(() => page.getByTestId('post-counter-number').textContent()).toBe('-100')
      await expect.poll(() => page.getByTestId('publish-button').isDisabled(), LONG).toBe(true)
      // The publish gate in main refuses the same text too.
      const draftId = page.url().split('/').at(-1)!
      await expect(handlers['outbox.review']!({ draftId })).rejects.toMatchObject({
        field: 'text',
        message: 'Post text is 100 characters over the 4,000-character limit',
      })
      await shootBothPalettes(page, 'post-length-refused')

      // Asked once: the next post for the same user is counted the same, without asking again.
      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await expect.poll(() => note.textContent(), LONG).toContain(`${handle} posts up to 4,000 characters`)
      expect(await note.textContent()).not.toContain('How long may')
      expect(await page.getByTestId('post-counter-number').textContent()).toBe('4,000')
    } finally {
      await app.close()
    }
  })
})
