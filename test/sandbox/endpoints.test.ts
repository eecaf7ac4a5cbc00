import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { buildRouter } from '../../sandbox/routes'
import { endpointsIn, tableProblems } from './endpointCheck'
import { ENDPOINTS, ENDPOINT_CITATIONS } from './endpoints'
import type { Method } from './endpoints'

/** The spec lines quoted in the repository (npm run check:spec keeps them equal to the spec). */
const QUOTED = JSON.parse(
  readFileSync(new URL('../spec/citedLines.json', import.meta.url), 'utf8'),
) as Record<string, string>

function quote(source: string): string {
  const text = QUOTED[source]
  if (text === undefined) throw new Error(`${source} is not quoted in test/spec/citedLines.json`)
  return text
}

/** A request path for a route pattern: every `:param` gets a sample value. */
const sample = (path: string): string => path.replace(/:[a-z_]+/g, 'sample1')
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE']
const served = ENDPOINTS.flatMap((e) => ('serves' in e.sandbox ? [{ ...e, serves: e.sandbox.serves }] : []))
const unserved = ENDPOINTS.flatMap((e) =>
  'unserved' in e.sandbox ? [{ ...e, reason: e.sandbox.unserved }] : [],
)

describe('the endpoint table (test/sandbox/endpoints.ts)', () => {
  it('names, for every entry, the method and path its quoted spec line names', () => {
    for (const source of ENDPOINT_CITATIONS) expect(QUOTED, source).toHaveProperty([source])
    expect(tableProblems(quote)).toEqual([])
  })

  it('reads endpoints out of spec lines in each form the spec writes them', () => {
    expect(endpointsIn('| DELETE .../products | JSON body `product_keys` |')).toEqual([
      { method: 'DELETE', written: '.../products' },
    ])
    expect(endpointsIn('- GET /accounts/:account_id/cards/:card_id: `with_deleted`.')).toEqual([
      { method: 'GET', written: '/accounts/:account_id/cards/:card_id' },
    ])
    expect(endpointsIn('| GET | `count` default 200 |')).toEqual([{ method: 'GET', written: '' }])
    expect(endpointsIn('| /2/posts/search/stream/rules | manage filtered-stream rules |')).toEqual([
      { method: null, written: '/2/posts/search/stream/rules' },
    ])
  })

  it('has a reason for every endpoint the sandbox does not serve', () => {
    for (const entry of unserved) expect(entry.reason.length, entry.source).toBeGreaterThan(20)
    const summary = `${served.length} of ${ENDPOINTS.length} spec endpoints served; not served: ${unserved
      .map((e) => `${e.method ?? ''} ${e.path}`.trim())
      .join(', ')}`
    console.log(summary)
  })
})

describe("the sandbox's router", () => {
  const router = buildRouter()

  it('routes every served endpoint to its own route', () => {
    const wrong = served.flatMap((e) => {
      const match = router.match(e.serves, sample(e.path))
      return match?.key === `${e.serves} ${e.path}`
        ? []
        : [`${e.source} ${e.serves} ${e.path} → ${match?.key}`]
    })
    expect(wrong).toEqual([])
  })

  it('routes no endpoint marked unserved, by any method', () => {
    const routed = unserved.flatMap((e) =>
      (e.method ? [e.method] : METHODS).flatMap((method) =>
        router.match(method, sample(e.path)) ? [`${e.source} ${method} ${e.path}`] : [],
      ),
    )
    expect(routed).toEqual([])
  })
})

describe('the running sandbox', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
  })
  afterAll(async () => {
    await sandbox.close()
  })

  it('answers every served endpoint (not 404 or 405), and 404 for the others', async () => {
    const answer = async (method: string, path: string): Promise<number> =>
      (await fetch(`${sandbox.apiUrl}${sample(path)}`, { method, redirect: 'manual' })).status
    const unanswered: string[] = []
    for (const e of served) {
      const status = await answer(e.serves, e.path)
      if (status === 404 || status === 405) unanswered.push(`${e.serves} ${e.path}: ${status}`)
    }
    expect(unanswered).toEqual([])
    for (const e of unserved) expect(await answer(e.method ?? 'GET', e.path), e.path).toBe(404)
  })
})
