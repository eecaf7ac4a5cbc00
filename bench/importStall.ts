/**
 * How long a hostile import holds up the main process: the longest event-loop stall while
 * drafts.import refuses (or accepts) each file, through the real drafts service. Not part of
 * `npm run bench`; run with `npx tsx bench/importStall.ts`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDraftsService } from '../src/main/drafts/draftsService'
import { emptyContent } from '../src/shared/creatives/content'

const ONE_MB = 1024 * 1024
const wide = (n: number) =>
  Array.from({ length: n }, () => '{"id":"x","media":{"source":"library","mediaKey":"3_1"}}').join(',')
const CASES: [string, string][] = [
  [
    '5 MB of tiny objects (the review)',
    `{"schemaVersion":2,"content":[${Array.from({ length: 700_000 }, () => '{"a":1}').join(',')}]}`,
  ],
  [
    '1 MB nested 200,000 deep',
    `{"schemaVersion":2,"content":${'['.repeat(ONE_MB / 2 - 40)}${']'.repeat(ONE_MB / 2 - 40)}}`,
  ],
  [
    '0.4 MB, 4,900 entries: passes the scan, fails the model',
    JSON.stringify({
      schemaVersion: 2,
      id: '0b7d7a3e-6f43-4e4b-9a0e-8c2f5d1e3a44',
      kind: 'post',
      name: 'n'.repeat(190_000),
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      status: 'draft',
      content: JSON.parse(`{"asUserId":"1","text":"${'t'.repeat(190_000)}","media":[${wide(540)}]}`),
    }),
  ],
  [
    'a valid long-form post',
    JSON.stringify({
      schemaVersion: 2,
      id: '0b7d7a3e-6f43-4e4b-9a0e-8c2f5d1e3a45',
      kind: 'post',
      name: 'Long',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      status: 'draft',
      content: { ...emptyContent('post'), text: 'word '.repeat(5_000) },
    }),
  ],
]

const dir = await mkdtemp(join(tmpdir(), 'import-stall-'))
const samples = Number(process.argv[2] ?? 10)
for (const [label, text] of CASES) {
  const file = join(dir, 'case.json')
  await writeFile(file, text)
  const stalls: number[] = []
  // CPU time of the whole import: what it costs the main process whatever else the machine runs.
  const cpuMs: number[] = []
  let outcome = ''
  for (let i = 0; i < samples; i++) {
    const service = createDraftsService({
      dataDir: join(dir, `data-${i}`),
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => file },
    })
    await service.ready
    const delay = monitorEventLoopDelay({ resolution: 1 })
    delay.enable()
    const cpuBefore = process.cpuUsage()
    outcome = await service.importDraft().then(
      () => 'imported',
      (error: Error) => `refused: ${error.message.slice(0, 90)}`,
    )
    const cpu = process.cpuUsage(cpuBefore)
    cpuMs.push((cpu.user + cpu.system) / 1000)
    await new Promise((resolve) => setTimeout(resolve, 5))
    delay.disable()
    stalls.push(delay.max / 1e6)
    await service.close()
  }
  const pct = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!.toFixed(1)
  console.log(
    `${label} (${(text.length / ONE_MB).toFixed(2)} MB): ${outcome}\n` +
      `  longest event-loop stall p50 ${pct(stalls, 0.5)} ms, p95 ${pct(stalls, 0.95)} ms; ` +
      `CPU for the whole import p50 ${pct(cpuMs, 0.5)} ms, p95 ${pct(cpuMs, 0.95)} ms (n=${samples})`,
  )
}
await rm(dir, { recursive: true, force: true })
