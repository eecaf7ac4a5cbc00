import { existsSync } from 'node:fs'

const CANDIDATES = [
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
]

/** The system Chromium: CHROME_PATH first, then the usual install paths. Never downloads one. */
export function findChromium(): string {
  const fromEnv = process.env.CHROME_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`)
    return fromEnv
  }
  const found = CANDIDATES.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      'The E2E suite needs a system Chromium and found none. Install it (Debian/Ubuntu: `apt-get install -y chromium`) ' +
        'or set CHROME_PATH to a Chrome or Chromium binary. The suite never downloads a browser.',
    )
  }
  return found
}

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches.ts). Chromium
 * keeps only the last `--disable-features` switch, so ours must repeat it: a test checks it
 * against the installed Playwright.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Headless Chromium is the whole Chrome browser without a screen: each new window also loads
 * Chrome's address-bar popup, a WebUI page in a renderer process of its own. While the app
 * started, that page took 280–570 ms of a core on these 2-core machines, beside a page that is
 * the whole figure. Electron's windows have no address bar (rule P18, bench/PERFORMANCE.md).
 */
const CHROME_ONLY_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']

/**
 * Chromium's navigation predictor picks 1 link in 100 as the page inserts them and watches it
 * with an intersection observer that checks at most every 100 ms: a change sooner than that
 * asks for a frame, with nothing to draw, when the 100 ms are up. It runs on http and https pages
 * only. The harness serves the app from http://127.0.0.1; the app itself loads from app://, where
 * it never starts. When it
 * picked a link that stays (one in the sidebar), every key of the run could wait one more tick
 * of the 60 Hz clock, a cost the app never has (rule P18, bench/PERFORMANCE.md).
 */
const HTTP_ONLY_FEATURES = ['NavigationPredictor']

/** Headless mode is Playwright's `headless: true`; these keep Chromium off the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...CHROME_ONLY_FEATURES, ...HTTP_ONLY_FEATURES].join(',')}`,
]
