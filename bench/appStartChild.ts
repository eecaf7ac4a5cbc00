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
 * With `--open`, it then clicks the first row's link at once and times, the same way, the end of
 * the frame that paints the draft's editor (its title, shown once main answered drafts.get).
 *
 *   npx tsx bench/appStartChild.ts <data dir> [--open]
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
  /** With --open: start → the first row's draft open in its editor, painted. */
  openMs?: number
  /** With --open: the click's event in the page → the editor painted. */
  clickToOpenMs?: number
}

/** The editor of an opened draft: its title exists only once the draft is loaded. */
const EDITOR_TITLE = 'h1.editor__title, h1.builder__title'
/**
 * Installed before any page script, run by the first-row probe once the first row is painted:
 * clicks that row's link at once, in the page (as a designer's click, with no harness round trip
 * between), and leaves on window the click's time and the end of the frame that paints the
 * editor's title.
 */
const OPEN_PROBE = `window.__benchAfterFirstRow = () => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(EDITOR_TITLE)})) return
    observer.disconnect()
    requestAnimationFrame(() => setTimeout(() => {
      window.__benchOpenAt = performance.timeOrigin + performance.now()
    }, 0))
  })
  observer.observe(document, { childList: true, subtree: true })
  window.__benchClickAt = performance.timeOrigin + performance.now()
  document.querySelector('[data-draft-id] a.draft-link').click()
}`

const dataDir = process.argv[2]
const timeOpen = process.argv.includes('--open')
if (!dataDir) throw new Error('usage: tsx bench/appStartChild.ts <data dir> [--open]')
const bench = await startBenchBrowser()
try {
  const started = performance.timeOrigin + performance.now()
  const app = await bench.launch({
    dataDir,
    initScripts: timeOpen ? [FIRST_ROW_PROBE, OPEN_PROBE] : [FIRST_ROW_PROBE],
  })
  // Polled from here: the app's CSP allows no evaluated predicate in the page (waitForFunction),
  // and with --open the row is gone (the editor shows) by the time a locator would look.
  const pollFor = async (what: string, expression: string): Promise<number> => {
    for (const deadline = Date.now() + 60_000; ;) {
      const value = (await app.page.evaluate(expression)) as number | undefined
      if (value !== undefined) return value
      if (Date.now() > deadline) throw new Error(`${what} never came`)
      await new Promise((done) => setTimeout(done, 10))
    }
  }
  const ms = (await pollFor('the first row', 'window.__benchFirstRowAt')) - started
  const phases = (await app.page.evaluate('window.__benchPhases')) as {
    navigationStart: number
    domContentLoaded: number
    scripts: number
    lastScriptEnd: number
    firstRowInserted: number
  }
  let open: { openMs: number; clickToOpenMs: number } | undefined
  if (timeOpen) {
    const openAt = await pollFor('the first row’s draft open', 'window.__benchOpenAt')
    const clickAt = (await app.page.evaluate('window.__benchClickAt')) as number
    open = { openMs: openAt - started, clickToOpenMs: openAt - clickAt }
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
    ...open,
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`)
} finally {
  await bench.dispose()
}
