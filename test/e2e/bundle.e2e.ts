import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entryKey, firstPageBundle, readManifest, staticClosure } from '../support/rendererBundle'

// A size budget is a fact of the build, not a timing: it is asserted here, after the suite's
// `electron-vite build`. Raise it only with a reason; pages load lazily through the route table
// (src/renderer/app/routes.ts), and a heavy import can wait behind a dynamic import().
const FIRST_PAGE_JS_BUDGET_BYTES = 200 * 1024

describe('the renderer bundle', () => {
  it('keeps the JavaScript the first page loads within 200 KB gzip', async () => {
    const bundle = await firstPageBundle()
    expect(
      bundle.firstPageJsGzip,
      `The first page loads ${(bundle.firstPageJsGzip / 1024).toFixed(1)} KB of gzip-compressed JavaScript ` +
        `(${bundle.firstPageFiles.join(', ')}), over the 200 KB budget. Load the page that grew with React.lazy ` +
        '(a load() in src/renderer/app/routes.ts) or move the heavy import behind a dynamic import().',
    ).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET_BYTES)
  })

  it('loads every page, and twitter-text with its core-js, only when needed', async () => {
    const manifest = await readManifest()
    const initial = staticClosure(manifest, entryKey(manifest))
    const pages = Object.keys(manifest).filter((key) => /^features\/.*Page\.tsx$/.test(key))
    expect(pages.length).toBeGreaterThanOrEqual(9)
    for (const page of pages) {
      expect(manifest[page]!.isDynamicEntry, `${page} should be loaded with React.lazy`).toBe(true)
      expect(initial.has(page), `${page} is part of the start-up chunks`).toBe(false)
    }
    const twitterText = Object.keys(manifest).filter((key) => key.includes('node_modules/twitter-text/'))
    expect(twitterText).toHaveLength(1)
    expect(manifest[twitterText[0]!]!.isDynamicEntry).toBe(true)
    const firstPage = staticClosure(manifest, 'features/drafts/DraftsPage.tsx', new Set(initial))
    expect(firstPage.has(twitterText[0]!)).toBe(false)
  })

  // Rule P11 (bench/PERFORMANCE.md). zod's schemas are main's (every IPC payload) and the
  // editors' (live rules). In the first page's code they were a third of its vendor chunk,
  // parsed and built on every start for nothing: the list needs plain values (drafts/kinds.ts,
  // apiHosts.ts, environments.ts, creatives/mediaType.ts).
  it('keeps zod out of the code the first page loads', async () => {
    const dir = resolve('out/renderer')
    const hasZod = async (file: string) => (await readFile(join(dir, file), 'utf8')).includes('ZodError')
    const chunks = (await readdir(join(dir, 'assets'))).filter((file) => file.endsWith('.js'))
    // Named as the build manifest names them (assets/…), which is how firstPageBundle lists them.
    const withZod = new Set<string>()
    for (const file of chunks) if (await hasZod(`assets/${file}`)) withZod.add(`assets/${file}`)
    expect(
      withZod.size,
      'zod\'s marker ("ZodError") is in no chunk: the check below would prove nothing',
    ).toBeGreaterThan(0)
    const { firstPageFiles } = await firstPageBundle(dir)
    for (const file of firstPageFiles) {
      expect(
        withZod.has(file),
        `${file} (loaded for the first page) contains zod. Import the plain values the page needs from ` +
          'a module without schemas (e.g. src/shared/drafts/kinds.ts rather than envelope.ts).',
      ).toBe(false)
    }
  })
})
