import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { SEEDED_AUDIENCES } from '../../sandbox/seedAudiences'
import { screenshotPath, startE2e, type E2eApp, type E2eEnvironment } from './harness'
import { connectThroughServices } from './sandboxSession'

/**
 * The Audiences page end to end: choose a customer list, map its columns, read the pre-send
 * report, watch the upload (one request answered short and sent again), see it done, and try
 * to share an audience outside the business. Screenshots in light and dark, each through axe.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string
let listPath: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-audiences-e2e-'))
  ;[env, sandbox] = await Promise.all([
    startE2e(),
    startSandbox({ port: 0, limits: { audienceProcessingMs: 0 } }),
  ])
  listPath = join(workDir, 'spring-customers.csv')
  const rows = Array.from(
    { length: 6_000 },
    (_, i) => `Customer ${i},customer${i}@shop.example,+1 415 555 ${String(i % 10_000).padStart(4, '0')}`,
  )
  await writeFile(
    listPath,
    `name,email,phone\n${rows.join('\n')}\nNo address,not-an-email,\nBlank,,\n${rows.slice(0, 25).join('\n')}\n`,
  )
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

async function connect(app: E2eApp): Promise<void> {
  const profile = await connectThroughServices(app, sandbox)
  const handlers = app.services.handlers as Record<string, (request: unknown) => Promise<unknown>>
  await handlers['accounts.select']!({ profileId: profile.id, accountId: sandbox.demo.accountIds[0] })
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(1279, 819)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), fullPage: true })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

describe('Audiences', () => {
  it('uploads a customer list through mapping, report, progress and done, and explains sharing limits', async () => {
    const app = await env.launch({
      config: {
        audienceDialogs: { chooseListFile: async () => listPath },
        // One request every 1.5 s, so the progress screen can be seen.
        audienceUploadRate: { requests: 1, windowMs: 1_500 },
      },
    })
    try {
      const { page } = app
      await connect(app)
      await page.goto(`${env.server.origin}/index.html#/audiences`)
      await page.getByRole('heading', { name: 'Audiences', level: 1 }).waitFor()
      await page.getByRole('button', { name: /New customer list/ }).click()
      await page.getByTestId('upload-list').click()
      await page.getByTestId('upload-choose').click()

      await page.getByTestId('upload-mapping').waitFor()
      await shoot(page, 'audiences-mapping')
      await page.getByTestId('upload-check').click()

      await page.getByTestId('upload-report').waitFor()
      const report = await page.getByTestId('upload-report').innerText()
      expect(report).toMatch(/Rows read\s+6,027/)
      expect(report).toMatch(/Duplicates removed\s+25/)
      expect(report).toMatch(/To send, hashed\s+6,000/)
      expect(report).toMatch(/Not an email address: 1/)
      await shoot(page, 'audiences-report')

      sandbox.setFaults({ undercountAudienceUploads: 1 })
      await page.getByTestId('upload-send').click()
      await page.getByTestId('chunk-errors').waitFor({ timeout: 20_000 })
      await shoot(page, 'audiences-progress')

      await page.getByTestId('upload-done').waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('upload-done').innerText()).toMatch(/6,000 hashed rows/)
      await shoot(page, 'audiences-done')
      // Finished, the step's own button is the one way back: the one by the title is gone.
      expect(await page.getByTestId('upload-close').innerText()).toBe('Done')
      expect(await page.getByRole('button', { name: 'Back to audiences' }).count()).toBe(0)
      expect(sandbox.customAudienceMembers(SEEDED_AUDIENCES.emptyList)!.byType).toMatchObject({
        email: 6_000,
        phone_number: 6_000,
      })

      await page.getByTestId('upload-close').click()
      await page
        .getByRole('button', { name: /Newsletter/ })
        .first()
        .click()
      await page.getByTestId('share-audience').click()
      await page.getByTestId('share-account').click()
      await page.getByRole('option', { name: /An account not listed here/ }).click()
      await page.getByTestId('share-account-id').fill(sandbox.demo.otherAccountId)
      await page.getByTestId('share-grant').click()
      await page
        .getByText(/unless the owning account has the account feature “Sharing audiences with accounts/)
        .waitFor()
      await shoot(page, 'audiences-share')
      if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
    } finally {
      await app.close()
    }
  })
})
