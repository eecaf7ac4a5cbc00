/**
 * One cold app start, in a fresh process (spawned by bench/appStart.ts): Chromium is already up,
 * as Electron's browser process would be; the clock starts before createServices() and stops
 * at the end of the frame in which the first row of the drafts list was painted, as the page
 * itself sees it. Prints {"ms": …} on stdout.
 *
 * The page times the frame (a MutationObserver, then requestAnimationFrame and a task after
 * it), not Playwright: in this harness the IPC bridge and Playwright's own polling share the
 * Node process with the services, and each large drafts.list page crossing the bridge costs
 * Playwright's protocol serialiser about a second of CPU on a loaded machine, so "Playwright
 * saw the row" came seconds after the row was on screen (issue 11's 13–19 s).
 *
 *   npx tsx bench/appStartChild.ts <data dir>
 */
import { startBenchBrowser } from './browser'
import { FIRST_ROW_PROBE } from './firstRowProbe'

/** One start's figure and where it went (ms; the page's figures from its navigation start). */
export interface AppStartFigures {
  ms: number
  windowMs: number
  rendererMs: number
  domContentLoadedMs: number
  scripts: number
  lastScriptMs: number
  firstRowInsertedMs: number
}

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: tsx bench/appStartChild.ts <data dir>')
const bench = await startBenchBrowser()
try {
  const started = performance.timeOrigin + performance.now()
  const app = await bench.launch({ dataDir, initScripts: [FIRST_ROW_PROBE] })
  await app.page.locator('[data-draft-id]').first().waitFor({ timeout: 60_000 })
  await app.page.waitForFunction('window.__benchFirstRowAt !== undefined', undefined, { timeout: 60_000 })
  const ms = ((await app.page.evaluate('window.__benchFirstRowAt')) as number) - started
  const phases = (await app.page.evaluate('window.__benchPhases')) as {
    navigationStart: number
    domContentLoaded: number
    scripts: number
    lastScriptEnd: number
    firstRowInserted: number
  }
  if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
  await app.close()
  const figures: AppStartFigures = {
    ms,
    // createServices(), the browser context and page, the preload and IPC bridge, up to the
    // page's navigation start: what Electron spends creating its BrowserWindow and loading the preload.
    windowMs: phases.navigationStart - started,
    // From the navigation start, in the page's own clock.
    rendererMs: ms - (phases.navigationStart - started),
    domContentLoadedMs: phases.domContentLoaded,
    scripts: phases.scripts,
    lastScriptMs: phases.lastScriptEnd,
    firstRowInsertedMs: phases.firstRowInserted,
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`)
} finally {
  await bench.dispose()
}
