/**
 * The built app in Chromium for the bench: the E2E harness (test/e2e/harness.ts), so the
 * renderer, the preload, the IPC dispatcher and createServices() are the real ones, with an
 * in-memory secret store (the bench needs no keychain). `npm run bench` builds first.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import type { Services } from '../src/main/services'

export interface BenchApp {
  page: Page
  services: Services
  dataDir: string
  consoleErrors: string[]
  close(): Promise<void>
}

export interface BenchBrowser {
  browser: Browser
  origin: string
  launch(options?: { dataDir?: string; initScripts?: string[] }): Promise<BenchApp>
  dispose(): Promise<void>
}

/** The slice of the E2E harness used here (test/e2e is type-checked in its own project). */
interface Harness {
  startE2e(): Promise<{
    browser: Browser
    server: { origin: string }
    launch(options: {
      dataDir?: string
      initScripts?: string[]
      config: { secretStore: ReturnType<typeof createMemorySecretStore> }
    }): Promise<BenchApp>
    dispose(): Promise<void>
  }>
}

export async function startBenchBrowser(): Promise<BenchBrowser> {
  const harness = (await import(pathToFileURL(resolve('test/e2e/harness.ts')).href)) as Harness
  const env = await harness.startE2e()
  return {
    browser: env.browser,
    origin: env.server.origin,
    launch: (options = {}) => env.launch({ ...options, config: { secretStore: createMemorySecretStore() } }),
    dispose: () => env.dispose(),
  }
}

let probeSource: string | undefined

/** Installs bench/probe.js in the page (idempotent). */
export async function installProbe(page: Page): Promise<void> {
  probeSource ??= await readFile(resolve('bench/probe.js'), 'utf8')
  await page.evaluate(probeSource)
}

/** A fast typist's pace: one key every 80 ms (about 150 words a minute). */
export const KEY_INTERVAL_MS = 80

/**
 * Presses `keys` in turn as a fast typist would (one key every `intervalMs`), each a real key
 * event, and returns the key → end-of-next-frame time of each. Keys do not wait for the app to
 * catch up beyond their own frame: work the app defers lands on the next keys' figures.
 */
export async function typeAndTime(
  page: Page,
  keys: readonly string[],
  intervalMs = KEY_INTERVAL_MS,
  /** Asked before each key: false stops the typing there. */
  keepTyping: () => boolean = () => true,
): Promise<number[]> {
  await installProbe(page)
  const first = (await page.evaluate('window.__benchProbe.count()')) as number
  const timings: number[] = []
  for (const [index, key] of keys.entries()) {
    if (!keepTyping()) break
    const started = Date.now()
    const sample = page.evaluate(`window.__benchProbe.sample(${first + index + 1})`) as Promise<number>
    await page.keyboard.press(key)
    timings.push(await sample)
    const rest = intervalMs - (Date.now() - started)
    if (rest > 0) await new Promise((done) => setTimeout(done, rest))
  }
  return timings
}

export async function ok<T>(page: Page, call: string): Promise<T> {
  const result = (await page.evaluate(call)) as
    { ok: true; value: T } | { ok: false; error: { message: string } }
  if (!result.ok) throw new Error(`${call}: ${result.error.message}`)
  return result.value
}
