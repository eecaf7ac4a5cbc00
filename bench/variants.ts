/**
 * Variants (issue 43: 500 variants generated and validated ≤ 2 s, the drafts list responsive
 * while they are written), through the real services' handlers: one card draft, 20 headlines ×
 * 25 destination URLs, every combination named, checked with the editors' rules and written as
 * a draft in a group. While that runs, the drafts list is asked for its first page every 5 ms,
 * as the page would after each drafts.changed: how long main takes to answer is main's share of
 * the list's responsiveness (the renderer's key → frame is the frames section's).
 *
 * `npx tsx bench/variants.ts` runs this section alone; `npm run bench -- --only variants` too.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createServices } from '../src/main/services'
import { createMemoryStore } from '../src/main/settings/confStore'
import { createMemorySecretStore } from '../src/main/vault/memoryStore'
import { emptyCardContent, type CardContent } from '../src/shared/creatives/card'
import { PRODUCTION_HOSTS } from '../src/shared/hosts'
import type { Row } from './report'
import { summarize } from './stats'

export interface VariantsBenchSamples {
  generateMs: number[]
  /** drafts.list answers while variants were being written, ms each. */
  listMs: number[]
  made: number
}

function sourceCard(): CardContent {
  const card = emptyCardContent()
  return {
    ...card,
    name: 'Spring',
    components: card.components.map((component) =>
      component.type === 'MEDIA'
        ? {
            ...component,
            media: { source: 'library' as const, mediaKey: '3_1', mediaType: 'IMAGE' as const },
          }
        : component.type === 'DETAILS'
          ? {
              ...component,
              title: 'Fresh flowers',
              destination: { type: 'WEBSITE' as const, url: 'https://a.example' },
            }
          : component,
    ),
  }
}

export async function benchVariants(rounds = 3): Promise<VariantsBenchSamples> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-variants-'))
  const services = createServices({
    dataDir: join(dir, 'data'),
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'bench' },
  })
  const { handlers } = services
  const samples: VariantsBenchSamples = { generateMs: [], listMs: [], made: 0 }
  try {
    await services.drafts.ready
    const source = await services.drafts.store.create('card', 'Spring', sourceCard())
    const variables = [
      { key: 'card_title', values: Array.from({ length: 20 }, (_, index) => `Spring headline ${index + 1}`) },
      {
        key: 'card_url',
        values: Array.from({ length: 25 }, (_, index) => `https://a.example/spring?v=${index}`),
      },
    ]
    const picks = variables[0]!.values.flatMap((_, a) => variables[1]!.values.map((__, b) => [a, b]))
    for (let round = 0; round <= rounds; round++) {
      let writing = true
      const lister = (async () => {
        while (writing) {
          const started = performance.now()
          await handlers['drafts.list']({ offset: 0, limit: 100 })
          if (round > 0) samples.listMs.push(performance.now() - started)
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
      })()
      const started = performance.now()
      const answer = await handlers['variants.generate']({
        draftId: source.id,
        base: `Spring ${round}`,
        variables,
        picks,
      })
      const ms = performance.now() - started
      writing = false
      await lister
      if (round > 0) samples.generateMs.push(ms)
      samples.made = answer.group.draftIds.length
    }
  } finally {
    await services.dispose()
    await rm(dir, { recursive: true, force: true })
  }
  return samples
}

export function variantsRows(samples: VariantsBenchSamples): Row[] {
  return [
    {
      what: 'Variants: 500 generated, validated and written',
      target: '≤ 2,000 ms',
      limit: 2_000,
      compare: 'max',
      unit: 'ms',
      summary: summarize(samples.generateMs),
      note: `${samples.made} drafts in a group per round, each checked with the editors' rules, one bulk step`,
    },
    {
      what: 'Variants: drafts.list answered while they are written',
      target: '(reference)',
      limit: Infinity,
      compare: 'max',
      unit: 'ms',
      summary: summarize(samples.listMs),
      note: "main's answer to the list's first page, asked every 5 ms during generation",
    },
  ]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const before = loadavg().map((value) => value.toFixed(2))
  const samples = await benchVariants()
  for (const row of variantsRows(samples))
    console.log(
      `${row.what}: p50 ${row.summary!.p50.toFixed(0)} ms, p95 ${row.summary!.p95.toFixed(0)} ms (n=${row.summary!.n}) — ${row.note}`,
    )
  console.log(
    `load average before: ${before.join(' ')}, after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  )
}
