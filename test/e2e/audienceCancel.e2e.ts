import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { SEEDED_AUDIENCES } from '../../sandbox/seedAudiences'
import { startE2e, type E2eEnvironment } from './harness'
import { shootBothPalettes } from './palettes'
import { connectThroughServices } from './sandboxSession'

/**
 * Issue 41 item 6: an audience upload is stopped and resumed from its own screen. After Cancel
 * the screen keeps what was sent ("Canceled · 7,500 of 20,000 sent") and the way on is Resume,
 * which sends only the rest; the outbox says the same.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
let listPath: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-audience-cancel-e2e-'))
  ;[env, sandbox] = await Promise.all([
    startE2e(),
    startSandbox({ port: 0, limits: { audienceProcessingMs: 0 } }),
  ])
  listPath = join(workDir, 'winter-customers.csv')
  // One identifier a row: 20,000 rows are 8 requests of 2,500 operations.
  const rows = Array.from({ length: 20_000 }, (_, i) => `customer${i}@shop.example`)
  await writeFile(listPath, `email\n${rows.join('\n')}\n`)
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

const members = () => sandbox.customAudienceMembers(SEEDED_AUDIENCES.emptyList)?.byType.email ?? 0

describe('Audience upload: Cancel and Resume on its own screen', () => {
  it('cancels part way, shows what was sent, and resumes from there', async () => {
    const app = await env.launch({
      config: {
        audienceDialogs: { chooseListFile: async () => listPath },
        // One request every 1.5 s: slow enough to cancel part way.
        audienceUploadRate: { requests: 1, windowMs: 1_500 },
      },
    })
    try {
      const { page } = app
      const profile = await connectThroughServices(app, sandbox)
      const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
      await handlers['accounts.select']!({ profileId: profile.id, accountId: sandbox.demo.accountIds[0] })
      await page.goto(`${env.server.origin}/index.html#/audiences`)
      await page.getByRole('button', { name: /New customer list/ }).click()
      await page.getByTestId('upload-list').click()
      await page.getByTestId('upload-choose').click()
      await page.getByTestId('upload-check').click()
      await page.getByTestId('upload-send').click()

      const acknowledged = page.getByTestId('upload-acknowledged')
      const acknowledgedRows = async () =>
        Number((await acknowledged.innerText()).split(' of ')[0]!.replace(/,/g, ''))
      await expect.poll(acknowledgedRows, { timeout: 30_000 }).toBeGreaterThan(0)
      await shootBothPalettes(page, 'audiences-upload-running')
      // Cancel once three requests (7,500 rows) are acknowledged.
      await expect.poll(acknowledgedRows, { timeout: 30_000 }).toBeGreaterThanOrEqual(7_500)
      await page.getByTestId('upload-cancel').click()

      const canceled = page.getByTestId('upload-canceled')
      await canceled.waitFor({ timeout: 20_000 })
      const line = await canceled.innerText()
      const match = /^Canceled · ([\d,]+) of 20,000 sent$/.exec(line)
      expect(match, line).not.toBeNull()
      const sent = Number(match![1]!.replace(/,/g, ''))
      // What the screen says was sent is what the platform holds: neither 0 nor everything.
      expect(sent).toBeGreaterThanOrEqual(7_500)
      expect(sent).toBeLessThan(20_000)
      expect(members()).toBe(sent)
      expect(await page.getByTestId('upload-resume').innerText()).toBe('Resume')
      expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0)
      await shootBothPalettes(page, 'audiences-upload-canceled')

      // The outbox tells the same story, and offers the same way on.
      const outboxJob = await handlers['outbox.list']!({})
      const job = (outboxJob as { jobs: { state: string; progress?: { done: number } }[] }).jobs.at(-1)!
      expect(job.state).toBe('canceled')
      expect(job.progress?.done).toBe(sent)

      await page.getByTestId('upload-resume').click()
      await page.getByTestId('upload-done').waitFor({ timeout: 60_000 })
      expect(await page.getByTestId('upload-done').innerText()).toMatch(/20,000 hashed rows/)
      expect(members()).toBe(20_000)
      // Only the rest was sent: 20,000 records in all, none of the acknowledged ones again.
      const uploads = sandbox.audienceUploads()
      expect(uploads.reduce((sum, upload) => sum + upload.records, 0)).toBe(20_000)
      await shootBothPalettes(page, 'audiences-upload-resumed')
      if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
    } finally {
      await app.close()
    }
  })
})
