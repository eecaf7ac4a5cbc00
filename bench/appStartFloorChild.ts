/**
 * The app start row's floor, in a fresh process (spawned by bench/appStart.ts): the same window
 * as bench/appStartChild.ts — Chromium already up, then a fresh browser context with an init
 * script (the first-row probe), a fresh page with the IPC bridge, navigation over HTTP from
 * 127.0.0.1 — but the page is one static row and no app: no services, no scripts, no React. Its
 * figure is what no app can go under on this machine in this harness; the start rows read
 * against it.
 * Prints {"ms": …, "windowMs": …} on stdout.
 *
 *   npx tsx bench/appStartFloorChild.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { FIRST_ROW_PROBE } from './firstRowProbe'

// The E2E harness's browser flags and static server (test/e2e is type-checked in its own project).
const { CHROMIUM_ARGS, findChromium } = (await import(
  pathToFileURL(resolve('test/e2e/chromium.ts')).href
)) as {
  CHROMIUM_ARGS: string[]
  findChromium(): string
}
const { serveDirectory } = (await import(pathToFileURL(resolve('test/e2e/staticServer.ts')).href)) as {
  serveDirectory(root: string): Promise<{ origin: string; close(): Promise<void> }>
}
const { connectIpcBridge } = (await import(pathToFileURL(resolve('test/e2e/ipcBridge.ts')).href)) as {
  connectIpcBridge(page: Page, handle: () => Promise<unknown>): Promise<void>
}

const ONE_ROW_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>' +
  '<body><div data-draft-id="floor">One draft</div></body></html>'

const dir = await mkdtemp(join(tmpdir(), 'ads-studio-start-floor-'))
await writeFile(join(dir, 'index.html'), ONE_ROW_PAGE)
const server = await serveDirectory(dir)
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true })
try {
  const started = performance.timeOrigin + performance.now()
  // The harness's window steps (test/e2e/harness.ts launch()), in the same order.
  const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: 'light' })
  await context.addInitScript({ content: FIRST_ROW_PROBE })
  const page = await context.newPage()
  await connectIpcBridge(page, async () => null)
  await page.goto(`${server.origin}/index.html`)
  await page.waitForFunction('window.__benchFirstRowAt !== undefined', undefined, { timeout: 60_000 })
  const paintedAt = (await page.evaluate('window.__benchFirstRowAt')) as number
  const navigationStart = (await page.evaluate('performance.timeOrigin')) as number
  process.stdout.write(
    `${JSON.stringify({ ms: paintedAt - started, windowMs: navigationStart - started })}\n`,
  )
} finally {
  await browser.close()
  await server.close()
  await rm(dir, { recursive: true, force: true })
}
