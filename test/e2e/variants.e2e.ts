import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 43 item 3, against the real services and the practice platform: Make variants on a post
 * (two texts), the group on the Drafts page, a shared field set on both, and Publish group's one review sheet for both
 * drafts, confirmed into the outbox. Light and dark, each screen axe-checked.
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

describe('variants', () => {
  it('makes variants of a post as a group, and publishes the group through one review', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      await connectThroughServices(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page.getByTestId('post-text').fill('Spring boots are in. https://example.com/boots')
      await page.getByLabel('Post name (optional)').fill('Spring')
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')

      await page.getByTestId('make-variants').click()
      const dialog = page.getByRole('dialog', { name: 'Make variants' })
      await dialog.waitFor()
      await dialog.getByRole('checkbox', { name: 'Vary post text' }).click()
      await dialog.getByRole('textbox', { name: 'Post text 2' }).fill('Spring boots: 20% off this week.')
      const combos = dialog.getByRole('list', { name: 'Combinations to make' })
      await combos.getByText('Spring · text B').waitFor()
      await expect.poll(() => combos.getByRole('checkbox', { checked: true }).count()).toBe(2)
      await shootBothPalettes(page, 'variants-dialog')
      await dialog.getByTestId('variants-make').click()
      await dialog.getByText('Made 2 variants in the group “Spring”.').waitFor()
      await dialog.getByRole('button', { name: 'Show the group in Drafts' }).click()

      await page.waitForURL(/#\/drafts$/)
      const group = page.getByTestId('draft-group')
      await group.getByText('2 drafts').waitFor(LONG)
      await page.getByText('Spring · text A').first().waitFor()
      await shootBothPalettes(page, 'variants-group')

      // A field shared by the whole group, set on every draft at once.
      await group.getByRole('button', { name: 'Edit shared field of Spring' }).click()
      const edit = page.getByRole('dialog', { name: 'Edit “Spring”' })
      await edit.waitFor()
      await edit.getByRole('combobox').click()
      await page.getByRole('option', { name: 'Post text' }).click()
      await edit.getByText('The drafts have different values now.').waitFor()
      await edit.getByRole('textbox', { name: 'New post text' }).fill('Spring boots for everyone.')
      await shootBothPalettes(page, 'variants-shared-field')
      await edit.getByTestId('group-field-apply').click()
      await page.getByText('Post text set on 2 drafts of “Spring”.').waitFor()

      await group.getByRole('button', { name: 'Publish group Spring' }).click()
      const sheet = page.getByRole('dialog', { name: 'Review and publish' })
      await sheet.waitFor(LONG)
      const steps = await sheet.getByRole('list', { name: 'Steps that will run' }).innerText()
      expect(steps).toContain('Spring · text A:')
      expect(steps).toContain('Spring · text B:')
      await shootBothPalettes(page, 'variants-review')
      await page.keyboard.press('Enter')
      await page.getByText('2 drafts of “Spring” queued in the outbox.').waitFor(LONG)
    } finally {
      await app.close()
    }
  })
})
