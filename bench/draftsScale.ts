/**
 * The drafts page with many drafts, in Chromium through the built app and the real services:
 * navigation → page painted, search keystroke → frame, and the renderer's memory afterwards.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { installProbe, typeAndTime, type BenchApp, type BenchBrowser } from './browser'
import { traceIfSlow } from './rendererProfile'

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
  memory: { jsHeapMb: number; domNodes: number; renderer: RendererMemory }
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

export interface RendererMemory {
  /**
   * The renderer's private memory footprint: its anonymous resident memory plus swap
   * (/proc/<pid>/status RssAnon + VmSwap), Chromium's own per-process figure on Linux (the
   * "Memory footprint" column of its task manager, the Memory.Renderer.PrivateMemoryFootprint
   * metric). It is what the page costs: JS heap, DOM, layout, decoded images, Blink's caches.
   */
  privateFootprintMb: number
  /**
   * Resident set size: the footprint plus file-backed pages mapped from disk (Chromium's own code,
   * ICU data, fonts), which every Chromium process maps and shares and which the app cannot
   * change: about 120 MB of a renderer's RSS here, with 10 drafts or 50,000.
   */
  rssMb: number
  fileBackedMb: number
}

const kbField = (status: string, name: string) =>
  Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024

/**
 * The memory of the renderer that shows the app: Chromium lists its renderer processes (the
 * page's, plus an idle spare), and the page's is the largest of them.
 */
async function rendererProcessMemory(bench: BenchBrowser): Promise<RendererMemory> {
  const browserSession = await bench.browser.newBrowserCDPSession()
  const info = (await browserSession.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[]
  }
  await browserSession.detach()
  let largest: RendererMemory = { privateFootprintMb: 0, rssMb: 0, fileBackedMb: 0 }
  for (const process of info.processInfo.filter((candidate) => candidate.type === 'renderer')) {
    const status = await readFile(`/proc/${process.id}/status`, 'utf8').catch(() => '')
    const memory = {
      privateFootprintMb: kbField(status, 'RssAnon') + kbField(status, 'VmSwap'),
      rssMb: kbField(status, 'VmRSS'),
      fileBackedMb: kbField(status, 'RssFile'),
    }
    if (memory.privateFootprintMb > largest.privateFootprintMb) largest = memory
  }
  if (largest.rssMb === 0) throw new Error('no renderer process found in /proc (the bench needs Linux)')
  return largest
}

/** Renderer memory after a full GC: the JS heap, the DOM, and the renderer process itself. */
async function rendererMemory(bench: BenchBrowser, page: Page): Promise<DraftsScaleFigures['memory']> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const heap = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
  const dom = (await session.send('Memory.getDOMCounters')) as { nodes: number }
  await session.detach()
  return {
    jsHeapMb: heap.usedSize / 1024 / 1024,
    domNodes: dom.nodes,
    renderer: await rendererProcessMemory(bench),
  }
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
  await traceIfSlow(bench.browser, page, 'drafts-search', searchTimings, () =>
    typeAndTime(page, searchKeys(SEARCH_SAMPLES)),
  )
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Backspace')
  return { navigation, search: searchTimings, memory: await rendererMemory(bench, page) }
}
