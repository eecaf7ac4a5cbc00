import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 9, item 6: a media library entry is edited (B:91) and deleted (B:92) from the library
 * page, from the keyboard, each queued in the outbox; the sandbox has the result.
 */

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

const WAIT = { timeout: 30_000 }

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1279, 819)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

const entry = (name: string) => sandbox.state().mediaLibrary.find((item) => item.name === name)

describe('Library: editing and deleting a media library entry', () => {
  it('edits a video’s title and description from the keyboard, then deletes an image after confirming', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    const { page } = app
    try {
      const profile = await connectThroughServices(app, sandbox)
      const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
      await handlers['accounts.select']!({ profileId: profile.id, accountId: sandbox.demo.accountIds[0] })
      await page.reload()
      await page.getByTestId('nav-library').click()
      const tiles = page.getByTestId('media-tile')
      await expect.poll(() => tiles.count(), WAIT).toBeGreaterThan(0)

      // A video: every field the PUT takes for it.
      const video = sandbox
        .state()
        .mediaLibrary.find(
          (item) =>
            item._account === sandbox.demo.accountIds[0] && item.media_type === 'VIDEO' && !item.deleted,
        )
      if (!video) throw new Error('the sandbox seed needs a video in the first account’s library')
      const videoName = String(video.name)
      await tiles.filter({ hasText: videoName }).first().click()
      await page.getByTestId('media-details').getByRole('button', { name: 'Edit…' }).click()
      const dialog = page.getByRole('dialog', { name: `Edit “${videoName}”` })
      await dialog.waitFor()
      const title = dialog.getByLabel('Title')
      await title.fill('t'.repeat(71))
      await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true')
      await shoot(page, 'library-edit-media-rule')
      await title.fill('Spring launch')
      await dialog.getByLabel('Description').fill('Thirty seconds of spring')
      await title.press('Enter')
      await expect.poll(() => page.getByText(`Saved the changes to “${videoName}”.`).count(), WAIT).toBe(1)
      expect(entry(videoName)).toMatchObject({
        title: 'Spring launch',
        description: 'Thirty seconds of spring',
      })
      await expect.poll(() => page.getByTestId('media-details').textContent()).toContain('Spring launch')
      await shoot(page, 'library-edit-media-saved')

      // An image, deleted after the confirmation.
      const image = sandbox
        .state()
        .mediaLibrary.find(
          (item) =>
            item._account === sandbox.demo.accountIds[0] && item.media_type === 'IMAGE' && !item.deleted,
        )
      if (!image) throw new Error('the sandbox seed needs an image in the first account’s library')
      const imageName = String(image.name)
      await tiles.filter({ hasText: imageName }).first().click()
      await page.getByTestId('media-details').getByRole('button', { name: 'Delete…' }).click()
      const confirm = page.getByRole('alertdialog')
      await confirm.waitFor()
      await shoot(page, 'library-delete-media-confirm')
      await confirm.getByRole('button', { name: 'Delete from library' }).click()
      await expect
        .poll(() => page.getByText(`Deleted “${imageName}” from the media library.`).count(), WAIT)
        .toBe(1)
      expect(sandbox.list('media_library').find((item) => item.media_key === image.media_key)?.deleted).toBe(
        true,
      )
      await expect.poll(() => tiles.filter({ hasText: imageName }).count(), WAIT).toBe(0)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
