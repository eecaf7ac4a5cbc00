/**
 * Composer figure for issue 6: keystroke to counter update, p95, with 280 and with 25,000
 * characters typed, in Chromium (target ≤ 16 ms). Runs the built renderer through the E2E
 * harness (test/e2e/harness.ts), so `npx electron-vite build` must have run.
 * `npx tsx bench/composer.ts`, or call `benchComposer()`.
 */
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { LIMITS } from '../src/shared/rules/limits'

const SAMPLES = 200
const WARMUP = 20

interface Timings {
  /** From the input event to the counter's new text in the DOM. */
  toCounter: number[]
  /** From the input event to the next animation frame after that: when the number can be seen. */
  toFrame: number[]
}

/** The slice of the E2E harness used here (test/e2e is type-checked in its own project). */
interface Harness {
  startE2e(): Promise<{
    launch(options: { config: { secretStore: ReturnType<typeof createMemorySecretStore> } }): Promise<{
      page: Page
      consoleErrors: string[]
      close(): Promise<void>
    }>
    dispose(): Promise<void>
  }>
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

export async function benchComposer(): Promise<Record<string, number>> {
  const harnessUrl = pathToFileURL(resolve('test/e2e/harness.ts')).href
  const { startE2e } = (await import(harnessUrl)) as Harness
  const measureSource = (await readFile(resolve('bench/composerPage.js'), 'utf8')).replace(/^(\/[*/].*\n)+/, '')
  const measure = (page: Page, textLength: number, samples: number): Promise<Timings> =>
    page.evaluate(`(${measureSource.trim()})(${JSON.stringify({ textLength, samples })})`)

  const env = await startE2e()
  const app = await env.launch({ config: { secretStore: createMemorySecretStore() } })
  const figures: Record<string, number> = {}
  try {
    const { page } = app
    const created = (await page.evaluate(`window.studio.drafts.create({ kind: 'post' })`)) as
      | { ok: true; value: { id: string } }
      | { ok: false; error: { message: string } }
    if (!created.ok) throw new Error(created.error.message)
    await page.goto(page.url().replace(/#.*$/, `#/composer/${created.value.id}`))
    await page.getByTestId('post-counter-number').waitFor()

    const cases = [
      { chars: LIMITS.postLength.standard.value, limit: LIMITS.postLength.standard.value },
      { chars: LIMITS.postLength.longForm.value, limit: LIMITS.postLength.longForm.value },
    ]
    for (const { chars, limit } of cases) {
      await page.getByTestId(`post-limit-${limit}`).click()
      await measure(page, chars, WARMUP)
      const timings = await measure(page, chars, SAMPLES)
      const label = chars.toLocaleString('en-US')
      figures[`keystroke→counter @${label} median ms`] = percentile(timings.toCounter, 50)
      figures[`keystroke→counter @${label} p95 ms (≤16)`] = percentile(timings.toCounter, 95)
      figures[`keystroke→next frame @${label} median ms`] = percentile(timings.toFrame, 50)
      figures[`keystroke→next frame @${label} p95 ms`] = percentile(timings.toFrame, 95)
    }
    if (app.consoleErrors.length > 0) throw new Error(`console errors: ${app.consoleErrors.join('; ')}`)
  } finally {
    await app.close()
    await env.dispose()
  }
  return figures
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchComposer()
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(44)} ${value.toFixed(2)}`)
}
