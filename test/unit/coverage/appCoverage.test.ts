import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHANNELS } from '../../../src/shared/ipc/channels'
import { APP_REACH } from './appCoverage'
import { ENDPOINTS } from '../../sandbox/endpoints'

const ROOT = new URL('../../../', import.meta.url).pathname

function sources(dir: string, skip?: string): string {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name)
      if (skip && path.startsWith(skip)) return []
      if (statSync(path).isDirectory()) return [sources(path, skip)]
      return /\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : []
    })
    .join('\n')
}

const renderer = sources(join(ROOT, 'src/renderer'))
const mainOutsideApi = sources(join(ROOT, 'src/main'), join(ROOT, 'src/main/api'))

describe('UI-reachable spec endpoints (test/unit/coverage/appCoverage.ts)', () => {
  const entries = Object.entries(APP_REACH)

  it('names only endpoints of the spec table that the sandbox serves', () => {
    const served = new Set(ENDPOINTS.filter((e) => 'serves' in e.sandbox).map((e) => e.source))
    expect(entries.map(([source]) => source).filter((source) => !served.has(source))).toEqual([])
  })

  it.each(entries)('%s: main sends it from a function something in main calls', async (_source, reach) => {
    const [module, name] = reach.sends.split('#') as [string, string]
    const exported = (await import(join(ROOT, 'src/main', `${module}.ts`))) as Record<string, unknown>
    expect(typeof exported[name], reach.sends).toBe('function')
    expect(new RegExp(`\\b${name}\\b`).test(mainOutsideApi), `${name} is called in src/main`).toBe(true)
  })

  it.each(entries)('%s: the renderer calls a channel that leads to it', (_source, reach) => {
    for (const channel of reach.channels) {
      expect(CHANNELS as readonly string[], channel).toContain(channel)
      const [namespace, method] = channel.split('.') as [string, string]
      expect(
        new RegExp(`\\.${namespace}\\s*\\.${method}\\b`).test(renderer),
        `renderer calls ${channel}`,
      ).toBe(true)
    }
  })

  it('counts them by document', () => {
    const byDocument = new Map<string, { reached: number; total: number }>()
    for (const endpoint of ENDPOINTS) {
      const document = endpoint.source.split(':')[0]!
      const count = byDocument.get(document) ?? { reached: 0, total: 0 }
      count.total += 1
      if (APP_REACH[endpoint.source]) count.reached += 1
      byDocument.set(document, count)
    }
    const unreached = ENDPOINTS.filter((e) => 'serves' in e.sandbox && !APP_REACH[e.source]).map(
      (e) => `${e.source} ${e.sandbox && 'serves' in e.sandbox ? e.sandbox.serves : ''} ${e.path}`,
    )
    console.log(
      `${entries.length} of ${ENDPOINTS.length} spec endpoints reachable from the UI (${[...byDocument]
        .map(([document, c]) => `${document} ${c.reached}/${c.total}`)
        .join(', ')}); served by the sandbox but not reached: ${unreached.join('; ')}`,
    )
    // Issue 45: at least 70 of the spec's endpoints reachable from the UI.
    expect(entries.length).toBeGreaterThanOrEqual(70)
  })
})
