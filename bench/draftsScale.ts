/**
 * The drafts page with many drafts, in Chromium through the built app and the real services:
 * navigation → page painted, search keystroke → frame, and the renderer's memory afterwards.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { installProbe, typeAndTime, type BenchApp, type BenchBrowser } from './browser'

const NAVIGATIONS = 12
const DRAFT_COUNT = 50_000
export const SEARCH_WARMUP = 22
export const SEARCH_SAMPLES = 220

/** Typing a query letter by letter, then deleting it: every key changes what the list shows. */
export function searchKeys(count: number): string[] {
  const word = [...'spring sale']
  const cycle = [...word.map((letter) => (letter === ' ' ? 'Space' : letter)), ...word.map(() => 'Backspace')]
  return Array.from({ length: count }, (_, index) => cycle[index % cycle.length]!)
}

const FIRST_ROW = '[data-draft-id]'

export interface DraftsScaleFigures {
  navigation: number[]
  search: number[]
  memory: { jsHeapMb: number; rendererRssMb: number; domNodes: number }
}

async function navigateAndTime(page: Page, from: string, to: string, painted: string): Promise<number> {
  await page.getByTestId(from).click({ timeout: 120_000 })
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.evaluate('window.__benchProbe.afterFrame()')
  await new Promise((done) => setTimeout(done, 150))
  const timing = page.evaluate(
    `window.__benchProbe.clickToPainted(${JSON.stringify(painted)})`,
  ) as Promise<number>
  await page.getByTestId(to).click()
  return timing
}

/** Renderer memory: the JS heap after a full GC, and the resident size of the renderer process. */
async function rendererMemory(bench: BenchBrowser, page: Page): Promise<DraftsScaleFigures['memory']> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const heap = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
  const dom = (await session.send('Memory.getDOMCounters')) as { nodes: number }
  await session.detach()
  const browserSession = await bench.browser.newBrowserCDPSession()
  const info = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[]
  }
  await browserSession.detach()
  let rss = 0
  for (const process of info.processInfo.filter((candidate) => candidate.type === 'renderer')) {
    const status = await readFile(`/proc/${process.id}/status`, 'utf8').catch(() => '')
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
    rss = Math.max(rss, kb / 1024)
  }
  return { jsHeapMb: heap.usedSize / 1024 / 1024, rendererRssMb: rss, domNodes: dom.nodes }
}

export async function benchDraftsScale(bench: BenchBrowser, app: BenchApp): Promise<DraftsScaleFigures> {
  const { page } = app
  await installProbe(page)
  await page.locator(FIRST_ROW).first().waitFor({ timeout: 60_000 })
  // Navigation is timed once every summary has arrived (the streaming is app start's figure).
  // Polled from here: the app's CSP allows no evaluated predicate in the page.
  const table = page.locator('table.drafts-table')
  for (const deadline = Date.now() + 180_000; ;) {
    if ((await table.getAttribute('aria-rowcount')) === String(DRAFT_COUNT + 1)) break
    if (Date.now() > deadline) throw new Error('the drafts list never held all 50,000 drafts')
    await new Promise((done) => setTimeout(done, 250))
  }
  const navigation: number[] = []
  for (let run = 0; run < NAVIGATIONS; run++) {
    navigation.push(await navigateAndTime(page, 'nav-settings', 'nav-drafts', FIRST_ROW))
  }
  const search = page.getByRole('searchbox', { name: 'Search drafts' })
  await search.focus()
  await typeAndTime(page, searchKeys(SEARCH_WARMUP))
  const searchTimings = await typeAndTime(page, searchKeys(SEARCH_SAMPLES))
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Backspace')
  return { navigation, search: searchTimings, memory: await rendererMemory(bench, page) }
}
