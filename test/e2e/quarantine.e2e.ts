import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

// The Drafts page's quarantine actions, in Chromium against the real services: a damaged draft
// file is quarantined at start; the designer reads it, and deletes it after confirming.

let env: E2eEnvironment
let dataDir: string

beforeAll(async () => {
  env = await startE2e()
  dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-quarantine-e2e-'))
  const drafts = join(dataDir, 'drafts', 'drafts')
  await mkdir(drafts, { recursive: true })
  await writeFile(join(drafts, '5c4a1e2b-7d3f-4a8e-9b6c-1f2e3d4c5b6a.json'), '{"id": "5c4a1e2b", "kind": "po')
})
afterAll(async () => {
  await env?.dispose()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('quarantined draft files', () => {
  it('are listed on the Drafts page, open as read-only text, and are deleted after a confirmation', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      if (colorScheme === 'dark') {
        // A second damaged file for the dark run: the light run deleted the first.
        await writeFile(join(dataDir, 'drafts', 'drafts', '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.json'), '')
      }
      const app = await env.launch({ colorScheme, dataDir })
      try {
        const { page } = app
        const panel = page.locator('section[aria-labelledby="quarantine-title"]')
        await panel.getByText('1 draft file could not be read').waitFor()
        // The panel spans the page's content as the welcome card above it does, and its icon keeps
        // its size beside the long message (flex used to squeeze it to a dot).
        const box = async (selector: string) =>
          page
            .locator(selector)
            .first()
            .evaluate((element) => {
              const { left, right, width } = element.getBoundingClientRect()
              return { left, right, width }
            })
        const [banner, welcome, icon] = await Promise.all([
          box('.quarantine-panel .banner'),
          box('[data-testid="first-run"]'),
          box('.quarantine-panel .banner > svg'),
        ])
        expect([banner.left, banner.right]).toEqual([welcome.left, welcome.right])
        expect(icon.width).toBe(18)
        await page.screenshot({ path: screenshotPath(`drafts-quarantine-${colorScheme}`) })

        await panel.getByRole('button', { name: 'Open as text' }).click()
        const viewer = page.getByRole('dialog')
        await viewer.getByText('Read only.').waitFor()
        expect(await viewer.locator('pre').textContent()).toMatch(
          colorScheme === 'light' ? /"kind": "po/ : /file is empty/,
        )
        await page.screenshot({ path: screenshotPath(`drafts-quarantine-viewer-${colorScheme}`) })
        await page.keyboard.press('Escape')
        await viewer.waitFor({ state: 'detached' })

        await panel.getByRole('button', { name: /^Delete / }).click()
        const confirm = page.getByRole('alertdialog', { name: 'Delete this file for good?' })
        await confirm.getByRole('button', { name: 'Delete file' }).click()
        await page.getByText(/^Deleted .*\.json\./).waitFor()
        expect(await readdir(join(dataDir, 'drafts', 'quarantine'))).toEqual([])
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    }
  })
})
