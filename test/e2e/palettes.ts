import type { Page } from 'playwright-core'
import { screenshotPath } from './harness'

/**
 * Screenshots one screen in the light and the dark palette (each also through the axe gate, see
 * harness.ts), the pointer parked in a corner so no hover state leaks into the picture.
 */
export async function shootBothPalettes(page: Page, name: string): Promise<void> {
  await page.mouse.move(1279, 819)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: screenshotPath(`${name}-${scheme}`), fullPage: true })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
