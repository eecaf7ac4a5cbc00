import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../src/main/api/http'
import { startSandbox, type Sandbox } from '../sandbox/index'
import { approveInBrowser } from '../support/authorizePage'
import { pngOf } from '../support/mediaFixtures'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

/**
 * The outbox end to end: a post with a new poll card draft and a local image is published
 * while the platform is down (it waits for the network), then goes out once the platform is
 * back, with each object created once.
 *
 * The drafts are made through window.studio.* in the page (the same IPC calls the editors
 * make): the composer, poll editor and media picker are built separately and have their own
 * E2E suites. Everything after "Publish" is driven and observed through the Outbox page.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-outbox-e2e-'))
  ;[env, sandbox] = await Promise.all([
    startE2e(),
    startSandbox({ port: 0, dataFile: join(workDir, 'sandbox.json') }),
  ])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

type Studio = Record<
  string,
  Record<string, (request: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>>
>

/** Calls window.studio.<namespace>.<method> in the page, as the renderer does. */
async function studio<T>(page: Page, channel: string, request: unknown = {}): Promise<T> {
  const result = await page.evaluate(
    async ([name, payload]) => {
      const [namespace, method] = (name as string).split('.') as [string, string]
      return (window as unknown as { studio: Studio }).studio[namespace]![method]!(payload)
    },
    [channel, request] as const,
  )
  if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`)
  return result.value as T
}

async function screenshotOutbox(page: Page, name: string) {
  await page.mouse.move(0, 0)
  const height = await page.evaluate(() => document.querySelector('.app-main')?.scrollHeight ?? 820)
  await page.setViewportSize({ width: 1280, height: Math.max(820, Math.ceil(height)) })
  await page.screenshot({ path: screenshotPath(name) })
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
      const hosts = { apiUrl: sandbox.apiUrl, adsUrl: sandbox.adsUrl, adsSandboxUrl: sandbox.adsSandboxUrl }
      const begun = await studio<{ profileId: string; authorizeUrl: string }>(page, 'connect.begin', {
        environment: 'local_sandbox',
        hosts,
        consumerKey: sandbox.demo.consumerKey,
        consumerSecret: sandbox.demo.consumerSecret,
        accessLevel: 'write',
        forceLogin: false,
        label: 'Outbox sandbox',
      })
      const profile = await studio<{ userId: string; activeAccountId: string }>(page, 'connect.complete', {
        profileId: begun.profileId,
        pin: await approveInBrowser(begun.authorizeUrl),
      })

      const pollImagePath = join(workDir, 'poll-hero.png')
      const postImagePath = join(workDir, 'post-photo.png')
      await writeFile(pollImagePath, pngOf(1200, 628, 'e2e poll'))
      await writeFile(postImagePath, pngOf(1200, 675, 'e2e post'))
      const pollMedia = (await studio<{ media: unknown }>(page, 'media.inspectPath', { path: pollImagePath }))
        .media
      const postMedia = (await studio<{ media: unknown }>(page, 'media.inspectPath', { path: postImagePath }))
        .media

      const poll = await studio<{ id: string }>(page, 'drafts.create', {
        kind: 'poll_card',
        name: 'Lunch poll',
      })
      await studio(page, 'drafts.update', {
        id: poll.id,
        content: {
          name: 'Lunch poll',
          choices: ['Pizza', 'Salad', 'Soup'],
          durationInMinutes: 1440,
          media: pollMedia,
        },
      })
      const post = await studio<{ id: string; content: Record<string, unknown> }>(page, 'drafts.create', {
        kind: 'post',
        name: 'Lunch post',
      })
      await studio(page, 'drafts.update', {
        id: post.id,
        content: {
          ...post.content,
          asUserId: profile.userId,
          name: 'Lunch post',
          text: 'What should we have for lunch? Vote below.',
          card: { source: 'draft', draftId: poll.id },
          media: [{ id: 'm1', media: postMedia }],
        },
      })
      await studio(page, 'drafts.flush')

      // The platform goes away; publishing waits for it.
      const port = sandbox.port
      const before = sandbox.created()
      await sandbox.close()
      await studio(page, 'outbox.enqueue', { draftId: post.id })
      await page.getByRole('link', { name: 'Outbox' }).click()
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
      const card = sandbox.list('poll_cards').find((c) => c.name === 'Lunch poll')!
      const published = sandbox.list('posts').find((p) => p.name === 'Lunch post')!
      expect(published.card_uri).toBe(card.card_uri)
      const library = sandbox.list('media_library').map((m) => m.name)
      expect(library).toEqual(expect.arrayContaining(['poll-hero.png', 'post-photo.png']))
      expect((published.media_keys as string[])[0]).toBe(
        sandbox.list('media_library').find((m) => m.name === 'post-photo.png')!.media_key,
      )
      await expect.poll(() => job.textContent()).toContain(String(published.id))
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
