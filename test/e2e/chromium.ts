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
]
