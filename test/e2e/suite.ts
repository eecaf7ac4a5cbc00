import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/index'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

/**
 * A suite's browser and local sandbox, started before its tests and closed after them. The
 * fields are set once `beforeAll` has run, so tests read them, never the suite's top level.
 */
export function sandboxSuite(options: Partial<SandboxOptions> = {}): {
  env: E2eEnvironment
  sandbox: Sandbox
} {
  const suite = {} as { env: E2eEnvironment; sandbox: Sandbox }
  beforeAll(async () => {
    ;[suite.env, suite.sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0, ...options })])
  })
  afterAll(async () => {
    await Promise.all([suite.env?.dispose(), suite.sandbox?.close()])
  })
  return suite
}

/** Light, then dark, of the same state (each through the axe gate); the pointer out of the way. */
export async function shootBothPalettes(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.mouse.move(0, 0)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), animations: 'disabled', ...options })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Where keyboard focus is: a control's tag and name, or BODY when it fell to the page. */
export const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    if (!active || active === document.body) return 'BODY'
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}`
  })
