/**
 * What the first page costs to load: the renderer's JavaScript gzip-compressed, as the build
 * manifest gives it (test/support/rendererBundle.ts, the same facts the budget test asserts),
 * and, as a cross-check, the scripts Chromium actually fetched to show the drafts page.
 */
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { firstPageBundle } from '../test/support/rendererBundle'
import type { BenchBrowser } from './browser'

export interface BundleFigures {
  firstPageJsKb: number
  entryJsKb: number
  cssKb: number
  fetchedJsKb: number
  fetchedFiles: string[]
}

export async function benchBundle(bench: BenchBrowser): Promise<BundleFigures> {
  const facts = await firstPageBundle()
  const app = await bench.launch()
  let fetchedFiles: string[]
  try {
    await app.page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor()
    await app.page.waitForLoadState('networkidle')
    fetchedFiles = (await app.page.evaluate(
      `performance.getEntriesByType('resource').map((entry) => entry.name)`,
    )) as string[]
  } finally {
    await app.close()
  }
  const scripts = fetchedFiles.filter((url) => url.endsWith('.js')).map((url) => new URL(url).pathname)
  let fetched = 0
  for (const path of scripts)
    fetched += gzipSync(await readFile(join(resolve('out/renderer'), path)), { level: 9 }).length
  return {
    firstPageJsKb: facts.firstPageJsGzip / 1024,
    entryJsKb: facts.entryJsGzip / 1024,
    cssKb: facts.cssGzip / 1024,
    fetchedJsKb: fetched / 1024,
    fetchedFiles: scripts,
  }
}
