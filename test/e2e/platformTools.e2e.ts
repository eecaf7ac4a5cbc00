import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * The release-history endpoints a designer and a developer reach: in Settings → Developer tools
 * the app's streaming connections are listed and ended and a webhook's deliveries replayed; beside
 * the composer, trending news is looked up and one story opened.
 */

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

/** A `datetime-local` value in the page's time zone. */
const localInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16)

describe('Developer tools and trending news', () => {
  it('ends streaming connections, replays a webhook, and opens a news story', async () => {
    const app = await env.launch({})
    try {
      const { page } = app
      await connectThroughServices(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/settings`)

      const streams = page.getByTestId('stream-connections')
      await streams.getByTestId('streams-load').click()
      await expect.poll(() => page.getByTestId('stream-connection').count()).toBe(3)
      expect(await page.getByTestId('stream-connection').first().textContent()).toContain('Filtered stream')
      await page.getByTestId('streams-end-all').scrollIntoViewIfNeeded()
      await shootBothPalettes(page, 'devtools-stream-connections')

      await page.getByRole('button', { name: 'End every filtered stream connection' }).click()
      await expect.poll(() => page.getByTestId('streams-outcome').textContent()).toBe('Ended 2 connections.')
      await expect.poll(() => page.getByTestId('stream-connection').count()).toBe(1)
      await page.getByTestId('streams-end-all').click()
      await page.getByRole('button', { name: 'End them all' }).click()
      await expect.poll(() => page.getByTestId('streams-outcome').textContent()).toBe('Ended 1 connection.')
      await expect.poll(() => streams.getByText('No open connections.').count()).toBe(1)
      await streams.getByTestId('streams-status-inactive').click()
      await expect.poll(() => page.getByTestId('stream-connection').count()).toBe(4)
      expect(await page.getByTestId('stream-connection').first().textContent()).toMatch(
        /ended by the app’s developer/,
      )

      const now = Date.now()
      await page.getByTestId('replay-webhook-id').fill('1146654567674912769')
      await page.getByTestId('replay-from').fill(localInput(now - 30 * 3_600_000))
      await page.getByRole('button', { name: 'Replay', exact: true }).click()
      await expect
        .poll(() => page.getByRole('form', { name: 'Replay webhook deliveries' }).textContent())
        .toMatch(/Only the past 24 hours can be replayed/)
      expect(sandbox.state().webhookReplays).toHaveLength(0)
      await page.getByTestId('replay-to').scrollIntoViewIfNeeded()
      await shootBothPalettes(page, 'devtools-replay-refused')
      await page.getByTestId('replay-from').fill(localInput(now - 3_600_000))
      await page.getByRole('button', { name: 'Replay', exact: true }).click()
      await expect
        .poll(() => page.getByRole('form', { name: 'Replay webhook deliveries' }).textContent())
        .toMatch(/Replay of webhook 1146654567674912769 queued/)
      expect(sandbox.state().webhookReplays).toHaveLength(1)

      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page.getByTestId('news-query').fill('spring')
      await page.getByRole('button', { name: 'Look up news' }).click()
      await expect
        .poll(() => page.getByTestId('news-result').allTextContents())
        .toEqual([
          'City marathon sells out in record time',
          'Spring fashion week opens with recycled fabrics',
        ])
      await page.getByTestId('news-result').last().scrollIntoViewIfNeeded()
      await shootBothPalettes(page, 'composer-trending-news')
      await page.getByTestId('news-result').nth(1).click()
      const story = page.getByTestId('news-story')
      await expect.poll(() => story.textContent()).toMatch(/recycled fabrics.*Updated/s)
      expect(await story.getByRole('heading').textContent()).toBe(
        'Spring fashion week opens with recycled fabrics',
      )
      expect(await story.textContent()).toContain('Topics: Fashion, Sustainability, spring')
      await story.getByRole('button', { name: 'Back to the stories' }).scrollIntoViewIfNeeded()
      await shootBothPalettes(page, 'composer-news-story')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
