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

const FIRST_ROW_PROBE = `(() => {
  const painted = () => requestAnimationFrame(() => setTimeout(() => {
    window.__benchFirstRowAt = performance.timeOrigin + performance.now()
  }, 0))
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-draft-id]')) return
    observer.disconnect()
    painted()
  })
  observer.observe(document, { childList: true, subtree: true })
})()`

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: tsx bench/appStartChild.ts <data dir>')
const bench = await startBenchBrowser()
try {
  const started = performance.timeOrigin + performance.now()
  const app = await bench.launch({ dataDir, initScripts: [FIRST_ROW_PROBE] })
  await app.page.locator('[data-draft-id]').first().waitFor({ timeout: 60_000 })
  await app.page.waitForFunction('window.__benchFirstRowAt !== undefined', undefined, { timeout: 60_000 })
  const ms = ((await app.page.evaluate('window.__benchFirstRowAt')) as number) - started
  if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
  await app.close()
  process.stdout.write(`${JSON.stringify({ ms })}\n`)
} finally {
  await bench.dispose()
}
