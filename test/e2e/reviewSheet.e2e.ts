import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 41 item 1: the review sheet says where a post goes by names and handles (no ids), shows
 * the preview exactly as the editor shows it, and the edit of a published post shows each
 * changed field, what is on the platform → what will be.
 */

let env: E2eEnvironment
let sandbox: Sandbox
const LONG = { timeout: 30_000 }

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

describe('the review sheet', () => {
  it('names the account and the advertiser, previews the post as the editor does, and reviews an edit field by field', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      await connectThroughServices(app, sandbox)
      const accountId = sandbox.demo.accountIds[0]!
      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page
        .getByTestId('post-text')
        .fill('Winter boots are in — come and try them on. https://example.com/boots')
      await page.getByLabel('Post name (optional)').fill('Winter boots')
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
      const editorPreview = page.locator('.editor__preview [data-testid="post-preview"]')
      await expect.poll(() => editorPreview.innerText()).toContain('Winter boots are in')

      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      const sheet = page.getByRole('dialog', { name: 'Review and publish' })
      await sheet.waitFor()
      const account = await sheet.getByTestId('review-account').innerText()
      expect(account).toBe('Sandbox Studio Main')
      const advertiser = await sheet.getByTestId('review-advertiser').innerText()
      expect(advertiser).toBe(`Sandbox Studio Main @${sandbox.demo.screenName}`)
      const facts = await sheet.getByTestId('review-facts').innerText()
      expect(facts).not.toContain(accountId)
      expect(facts).not.toContain(sandbox.demo.userId)
      // The editor's own preview, not a description of it: the same words, the same media.
      const reviewPreview = sheet.getByTestId('review-preview').getByTestId('post-preview')
      expect(await reviewPreview.innerText()).toBe(await editorPreview.innerText())
      await shootBothPalettes(page, 'review-sheet-post')

      await page.keyboard.press('Enter')
      await expect
        .poll(() => page.getByRole('toolbar', { name: 'Edit history' }).textContent(), LONG)
        .toMatch(/Published/)
      await page.getByTestId('published-banner').waitFor(LONG)

      // The edit of the published post: its own review, field by field.
      await page.getByRole('button', { name: 'Edit name' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit the post’s name' })
      await dialog.waitFor()
      expect(await dialog.getByText('Nothing yet: change a field above.').count()).toBe(1)
      await dialog.getByLabel('Post name').fill('Winter boots, last sizes')
      const changes = dialog.getByTestId('published-edit-changes')
      expect(await changes.locator('dt').textContent()).toBe('Post name')
      expect(await changes.locator('dd').textContent()).toBe('from Winter boots to Winter boots, last sizes')
      await shootBothPalettes(page, 'review-published-edit')
      if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
    } finally {
      await app.close()
    }
  })
})
