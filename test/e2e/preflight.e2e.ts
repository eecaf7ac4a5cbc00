import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../src/main/api/http'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { localMedium, pngOf } from '../support/mediaFixtures'
import { connectToSandbox } from './connectFlow'
import { screenshotPath, startE2e, type E2eApp, type E2eEnvironment } from './harness'

/**
 * Issue 9's acceptance, all through the UI: a poll card with an image is queued while the platform
 * is down, for the ad account that lacks PROMOTED_MEDIA_POLLS. When the platform is back, the
 * preflight stops the job in "needs attention" before anything is uploaded (the sandbox's created
 * objects are counted); the designer removes the image, resumes, and the card is published once.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
let imagePath: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-preflight-e2e-'))
  imagePath = join(workDir, 'beta-poll.png')
  ;[env, sandbox] = await Promise.all([
    startE2e(),
    startSandbox({ port: 0, dataFile: join(workDir, 'sandbox.json') }),
    writeFile(imagePath, pngOf(1200, 628, 'e2e beta poll')),
  ])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

const quick = {
  http: createHttpClient({ timeoutMs: 5_000, retry: { maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 100 } }),
  outbox: { backoffBaseMs: 300, backoffMaxMs: 1_500, processingPollMaxMs: 100 },
}
const LONG = { timeout: 30_000 }

/** Light, then dark, of the same state: the theme follows the system, which the page emulates. */
async function screenshots(page: Page, name: string) {
  await page.mouse.move(0, 0)
  const height = await page.evaluate(() => document.querySelector('.app-main')?.scrollHeight ?? 820)
  await page.setViewportSize({ width: 1280, height: Math.max(820, Math.ceil(height)) })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Everything the sandbox made through the API, uploads included. */
const createdTotal = () => Object.values(sandbox.created()).reduce((sum, count) => sum + count, 0)

async function chooseLocalFile(app: E2eApp, pickerLabel: string, path: string) {
  app.dialogAnswers.push(path)
  await app.page.getByRole('button', { name: `Choose file for ${pickerLabel}` }).click()
  await expect.poll(() => app.dialogAnswers.length).toBe(0)
}

describe('Preflight', () => {
  it('stops an offline-queued poll with media on an account without poll media before any upload; fixed and resumed, it publishes once', async () => {
    // Online, on the first account (it has PROMOTED_MEDIA_POLLS): a poll card with an image.
    const first = await env.launch({ colorScheme: 'light', config: quick })
    let pollHash: string
    try {
      await connectToSandbox(env, first, sandbox, { label: 'Preflight sandbox' })
      const { page } = first
      await page.getByTestId('nav-polls').click()
      await page.getByRole('button', { name: 'New poll' }).click()
      await page.waitForURL(/#\/polls\/[0-9a-f-]{36}$/)
      pollHash = new URL(page.url()).hash
      await page.getByLabel('Card name').fill('Beta poll')
      await page.getByTestId('poll-choice-1').fill('Yes')
      await page.getByTestId('poll-choice-2').fill('No')
      await page.getByLabel('Days').fill('1')
      await chooseLocalFile(first, 'poll media', imagePath)
      await page.getByText('beta-poll.png', { exact: true }).waitFor()
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
      // The designer switches to the second account, which lacks PROMOTED_MEDIA_POLLS.
      const other = sandbox.demo.accountIds[1]!
      await page.getByTestId('account-select').click()
      const otherName = String(sandbox.list('accounts').find((account) => account.id === other)?.name)
      await page.getByRole('option', { name: otherName }).click()
      await expect.poll(() => page.getByTestId('account-select').textContent()).toContain(otherName)
      expect(first.consoleErrors).toEqual([])
    } finally {
      await first.close()
    }

    // Offline: the app is opened again while the platform is down, so the account's features are
    // unknown to it and the poll is queued.
    const port = sandbox.port
    await sandbox.close()
    const app = await env.launch({ colorScheme: 'light', dataDir: first.dataDir, config: quick })
    const { page } = app
    try {
      await page.evaluate((hash) => (window.location.hash = hash), pollHash)
      await page.getByTestId('save-status').waitFor()
      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      // The review sheet: where it goes, every step with sizes, and the warnings; Enter confirms.
      const sheet = page.getByRole('dialog', { name: 'Review and publish' })
      await sheet.waitFor()
      expect(await sheet.textContent()).toContain('Upload beta-poll.png · 3.5 KB')
      await screenshots(page, 'review-sheet')
      await page.keyboard.press('Enter')
      await sheet.waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Open the outbox' }).click()
      await page.waitForURL(/#\/outbox$/)
      const job = page.getByTestId('outbox-job')
      await expect
        .poll(() => job.getByTestId('outbox-state').textContent(), LONG)
        .toMatch(/Waiting for the network/)
      // It says which host did not answer, and the attempt it is on.
      expect(await job.getByTestId('outbox-wait-reason').textContent()).toContain(`127.0.0.1:${port}`)
      expect(await job.getByRole('button', { name: 'Retry now' }).isVisible()).toBe(true)
      await screenshots(page, 'preflight-waiting-network')

      // Back online: the preflight asks the platform and stops the job before the first write.
      sandbox = await startSandbox({ port, dataFile: join(workDir, 'sandbox.json') })
      const before = sandbox.created()
      const total = createdTotal()
      await expect.poll(() => job.getAttribute('data-state'), LONG).toBe('needs_attention')
      expect(await job.getByTestId('outbox-state').textContent()).toBe(
        'Needs attention — 1 thing to fix; nothing was sent',
      )
      const attention = job.getByTestId('outbox-attention')
      expect(await attention.textContent()).toContain('PROMOTED_MEDIA_POLLS')
      expect(createdTotal()).toBe(total)
      expect(await job.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true)
      await screenshots(page, 'preflight-needs-attention')

      // The designer opens the draft from the outbox and removes the image.
      await attention.getByRole('button', { name: /Open “Beta poll” to fix it/ }).click()
      await page.waitForURL(/#\/polls\/[0-9a-f-]{36}$/)
      await page.getByRole('button', { name: 'Remove poll media' }).click()
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')

      await page.getByTestId('nav-outbox').click()
      await page.getByTestId('outbox-job').getByRole('button', { name: 'Resume' }).click()
      await expect
        .poll(() => page.getByTestId('outbox-job').getByTestId('outbox-state').textContent(), LONG)
        .toBe('Published')
      const after = sandbox.created()
      expect(after.poll_cards - before.poll_cards).toBe(1)
      expect(after.media_uploads - before.media_uploads).toBe(0)
      expect(after.media_library - before.media_library).toBe(0)
      expect(sandbox.list('poll_cards').filter((card) => card.name === 'Beta poll')).toHaveLength(1)
      expect(await page.getByTestId('outbox-job').count()).toBe(1)

      // Published means read-only: the poll reopens locked, with "Duplicate as new draft".
      await page.evaluate((hash) => (window.location.hash = hash), pollHash)
      await page.getByRole('button', { name: 'Duplicate as new draft' }).waitFor()
      expect(await page.getByLabel('Card name').isDisabled()).toBe(true)
      await screenshots(page, 'published-read-only')
      // Offline, the renderer logged the failed loads of the features and the library.
    } finally {
      await app.close()
    }
  })
  it('renames a published post from its read-only editor: the update is queued, done once, and the sandbox has the new name', async () => {
    const app = await env.launch({ colorScheme: 'light', config: quick })
    const { page } = app
    try {
      await connectToSandbox(env, app, sandbox, { label: 'Edit sandbox' })
      await page.getByTestId('nav-composer').click()
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page.getByTestId('post-text').fill('Spring is here — new colours in store.')
      await page.getByLabel('Post name (optional)').fill('Spring post')
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      await page.getByRole('dialog', { name: 'Review and publish' }).waitFor()
      await page.keyboard.press('Enter')
      const postHash = new URL(page.url()).hash
      await expect
        .poll(() => page.getByRole('toolbar', { name: 'Edit history' }).textContent(), LONG)
        .toMatch(/In the outbox|Published/)
      await page.getByTestId('nav-outbox').click()
      await expect
        .poll(() => page.getByTestId('outbox-job').first().getAttribute('data-state'), LONG)
        .toBe('published')
      // Reopened, the published post is read-only.
      await page.evaluate((hash) => (window.location.hash = hash), postHash)
      await page.getByTestId('published-banner').waitFor(LONG)
      const published = sandbox.list('posts').filter((post) => post.name === 'Spring post')
      expect(published).toHaveLength(1)
      const postId = String(published[0]!.id)
      expect(await page.getByTestId('post-text').isDisabled()).toBe(true)

      // The edit the spec allows on a published post: its name, and nothing else.
      await page.getByRole('button', { name: 'Edit name' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit the post’s name' })
      await dialog.waitFor()
      expect(await dialog.getByRole('textbox').count()).toBe(1)
      const name = dialog.getByLabel('Post name')
      // Over the limit: main refuses it on the field, and nothing is sent.
      await name.fill('n'.repeat(81))
      await page.keyboard.press('Enter')
      await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true')
      expect(await dialog.textContent()).toMatch(/80/)
      await screenshots(page, 'published-edit-refused')
      expect(sandbox.list('posts').find((post) => post.id === postId)?.name).toBe('Spring post')
      await name.fill('Spring post, week 2')
      await screenshots(page, 'published-edit-dialog')
      await page.keyboard.press('Enter')
      await dialog.waitFor({ state: 'detached' })
      // The queued update is shown under the banner; the editor then shows the new name.
      await page.getByTestId('job-report').waitFor()
      await expect
        .poll(() => page.getByLabel('Post name (optional)').inputValue(), LONG)
        .toBe('Spring post, week 2')
      expect(await page.getByTestId('post-text').isDisabled()).toBe(true)
      await screenshots(page, 'published-edit-done')

      await page.getByTestId('nav-outbox').click()
      await page.waitForURL(/#\/outbox$/)
      const update = page
        .getByTestId('outbox-job')
        .filter({ hasText: 'Rename the post to “Spring post, week 2”' })
      await expect.poll(() => update.getAttribute('data-state'), LONG).toBe('done')
      expect(await update.getByTestId('outbox-state').textContent()).toBe('Done')
      await screenshots(page, 'published-edit-outbox')
      expect(sandbox.list('posts').find((post) => post.id === postId)?.name).toBe('Spring post, week 2')
      // An update, not a new post.
      expect(
        sandbox.list('posts').filter((post) => String(post.name).startsWith('Spring post')),
      ).toHaveLength(1)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
  it('edits a published card’s title from its read-only builder, keeping its media', async () => {
    const app = await env.launch({ colorScheme: 'light', config: quick })
    const { page } = app
    try {
      await connectToSandbox(env, app, sandbox, { label: 'Card edit sandbox' })
      // Chosen in the app's media dialog: the outbox reads only files the designer granted.
      const media = await localMedium(
        {
          dir: workDir,
          async choose(path) {
            app.dialogAnswers.push(path)
            const picked = await app.services.handlers['media.pickLocal']({})
            if (!picked.picked) throw new Error('the media dialog chose nothing')
            return picked.media
          },
        },
        'autumn.png',
        pngOf(1200, 628, 'e2e autumn card'),
      )
      const drafts = app.services.drafts
      const created = await drafts.store.create('card', 'Autumn card', {
        name: 'Autumn card',
        mode: 'single',
        components: [
          { id: 'm1', type: 'MEDIA', media },
          {
            id: 'd1',
            type: 'DETAILS',
            title: 'Shop autumn',
            destination: { type: 'WEBSITE', url: 'https://example.com/autumn' },
          },
        ],
        slides: [],
      })
      await page.evaluate((id) => (window.location.hash = `#/cards/${id}`), created.id)
      await page.getByRole('button', { name: 'Publish', exact: true }).click()
      await page.getByRole('dialog', { name: 'Review and publish' }).waitFor()
      await page.keyboard.press('Enter')
      await expect.poll(() => drafts.store.get(created.id)?.status, LONG).toBe('published')
      const cardId = drafts.store.get(created.id)!.published!.cardId!
      await page.getByTestId('nav-drafts').click()
      await page.evaluate((id) => (window.location.hash = `#/cards/${id}`), created.id)
      await page.getByTestId('published-banner').waitFor(LONG)

      await page.getByRole('button', { name: 'Edit card' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit the card' })
      await dialog.waitFor()
      expect(await dialog.getByRole('textbox').count()).toBe(3)
      await dialog.getByLabel('Title').fill('Shop the autumn range')
      await screenshots(page, 'published-card-edit-dialog')
      await page.keyboard.press('Enter')
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => page.getByTestId('job-report').getAttribute('data-state'), LONG).toBe('done')
      const card = sandbox.list('cards').find((candidate) => candidate.id === cardId) as {
        components: { type: string; media_key?: string; title?: string }[]
      }
      expect(card.components[1]!.title).toBe('Shop the autumn range')
      expect(card.components[0]!.media_key).toMatch(/^[0-9]+_[0-9]+$/)
      expect(sandbox.list('cards').filter((candidate) => candidate.id === cardId)).toHaveLength(1)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
