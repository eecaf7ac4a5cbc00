/**
 * `npm run bench`: every performance figure the issues ask for, printed per section with its
 * target. Nothing here asserts; it measures. The composer section drives the built renderer in
 * Chromium, which is why the npm script builds first.
 */
import { benchBuilder } from './builder'
import { benchComposer } from './composer'
import { benchDrafts } from './drafts'
import { benchOutbox } from './outbox'
import { benchCatalog, printCatalogRows } from './catalog'

interface Section {
  title: string
  target: string
  run: () => Promise<Record<string, number>>
}

const SECTIONS: Section[] = [
  {
    title: 'Draft store (1,000 and 10,000 drafts on disk)',
    target: 'save p95 ≤ 10 ms and no worse with more drafts; cold load of 10,000 ≤ 1 s',
    run: benchDrafts,
  },
  { title: 'Card builder', target: 're-validate + preview after one change ≤ 16 ms', run: benchBuilder },
  {
    title: 'Composer, in Chromium',
    target: 'keystroke → counter update p95 ≤ 16 ms at 280 and 25,000 characters',
    run: benchComposer,
  },
  { title: 'Outbox', target: 'client overhead per step, network excluded, ≤ 5 ms', run: benchOutbox },
  // Catalog (issue 15): prints its own rows (samples, p50, p95, target, pass/fail).
  {
    title: 'Catalog: 10,000-product feed import, send, UI while sending (Chromium)',
    target: 'parse + validate ≤ 1 s; input → frame p95 ≤ 16 ms while sending',
    run: async () => (printCatalogRows(await benchCatalog()), {}),
  },
]

for (const section of SECTIONS) {
  console.log(`\n== ${section.title}\n   target: ${section.target}`)
  const figures = await section.run()
  for (const [name, value] of Object.entries(figures))
    console.log(`   ${name.padEnd(44)} ${value.toFixed(2)}`)
}
