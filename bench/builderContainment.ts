/**
 * The card builder's key → frame with and without containment of its slide cards and preview
 * (`contain: layout paint style`, `content-visibility: auto` on the slides), A/B interleaved in
 * one period on one build (rule P20): the arms add the containment to the built CSS. Measured
 * for issue 46 and not kept (bench/PERFORMANCE.md); kept to retry on new evidence. Not part of
 * `npm run bench`; run with `npx electron-vite build && npx tsx bench/builderContainment.ts [rounds]`.
 */
import { loadavg } from 'node:os'
import { startBenchBrowser } from './browser'
import { benchBuilder, benchFloor } from './keyToFrame'
import { summarize } from './stats'

const styled = (css: string) => `document.addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style')
  style.textContent = ${JSON.stringify(css)}
  document.head.append(style)
})`
/** What each arm adds to the built CSS: nothing, containment, containment that also skips. */
const ARMS = {
  uncontained: [],
  'contain, no content-visibility': [styled('.slide-card, .tl-post { contain: layout paint style; }')],
  'contain + content-visibility': [
    styled(
      '.slide-card, .tl-post { contain: layout paint style; } .slide-card { content-visibility: auto; contain-intrinsic-size: auto 420px; }',
    ),
  ],
} as const satisfies Record<string, string[]>
type Arm = keyof typeof ARMS

const rounds = Number(process.argv[2] ?? 3)
const bench = await startBenchBrowser()
const samples = Object.fromEntries(Object.keys(ARMS).map((arm) => [arm, [] as number[]])) as Record<
  Arm,
  number[]
>
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
const loadAtStart = load()
let floor: number[]
try {
  floor = await benchFloor(bench)
  for (let round = 0; round < rounds; round++) {
    // Alternate the order, so a drift in load lands on every arm.
    const arms = Object.keys(ARMS) as Arm[]
    const order = round % 2 === 0 ? arms : [...arms].reverse()
    for (const which of order) {
      const app = await bench.launch({ initScripts: [...ARMS[which]] })
      try {
        samples[which].push(...(await benchBuilder(app)))
        if (app.consoleErrors.length > 0) throw new Error(app.consoleErrors.join('; '))
      } finally {
        await app.close()
      }
    }
  }
  floor = [...floor, ...(await benchFloor(bench))]
} finally {
  await bench.dispose()
}
const line = (name: string, values: number[]) => {
  const { n, p50, p95 } = summarize(values)
  return `${name.padEnd(46)} n=${String(n).padEnd(5)} p50 ${p50.toFixed(1).padStart(5)} ms  p95 ${p95.toFixed(1).padStart(5)} ms`
}
console.log(`load average at start ${loadAtStart}, at end ${load()}`)
console.log(line('floor (bare textarea)', floor))
for (const arm of Object.keys(ARMS) as Arm[]) console.log(line(`card builder, ${arm}`, samples[arm]))
console.log(`target: p95 ≤ floor p95 + 5 = ${(summarize(floor).p95 + 5).toFixed(1)} ms`)
