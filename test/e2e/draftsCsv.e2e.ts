import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDrafts } from '../support/seedDrafts'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

// Drafts as CSV in Chromium against the real services: export the list, edit the file as a
// spreadsheet would, import it, read the report, apply. Light and dark, each screen axe-checked.

let env: E2eEnvironment
let workDir: string

beforeAll(async () => {
  env = await startE2e()
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-csv-e2e-'))
})
afterAll(async () => {
  await env?.dispose()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('drafts CSV', () => {
  it('exports the list, reads an edited file into a report and applies its changes', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const dataDir = join(workDir, colorScheme)
      await seedDrafts({ dataDir, count: 12 })
      const csvPath = join(workDir, `${colorScheme}.csv`)
      const app = await env.launch({
        colorScheme,
        dataDir,
        config: {
          draftsCsvDialogs: { chooseCsvExportPath: async () => csvPath, chooseCsvFile: async () => csvPath },
        },
      })
      try {
        const { page } = app
        await page.getByTestId('csv-export').click()
        await page.getByText('12 drafts exported as').waitFor()

        // The spreadsheet: a new post text, a formula someone typed, an unknown id.
        const text = (await readFile(csvPath, 'utf8')).replace(/^\uFEFF/, '')
        const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data
        const column = (name: string) => header!.indexOf(name)
        const posts = rows.filter((row) => row[column('kind')] === 'post')
        const edited = posts[0]!.with(column('post_text'), 'Autumn sale: 20% off everything')
        const formula = posts[1]!.with(column('post_text'), '=HYPERLINK("http://example.com")')
        const stranger = posts[2]!.with(column('id'), '11111111-2222-4333-8444-555555555555')
        await writeFile(
          csvPath,
          Papa.unparse([
            header!,
            ...rows.map((row) => (row === posts[0] ? edited : row === posts[1] ? formula : row)),
            stranger,
          ]),
        )

        await page.getByTestId('csv-import').click()
        const report = page.getByTestId('csv-report')
        await report.waitFor()
        expect(await report.locator('.dialog__description').textContent()).toMatch(
          /^1 draft changes, 10 rows are unchanged, 2 rows are refused\./,
        )
        await report.getByText('Changes post_text').waitFor()
        await report.getByText(/which a spreadsheet runs as a formula/).waitFor()
        await report.getByText(/another account’s export/).waitFor()
        await page.screenshot({
          path: screenshotPath(`drafts-csv-report-${colorScheme}`),
          animations: 'disabled',
        })

        await report.getByTestId('csv-apply').click()
        await page.getByText(/^1 draft changed from/).waitFor()
        await page.screenshot({
          path: screenshotPath(`drafts-csv-applied-${colorScheme}`),
          animations: 'disabled',
        })

        await page.getByRole('button', { name: 'How the drafts CSV works' }).click()
        await page.getByRole('dialog', { name: 'Drafts CSV' }).getByText('poll_duration_minutes').waitFor()
        await page.screenshot({
          path: screenshotPath(`drafts-csv-help-${colorScheme}`),
          animations: 'disabled',
        })
        await page.keyboard.press('Escape')
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    }
  })
})
