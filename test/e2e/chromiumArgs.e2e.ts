import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from './chromium'

/** The feature names Playwright disables, read from the installed playwright-core. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url)
  const root = dirname(require.resolve('playwright-core/package.json'))
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8')
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle)?.[1]
  if (!list) {
    throw new Error(
      "playwright-core's disabledFeatures list was not found in lib/coreBundle.js: Playwright was upgraded. " +
        'Find its chromiumSwitches list and copy it into PLAYWRIGHT_DISABLED_FEATURES (test/e2e/chromium.ts).',
    )
  }
  return [...list.matchAll(/^\s*"([^"]+)"/gm)].map((match) => match[1]!)
}

describe('the E2E and bench Chromium switches', () => {
  it("repeat Playwright's disabled features, which our single --disable-features switch replaces", () => {
    const theirs = playwrightDisabledFeatures()
    expect(theirs.length).toBeGreaterThan(5)
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(theirs)
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='))
    expect(switches).toHaveLength(1)
    const ours = switches[0]!.slice('--disable-features='.length).split(',')
    expect(ours).toEqual(expect.arrayContaining([...theirs, 'WebUIOmniboxPopup', 'NavigationPredictor']))
  })
})
