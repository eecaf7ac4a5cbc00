import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'
import { connectToMainAccount } from './sandboxSession'

/**
 * Issue 41 item 8: the keyword chart reads. Its x ticks sit on the points (days by day, round
 * hours by hour), the total of all keywords has its own scale and every line can be hidden from
 * the legend, a Table view shows the very numbers main answered, and the arrow keys move a
 * cursor that a live region reads out in the same words as the table. Light and dark, axe-clean.
 */

let env: E2eEnvironment
let sandbox: Sandbox
let workDir: string

const KEYWORDS = ['running shoes', 'trail shoes', 'hiking boots']
const HEADERS = ['running shoes', 'trail shoes', 'hiking boots', 'All keywords']

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-keyword-chart-e2e-'))
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
  await rm(workDir, { recursive: true, force: true })
})

const chart = (page: Page) => page.getByTestId('keyword-chart')
const readout = (page: Page) => page.getByTestId('chart-readout').textContent()
const ticks = async (page: Page): Promise<string[]> =>
  JSON.parse((await chart(page).getAttribute('data-ticks')) ?? '[]') as string[]
const legendKey = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Lines' }).getByRole('button', { name: new RegExp(`^${name}`) })

/** The chart has been drawn in the palette the page shows now (it redraws when it changes). */
function drawnInPalette(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const plot = document.querySelector<HTMLElement>('[data-testid="keyword-chart"]')
    if (!plot) return true
    const probe = document.createElement('span')
    probe.style.color = 'var(--color-text)'
    plot.appendChild(probe)
    const ink = getComputedStyle(probe).color
    probe.remove()
    return plot.dataset.ink === ink
  })
}

/** Light and dark (each through the axe gate), the chart in view and redrawn in each palette. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.locator('.keyword-chart').scrollIntoViewIfNeeded()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect.poll(() => drawnInPalette(page)).toBe(true)
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), fullPage: true })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => drawnInPalette(page)).toBe(true)
}

/** The table view's rows: the row header, then each column's text. */
async function tableRows(page: Page): Promise<{ headers: string[]; rows: string[][] }> {
  await page.getByTestId('chart-view-table').click()
  const table = page.getByRole('table', { name: /^Posts per/ })
  await table.waitFor()
  const headers = await table.locator('thead th').allTextContents()
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')))
  await page.getByTestId('chart-view-chart').click()
  await chart(page).locator('canvas').waitFor()
  return { headers, rows }
}

/** How many canvas pixels are drawn in a series' colour (a hidden line leaves none). */
function pixelsOf(page: Page, token: string): Promise<number> {
  return chart(page).evaluate((plot, token) => {
    const probe = document.createElement('span')
    probe.style.color = `var(${token})`
    plot.appendChild(probe)
    const [r, g, b] = (getComputedStyle(probe).color.match(/\d+/g) ?? []).map(Number)
    probe.remove()
    const canvas = plot.querySelector('canvas')!
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height)
    let count = 0
    for (let i = 0; i < data.length; i += 4)
      if (
        data[i + 3]! > 200 &&
        Math.abs(data[i]! - r!) + Math.abs(data[i + 1]! - g!) + Math.abs(data[i + 2]! - b!) < 40
      )
        count++
    return count
  }, token)
}

/** Whether tick positions (row indices) are one step apart, from the first point on. */
function evenlySpaced(positions: number[]): boolean {
  const step = (positions[1] ?? positions[0]! + 1) - positions[0]!
  return step > 0 && positions.every((position, at) => at === 0 || position - positions[at - 1]! === step)
}

describe('Keyword chart', () => {
  it('ticks on the points, a total on its own scale, lines hidden from the legend, a table and keys that read', async () => {
    const app = await env.launch({
      config: {
        catalogDialogs: {
          chooseFeedFile: async () => null,
          chooseCsvExportPath: async (name) => join(workDir, name),
        },
      },
    })
    try {
      const { page } = app
      await connectToMainAccount(app, sandbox)
      await page.goto(`${env.server.origin}/index.html#/keywords`)
      const input = page.getByTestId('keyword-input')
      for (const word of KEYWORDS) {
        await input.fill(word)
        await input.press('Enter')
      }
      await page.getByTestId('range-7').click()
      await page.getByTestId('granularity-DAY').click()
      await page.getByTestId('keyword-search').click()
      await chart(page).locator('canvas').waitFor()
      await expect.poll(() => ticks(page).then((labels) => labels.length)).toBeGreaterThan(0)

      // The table holds the numbers main answered: the CSV export is written from the same result.
      const daily = await tableRows(page)
      expect(daily.headers).toEqual(['Day', ...HEADERS])
      expect(daily.rows).toHaveLength(7)
      await page.getByTestId('keyword-export').click()
      await expect.poll(() => page.getByText(/Saved keyword-volume-.*\.csv/).count()).toBe(1)
      const csvName = (await readdir(workDir)).find((file) => file.endsWith('.csv'))!
      const csv = (await readFile(join(workDir, csvName), 'utf8')).trim().split(/\r?\n/)
      expect(csv[0]).toBe(['time', ...HEADERS].join(','))
      const csvRows = csv.slice(1).map((line) => line.split(','))
      expect(daily.rows.map((row) => row.slice(1).map((cell) => cell.replace(/,/g, '')))).toEqual(
        csvRows.map((row) => row.slice(1)),
      )
      // Each row is named by its day, in the designer's time zone.
      const localDays = await page.evaluate(
        (times) => times.map((time) => new Date(time).getDate()),
        csvRows.map((row) => row[0]!),
      )
      expect(daily.rows.map((row) => Number(row[0]!.split(' ')[1]))).toEqual(localDays)
      const dayLabels = daily.rows.map((row) => row[0]!)

      // Ticks on the days themselves, in the table's words (weekday over date), evenly spaced from
      // the first day.
      const dailyTicks = (await ticks(page)).map((label) => label.replace('\n', ' '))
      expect(
        dailyTicks.every((label) => dayLabels.includes(label)),
        dailyTicks.join(' | '),
      ).toBe(true)
      expect(dailyTicks[0]).toBe(dayLabels[0])
      expect(evenlySpaced(dailyTicks.map((label) => dayLabels.indexOf(label)))).toBe(true)

      // Keys: the live region reads the point under the cursor, as the table says it.
      const said = (row: string[]) =>
        `${row[0]}: ${HEADERS.map((name, at) => `${name} ${row[at + 1]}`).join(', ')}`
      await chart(page).focus()
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => readout(page)).toBe(said(daily.rows[0]!))
      await expect
        .poll(() => page.getByTestId('chart-tooltip').locator('strong').textContent())
        .toBe(dayLabels[0])
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => readout(page)).toBe(said(daily.rows[1]!))
      await page.keyboard.press('End')
      await expect.poll(() => readout(page)).toBe(said(daily.rows[6]!))
      await page.keyboard.press('ArrowLeft')
      await expect.poll(() => readout(page)).toBe(said(daily.rows[5]!))
      await shoot(page, 'keywords-chart-cursor')
      await page.keyboard.press('Home')
      await expect.poll(() => readout(page)).toBe(said(daily.rows[0]!))

      // The pointer shows the same cursor: over the middle of the plot, the middle day of seven.
      const box = (await chart(page).boundingBox())!
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.45)
      await expect
        .poll(() => page.getByTestId('chart-tooltip').locator('strong').textContent())
        .toBe(dayLabels[3])
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height + 120)
      await expect.poll(() => page.getByTestId('chart-tooltip').count()).toBe(0)

      // The legend hides a line: it leaves the canvas, the tooltip and what the keys read.
      expect(await pixelsOf(page, '--color-chart-2')).toBeGreaterThan(100)
      await legendKey(page, 'trail shoes').click()
      await expect.poll(() => legendKey(page, 'trail shoes').getAttribute('aria-pressed')).toBe('false')
      await expect.poll(() => pixelsOf(page, '--color-chart-2')).toBeLessThan(10)
      await legendKey(page, 'All keywords').click()
      await chart(page).focus()
      await page.keyboard.press('End')
      const last = daily.rows[6]!
      await expect
        .poll(() => readout(page))
        .toBe(`${last[0]}: running shoes ${last[1]}, hiking boots ${last[3]}`)
      await shoot(page, 'keywords-chart-hidden')
      // One line always stays.
      await legendKey(page, 'hiking boots').click()
      await expect.poll(() => legendKey(page, 'running shoes').getAttribute('aria-disabled')).toBe('true')
      // (Playwright waits for an aria-disabled button to be enabled; a person can still press it.)
      await legendKey(page, 'running shoes').click({ force: true })
      expect(await legendKey(page, 'running shoes').getAttribute('aria-pressed')).toBe('true')
      for (const name of ['trail shoes', 'hiking boots', 'All keywords']) await legendKey(page, name).click()
      await expect.poll(() => pixelsOf(page, '--color-chart-2')).toBeGreaterThan(100)

      await page.getByTestId('chart-view-table').click()
      await page.getByRole('table', { name: 'Posts per day' }).waitFor()
      await shoot(page, 'keywords-table')
      await page.getByTestId('chart-view-chart').click()

      // By hour: ticks on round hours of the clock, named as the table names the hours.
      await page.getByTestId('granularity-HOUR').click()
      await page.getByTestId('range-1').click()
      await page.getByTestId('keyword-search').click()
      await expect.poll(async () => (await ticks(page))[0] ?? '').toMatch(/^\d\d:\d\d/)
      const hourly = await tableRows(page)
      expect(hourly.headers[0]).toBe('Hour')
      expect(hourly.rows).toHaveLength(24)
      const hourLabels = hourly.rows.map((row) => row[0]!)
      const hourlyTicks = await ticks(page)
      // Each tick is the time of an hour's row, in order; where it carries a day, that row's day.
      let position = -1
      const positions = hourlyTicks.map((label) => {
        const [time, day] = label.split('\n')
        position = hourLabels.findIndex(
          (row, at) => at > position && row.endsWith(`, ${time}`) && (!day || row.startsWith(`${day},`)),
        )
        return position
      })
      expect(
        positions.every((at) => at >= 0),
        hourlyTicks.join(' | '),
      ).toBe(true)
      expect(hourlyTicks.some((label) => label.includes('\n'))).toBe(true)
      expect(evenlySpaced(positions)).toBe(true)
      const step = positions.length > 1 ? positions[1]! - positions[0]! : 1
      expect(positions[0]).toBeLessThan(step)
      // On round hours of the clock for the step.
      expect(hourlyTicks.every((label) => Number(label.slice(0, 2)) % step === 0)).toBe(true)
      await chart(page).focus()
      await page.keyboard.press('End')
      await expect.poll(() => readout(page)).toBe(said(hourly.rows[23]!))
      await shoot(page, 'keywords-chart-hourly')

      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
