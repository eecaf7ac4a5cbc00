import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startE2e, type E2eEnvironment } from './harness'

/**
 * Main's events end to end (issue 38): the built renderer and preload in Chromium, the real
 * services behind the bridge. A job's state changes in main, and the Outbox page shows it with no
 * call of its own: nothing reads the outbox again while the page waits.
 */

let env: E2eEnvironment

beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

describe("main's events", () => {
  it("bring a job's state changes to the Outbox page, which asks main nothing meanwhile", async () => {
    const app = await env.launch()
    const { page, services } = app
    try {
      await page.getByTestId('nav-outbox').click()
      await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor()
      // The page has read the list; from here on, whatever it shows came by events.
      await expect.poll(() => app.ipcCalls.includes('outbox.list')).toBe(true)
      const asked = app.ipcCalls.length
      const outboxCalls = () => app.ipcCalls.slice(asked).filter((channel) => channel.startsWith('outbox.'))

      // Queued in main for a profile that is not connected: it waits for a connection.
      const queued = await services.outbox.enqueueOperations({
        profileId: 'not-connected',
        accountId: 'a1',
        area: 'audiences',
        title: 'Delete the do-not-reach list “Old customers”',
        steps: [{ op: 'audiences.doNotReach.delete', params: { listId: 'list1', name: 'Old customers' } }],
      })
      const row = page.getByTestId('outbox-job').filter({ hasText: 'Old customers' })
      await expect.poll(() => row.getAttribute('data-state')).toBe('needs_connection')

      // A job waiting for a connection was once looked at every half second; now nothing is asked.
      await page.waitForTimeout(2_000)
      expect(outboxCalls()).toEqual([])

      await services.outbox.cancel(queued.id)
      await expect.poll(() => row.getAttribute('data-state')).toBe('canceled')
      expect(await row.getByTestId('outbox-state').textContent()).toMatch(/Canceled/)
      expect(outboxCalls()).toEqual([])
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
