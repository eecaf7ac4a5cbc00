/**
 * One cold app start, in a fresh process (spawned by bench/appStart.ts): Chromium is already up,
 * as Electron's browser process would be; the clock starts before createServices() and stops
 * when the first row of the drafts list has been painted. Prints {"ms": …} on stdout.
 *
 *   npx tsx bench/appStartChild.ts <data dir>
 */
import { startBenchBrowser } from './browser'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: tsx bench/appStartChild.ts <data dir>')
const bench = await startBenchBrowser()
try {
  const started = performance.now()
  const app = await bench.launch({ dataDir })
  await app.page.locator('[data-draft-id]').first().waitFor({ timeout: 60_000 })
  await app.page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))')
  const ms = performance.now() - started
  if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
  await app.close()
  process.stdout.write(`${JSON.stringify({ ms })}\n`)
} finally {
  await bench.dispose()
}
