import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../src/main/api/http'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { pngOf } from '../support/mediaFixtures'
import { connectToSandbox } from './connectFlow'
import { screenshotPath, startE2e, type E2eApp, type E2eEnvironment } from './harness'

/**
 * The outbox end to end, all through the UI: connect with the wizard, make a poll card draft
 * with a local image in the poll editor, compose a post with a local image that carries the
 * poll, then press Publish while the platform is down (it waits for the network) and watch it
 * go out once the platform is back, with each object created once.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
let pollImagePath: string
let postImagePath: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-outbox-e2e-'))
  pollImagePath = join(workDir, 'poll-hero.png')
  postImagePath = join(workDir, 'post-photo.png')
  ;[env, sandbox] = await Promise.all([
    startE2e(),
    startSandbox({ port: 0, dataFile: join(workDir, 'sandbox.json') }),
    writeFile(pollImagePath, pngOf(1200, 628, 'e2e poll')),
    writeFile(postImagePath, pngOf(1200, 675, 'e2e post')),
  ])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

/** Opens an editor's list from the sidebar, starts a new draft and waits for its editor. */
async function newDraft(page: Page, route: string, buttonName: string) {
  await page.getByTestId(`nav-${route}`).click()
  await page.getByRole('button', { name: buttonName }).click()
  await page.waitForURL(new RegExp(`#/${route}/[0-9a-f-]{36}$`))
  await page.getByTestId('save-status').waitFor()
}

/** Chooses a local file in a media picker; the harness answers the native file dialog with `path`. */
async function chooseLocalFile(app: E2eApp, pickerLabel: string, path: string) {
  app.dialogAnswers.push(path)
  await app.page.getByRole('button', { name: `Choose file for ${pickerLabel}` }).click()
  await expect.poll(() => app.dialogAnswers.length).toBe(0)
}

/** Every change is on disk and the editor sees nothing that blocks publishing. */
async function waitUntilReadyAndSaved(page: Page) {
  await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
  await expect.poll(() => page.getByTestId('issue-summary').textContent()).toMatch(/^Ready/)
}

async function screenshotOutbox(page: Page, name: string) {
  await page.mouse.move(0, 0)
  const height = await page.evaluate(() => document.querySelector('.app-main')?.scrollHeight ?? 820)
  await page.setViewportSize({ width: 1280, height: Math.max(820, Math.ceil(height)) })
  // Progress bars ease their width: a screenshot taken mid-way shows a finished job at 90 %.
  await page.screenshot({ path: screenshotPath(name), animations: 'disabled' })
}

const quick = {
  http: createHttpClient({ timeoutMs: 5_000, retry: { maxAttempts: 2, baseDelayMs: 50, maxDelayMs: 100 } }),
  outbox: { backoffBaseMs: 300, backoffMaxMs: 1_500, processingPollMaxMs: 100 },
}

describe('Outbox', () => {
  it('queues a post while the platform is down and publishes media, poll card and post once it is back', async () => {
    const app = await env.launch({ colorScheme: 'light', config: quick })
    const { page } = app
    const dataDir = app.dataDir
    try {
      await connectToSandbox(env, app, sandbox, { label: 'Outbox sandbox' })

      // The poll card draft, with media: the sandbox's default account has PROMOTED_MEDIA_POLLS.
      await newDraft(page, 'polls', 'New poll')
      await page.getByLabel('Card name').fill('Lunch poll')
      await page.getByTestId('poll-choice-1').fill('Pizza')
      await page.getByTestId('poll-choice-2').fill('Salad')
      await page.getByRole('button', { name: 'Add choice' }).click()
      await page.getByTestId('poll-choice-3').fill('Soup')
      await page.getByLabel('Days').fill('1')
      await page.getByLabel('Hours').fill('6')
      await page.getByText('Runs for 1 day, 6 hours;').waitFor()
      await chooseLocalFile(app, 'poll media', pollImagePath)
      await page.getByText('poll-hero.png', { exact: true }).waitFor()
      await waitUntilReadyAndSaved(page)
      expect(await page.locator('#page-title').textContent()).toBe('Lunch poll')

      // The post: text, the poll draft as its card, a local image, a name.
      await newDraft(page, 'composer', 'New post')
      await expect.poll(() => page.getByTestId('post-advertiser').inputValue()).toBe(sandbox.demo.userId)
      await page.getByTestId('post-text').fill('What should we have for lunch? Vote below.')
      await page.getByTestId('card-mode-draft').click()
      await page.getByLabel('Card draft').selectOption({ label: 'Poll · Lunch poll' })
      await chooseLocalFile(app, 'add media', postImagePath)
      await expect.poll(() => page.getByTestId('post-media-item').textContent()).toContain('post-photo.png')
      await page.getByLabel('Post name (optional)').fill('Lunch post')
      await waitUntilReadyAndSaved(page)
      expect(await page.locator('#page-title').textContent()).toBe('Lunch post')

      // The platform goes away; publishing waits for it.
      const port = sandbox.port
      const before = sandbox.created()
      await sandbox.close()
      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      // The review sheet: Enter confirms.
      await page.getByRole('dialog', { name: 'Review and publish' }).waitFor()
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: 'In the outbox' }).waitFor()
      await page.getByRole('button', { name: 'Open the outbox' }).click()
      await page.waitForURL(/#\/outbox$/)
      const job = page.getByTestId('outbox-job')
      await expect
        .poll(() => job.getByTestId('outbox-state').textContent(), { timeout: 15_000 })
        .toMatch(/Waiting for the network/)
      expect(await job.getByRole('heading').textContent()).toBe('Lunch post')
      expect(await job.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true)
      await screenshotOutbox(page, 'outbox-waiting-light')

      sandbox = await startSandbox({ port, dataFile: join(workDir, 'sandbox.json') })
      await expect
        .poll(() => job.getByTestId('outbox-state').textContent(), { timeout: 30_000 })
        .toBe('Published')
      const after = sandbox.created()
      expect(after.media_library - before.media_library).toBe(2)
      expect(after.poll_cards - before.poll_cards).toBe(1)
      expect(after.posts - before.posts).toBe(1)
      const cards = sandbox.list('poll_cards').filter((c) => c.name === 'Lunch poll')
      expect(cards).toHaveLength(1)
      const card = cards[0]!
      expect(card.duration_in_minutes).toBe(30 * 60)
      const posts = sandbox.list('posts').filter((p) => p.name === 'Lunch post')
      expect(posts).toHaveLength(1)
      const published = posts[0]!
      expect(published.text).toBe('What should we have for lunch? Vote below.')
      expect(published.card_uri).toBe(card.card_uri)
      const library = sandbox.list('media_library')
      expect(library.filter((m) => m.name === 'poll-hero.png')).toHaveLength(1)
      expect(library.filter((m) => m.name === 'post-photo.png')).toHaveLength(1)
      expect(card).toMatchObject({
        card_type: 'IMAGE_POLLS',
        first_choice: 'Pizza',
        second_choice: 'Salad',
        third_choice: 'Soup',
      })
      // The public record does not echo the poll's media; the sandbox keeps it internally.
      const storedCard = sandbox.state().pollCards.find((c) => c.card_uri === card.card_uri)
      expect(storedCard?._media_key).toBe(library.find((m) => m.name === 'poll-hero.png')!.media_key)
      expect(published.media_keys).toEqual([library.find((m) => m.name === 'post-photo.png')!.media_key])
      // The post id is not shown to the designer; its Copy button carries it.
      await expect
        .poll(() => job.getByRole('button', { name: /Copy post id/ }).getAttribute('title'))
        .toBe(String(published.id))
      expect(
        await page.getByRole('progressbar', { name: /Steps 6 of 6/ }).getAttribute('aria-valuenow'),
      ).toBe('6')
      await screenshotOutbox(page, 'outbox-published-light')

      // Keyboard: the job's actions are reachable with Tab.
      await page.keyboard.press('Tab')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }

    const dark = await env.launch({ colorScheme: 'dark', dataDir, config: quick })
    try {
      await dark.page.getByRole('link', { name: 'Outbox' }).click()
      await expect.poll(() => dark.page.getByTestId('outbox-state').first().textContent()).toBe('Published')
      await screenshotOutbox(dark.page, 'outbox-published-dark')
      expect(dark.consoleErrors).toEqual([])
    } finally {
      await dark.close()
    }
  })
})
