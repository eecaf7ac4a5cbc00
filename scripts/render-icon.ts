/**
 * Renders resources/icon.svg (the one source of the app icon) to resources/icon.png at 1024×1024,
 * which electron-builder turns into the macOS .icns, the Windows .ico and the Linux icon set.
 * Run it after changing the SVG: `npx tsx scripts/render-icon.ts`. Uses the system Chromium.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, findChromium } from '../test/e2e/chromium'

const SIZE = 1024

const svg = await readFile(resolve('resources/icon.svg'), 'utf8')
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true })
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 })
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="${source}" width="${SIZE}" height="${SIZE}"></body></html>`,
  )
  await page.locator('img').evaluate((image: HTMLImageElement) => image.decode())
  await page.screenshot({ path: resolve('resources/icon.png'), omitBackground: true })
} finally {
  await browser.close()
}
