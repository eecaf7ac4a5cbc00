import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { startE2e, type E2eEnvironment } from './harness'
import { connectThroughServices } from './sandboxSession'

/**
 * The composer's timeline post end to end: a post through POST /2/posts with the paid-partnership
 * label, then an edit of it with the time left shown. Connecting is done through main's channels.
 */

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

const organicPosts = () =>
  (sandbox.list('posts') as Record<string, unknown>[]).filter((post) =>
    post.text?.toString().startsWith('Spring'),
  )

describe('the timeline post', () => {
  it('posts with the paid-partnership label, then edits it within the hour', async () => {
    const app = await env.launch({})
    try {
      const { page } = app
      await connectThroughServices(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/composer`)
      await page.getByRole('button', { name: 'New post' }).click()
      await page.waitForURL(/#\/composer\/[0-9a-f-]{36}$/)
      await page.getByTestId('post-text').fill('Spring sale starts Monday')
      await page.getByTestId('post-paid-partnership').click()
      await expect.poll(() => page.getByTestId('post-preview-paid').textContent()).toBe('Paid partnership')

      await page.getByTestId('post-to-timeline').click()
      await expect.poll(() => organicPosts().length, { timeout: 20_000 }).toBe(1)
      const [posted] = organicPosts()
      expect(posted).toMatchObject({ text: 'Spring sale starts Monday', paid_partnership: true })

      await page.getByTestId('post-edit-id').fill(String(posted!.id))
      await page.getByRole('button', { name: 'Look up post' }).click()
      await expect
        .poll(() => page.getByTestId('post-edit-window').textContent())
        .toMatch(/^(59|60):\d\d left/)
      await page.getByTestId('post-text').fill('Spring sale starts Tuesday')
      await page.getByTestId('post-to-timeline').click()
      await expect
        .poll(() => organicPosts().map((post) => post.text), { timeout: 20_000 })
        .toEqual(['Spring sale starts Monday', 'Spring sale starts Tuesday'])
    } finally {
      await app.close()
    }
  })
})
