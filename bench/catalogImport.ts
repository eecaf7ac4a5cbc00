/**
 * A merchant-style feed imported through the UI (issue 46, item 5), in Chromium on the built
 * renderer with the real services (test/e2e/harness.ts):
 * 1. Choose file → report painted, cold: a fresh app each sample (new services, so a new feed
 *    worker; a new page), the file chosen in the Import tab, timed in the page from the click
 *    to the frame after the report's counts are in the DOM. Target ≤ 1 s.
 * 2. Key → frame while it validates: real keys into the product search while main opens and
 *    checks the same feed again and again (the services' own handlers, as the page calls them),
 *    against the same typing with nothing validating and the bare-textarea floor of this run.
 * The feed: 10,000 products, 24 columns, ~700-character descriptions, four images each (about
 * 12.4 MB); one row in 97 breaks a rule, so the report has several pages.
 * `npx electron-vite build && npx tsx bench/catalogImport.ts`, or call `benchCatalogImport()`.
 */
import { cp, mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import type { Services, ServicesConfig } from '../src/main/services'
import { createFeedWorker } from '../src/main/catalog/feedWorkerClient'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { KEY_INTERVAL_MS, typeAndTime } from './browser'
import { alternatingKeys, benchFloor } from './keyToFrame'
import type { Row } from './report'
import { connectSandboxProfile, type ServiceHandlers } from './sandboxProfile'
import { startSandboxThread } from './sandboxThread'
import { summarize } from './stats'

const PRODUCTS = 10_000
const BROKEN_EVERY = 97
const COLD_SAMPLES = 5
const TYPED_KEYS = 120
const FRAME_BUDGET_MS = 8

interface Harness {
  startE2e(): Promise<{
    browser: Browser
    server: { origin: string }
    launch(options: {
      dataDir?: string
      config: Partial<ServicesConfig>
    }): Promise<{ page: Page; services: Services; close(): Promise<void> }>
    dispose(): Promise<void>
  }>
}

const COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'link',
  'mobile_link',
  'image_link',
  'additional_image_link',
  'brand',
  'gtin',
  'mpn',
  'google_product_category',
  'product_type',
  'inventory',
  'item_group_id',
  'gender',
  'color',
  'size',
  'age_group',
  'material',
  'shipping_weight',
]

const SENTENCES = [
  'Cut from a soft, breathable cotton blend that keeps its shape wash after wash.',
  'The relaxed fit leaves room to layer, with dropped shoulders and a straight hem.',
  'Reinforced seams, a ribbed collar and cuffs that do not stretch out over time.',
  'Dyed in small batches, so each colour may vary slightly from the photographs.',
  'Machine wash cold with similar colours; tumble dry low or hang to dry in the shade.',
  'Our sizes run true: if you are between two, we suggest the larger for comfort.',
  'Made in a certified factory that pays fair wages and recycles its offcuts.',
  'Ships in recycled packaging within two working days; free returns for 30 days.',
  'Pairs with the rest of the collection: see the matching trousers and cap.',
]

/** The CSV cell for a value: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)

/** About 1,240 bytes a row: a feed exported by a shop platform, long descriptions and all. */
export function merchantFeedCsv(): string {
  const lines = [COLUMNS.join(',')]
  const colours = ['navy', 'forest green', 'sand', 'charcoal', 'rust']
  const sizes = ['XS', 'S', 'M', 'L', 'XL']
  for (let i = 0; i < PRODUCTS; i++) {
    const group = `style-${Math.floor(i / 5)}`
    const description = Array.from({ length: 8 }, (_, at) => SENTENCES[(i + at) % SENTENCES.length]).join(' ')
    const images = [1, 2, 3].map(
      (k) => `https://cdn.shop.example/images/${group}/${i}-alt-${k}-1200x1200.jpg`,
    )
    const broken = i % BROKEN_EVERY === 0
    const row = [
      `SKU-${String(i).padStart(6, '0')}`,
      `Organic cotton crew tee ${i}, ${colours[i % 5]}, size ${sizes[i % 5]}`,
      description,
      'in stock',
      'new',
      // A broken row: a price with no currency, named on its field in the report.
      broken ? '24.00' : '24.00 USD',
      '19.50 USD',
      `https://www.shop.example/products/organic-crew-tee-${i}?variant=${i}&utm_source=feed&utm_medium=catalog`,
      `https://m.shop.example/products/organic-crew-tee-${i}?variant=${i}`,
      `https://cdn.shop.example/images/${group}/${i}-main-1200x1200.jpg`,
      images.join(','),
      'Northwind Organics',
      String(4006381333931 + i).padStart(13, '0'),
      `NW-TEE-${i}`,
      'Apparel & Accessories > Clothing > Shirts & Tops',
      'Clothing > Tops > T-shirts',
      String(5 + (i % 40)),
      group,
      ['female', 'male', 'unisex'][i % 3]!,
      colours[i % 5]!,
      sizes[i % 5]!,
      'adult',
      '100% organic cotton',
      `${(0.18 + (i % 5) * 0.01).toFixed(2)} kg`,
    ]
    lines.push(row.map(cell).join(','))
  }
  return `${lines.join('\n')}\n`
}

/** In the page: click Choose file, wait for the report's counts, then for the frame that shows them. */
const CHOOSE_TO_PAINTED = `(async () => {
  const started = performance.now()
  document.querySelector('[data-testid="import-choose"]').click()
  const shown = () => document.querySelector('[data-testid="import-report"] .badge--success')
  await new Promise((resolve) => {
    if (shown()) return resolve()
    const observer = new MutationObserver(() => {
      if (shown()) {
        observer.disconnect()
        resolve()
      }
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  })
  // A task posted from the next frame's callback runs after that frame's paint.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  return { ms: performance.now() - started, ready: shown().textContent }
})()`

export async function benchCatalogImport(log: (message: string) => void = console.log): Promise<Row[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-catalog-import-'))
  const sandbox = await startSandboxThread({ port: 0 })
  const { startE2e } = (await import(pathToFileURL(resolve('test/e2e/harness.ts')).href)) as Harness
  const env = await startE2e()
  const secretStore = createMemorySecretStore()
  try {
    const file = join(dir, 'merchant-feed.csv')
    await writeFile(file, merchantFeedCsv())
    const feedBytes = (await stat(file)).size
    const expectedValid = PRODUCTS - Math.ceil(PRODUCTS / BROKEN_EVERY)
    // The app's own worker bundle (main runs from source here; its worker would be compiled by
    // tsx as it loads, which the app never does): each launch gets a new thread of it.
    const bundle = pathToFileURL(resolve('out/main/catalogFeedWorker.js'))
    const config = () => ({
      secretStore,
      catalogDialogs: { chooseFeedFile: async () => file, chooseCsvExportPath: async () => null },
      feedWorker: createFeedWorker({ bundle }),
    })

    // One data folder with a connected profile and its catalog, copied for every cold start.
    const seeded = join(dir, 'seeded')
    let profileId = ''
    {
      const app = await env.launch({ dataDir: seeded, config: config() })
      try {
        const handlers = app.services.handlers as ServiceHandlers
        profileId = await connectSandboxProfile(handlers, sandbox)
        await handlers['catalog.save']!({ profileId, name: 'Merchant' })
        await app.services.outbox.idle()
      } finally {
        await app.close()
      }
    }

    const cold: number[] = []
    for (let sample = 0; sample < COLD_SAMPLES; sample++) {
      const dataDir = join(dir, `cold-${sample}`)
      await cp(seeded, dataDir, { recursive: true })
      const app = await env.launch({ dataDir, config: config() })
      try {
        await app.page.goto(`${env.server.origin}/index.html#/catalog`)
        await app.page.getByTestId('tab-import').click()
        await app.page.locator('[data-testid="import-choose"]:not([disabled])').waitFor()
        const painted = (await app.page.evaluate(CHOOSE_TO_PAINTED)) as { ms: number; ready: string }
        if (!painted.ready.startsWith(expectedValid.toLocaleString('en-US')))
          throw new Error(`the report says “${painted.ready}”, not ${expectedValid} ready`)
        cold.push(painted.ms)
        log(`  cold import ${sample + 1}: ${painted.ms.toFixed(0)} ms`)
      } finally {
        await app.close()
        await rm(dataDir, { recursive: true, force: true })
      }
    }

    // Typing while main opens and checks the feed, round after round.
    const floor = await benchFloor(env)
    let quiet: number[] = []
    const validating: number[] = []
    let checks = 0
    await cp(seeded, join(dir, 'typing'), { recursive: true })
    const typingApp = await env.launch({ dataDir: join(dir, 'typing'), config: config() })
    try {
      const { page } = typingApp
      await page.goto(`${env.server.origin}/index.html#/catalog`)
      await page.getByTestId('product-table').waitFor()
      const search = page.locator('input[type="search"]')
      await search.fill('tee')
      await search.focus()
      await page.keyboard.press('End')
      await new Promise((done) => setTimeout(done, KEY_INTERVAL_MS))
      quiet = await typeAndTime(page, alternatingKeys(TYPED_KEYS))

      const handlers = typingApp.services.handlers as ServiceHandlers
      let running = true
      let inFlight = false
      const loop = (async () => {
        while (running) {
          inFlight = true
          const opened = (await handlers['catalog.importOpen']!({ profileId })) as {
            importId: string
            mapping: Record<string, string>
          }
          await handlers['catalog.importCheck']!({ importId: opened.importId, mapping: opened.mapping })
          inFlight = false
          checks += 1
        }
      })()
      while (validating.length < TYPED_KEYS) {
        // Keys count only while a check is under way; the loop starts the next at once.
        const batch = await typeAndTime(page, alternatingKeys(10), undefined, () => inFlight)
        validating.push(...batch)
        if (batch.length === 0) await new Promise((done) => setTimeout(done, 5))
      }
      running = false
      await loop
    } finally {
      await typingApp.close()
    }

    const floorSummary = summarize(floor)
    const limit = floorSummary.p95 + FRAME_BUDGET_MS
    const size = `${(feedBytes / 1024 / 1024).toFixed(1)} MB, ${PRODUCTS.toLocaleString('en-US')} products, ${COLUMNS.length} columns`
    return [
      {
        what: 'Catalog: merchant feed, Choose file → report painted, cold',
        target: '≤ 1000 ms',
        limit: 1000,
        compare: 'max',
        unit: 'ms',
        summary: summarize(cold),
        note: `${size}; a fresh app (services, feed worker, page) each sample, from the click to the frame showing the counts; load average ${loadavg()[0]?.toFixed(2)}`,
      },
      {
        what: 'Reference: floor for the catalog typing rows',
        target: '(reference)',
        limit: Infinity,
        compare: 'max',
        unit: 'ms',
        summary: floorSummary,
        note: 'bare <textarea>, same browser, same run',
      },
      {
        what: 'Reference: product search typing, nothing validating',
        target: '(reference)',
        limit: Infinity,
        compare: 'max',
        unit: 'ms',
        summary: summarize(quiet),
      },
      {
        what: 'Catalog: key → frame while a merchant feed validates',
        target: `≤ floor + ${FRAME_BUDGET_MS} = ${limit.toFixed(1)} ms`,
        relative: true,
        limit,
        compare: 'max',
        unit: 'ms',
        summary: summarize(validating),
        note:
          `keys into the product search while main opened and checked the feed ${checks} times (its handlers, as the page calls them); ` +
          `the browser driver shares main's process, so a check on main's own thread would hold the keys back in Node, not in the page: the row holds only while checks run in the feed worker`,
      },
    ]
  } finally {
    await env.dispose()
    await sandbox.close()
    await rm(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { formatTable } = await import('./report')
  const { measureMachine } = await import('./machine')
  const before = measureMachine()
  const rows = await benchCatalogImport()
  const after = measureMachine()
  console.log(formatTable(rows))
  console.log(
    `fixed workload (bench/machine.ts) ${before.workloadMs} ms before, ${after.workloadMs} ms after; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  )
}
