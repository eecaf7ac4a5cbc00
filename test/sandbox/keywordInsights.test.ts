import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { Sandbox } from '../../sandbox/index'
import { authorizeDemoUser, call } from './helpers/client'
import type { UserTokens } from './helpers/client'

interface Insight {
  related_keywords: string[]
  post_volume: number[]
}
interface Envelope {
  request: { params: Record<string, unknown> }
  data: Insight
  errors?: { code: string; message: string; parameter?: string }[]
}

let sandbox: Sandbox
let user: UserTokens
/** The United Kingdom's targeting value, from the locations look-up. */
let gb: string
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  user = await authorizeDemoUser(sandbox)
  const found = await call<{ data: { targeting_value: string }[] }>(user, {
    url: `${sandbox.adsUrl}/12/targeting_criteria/locations`,
    query: { q: 'United Kingdom', location_type: 'COUNTRIES' },
  })
  gb = found.body.data[0]!.targeting_value
})
afterAll(async () => {
  await sandbox.close()
})

const DAY = 86_400_000
const HOUR = 3_600_000
/** Midnight UTC eight days ago: whole days, all in the past. */
const midnight = (): number => Math.floor(Date.now() / DAY) * DAY - 8 * DAY
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z')

function search(query: Record<string, string>) {
  return call<Envelope>(user, { url: `${sandbox.adsUrl}/12/insights/keywords/search`, query })
}

describe('keyword insights', () => {
  it('answers one datapoint per unit, 30 related keywords, and echoes the query', async () => {
    const start = midnight()
    const daily = await search({
      granularity: 'DAY',
      keywords: 'coffee,espresso',
      start_time: iso(start),
      end_time: iso(start + 7 * DAY),
      location: gb,
    })
    expect(daily.status, daily.text).toBe(200)
    expect(daily.body.data.post_volume).toHaveLength(7)
    expect(daily.body.data.post_volume.every((v) => Number.isInteger(v) && v > 0)).toBe(true)
    expect(daily.body.data.related_keywords).toHaveLength(30)
    expect(new Set(daily.body.data.related_keywords).size).toBe(30)
    expect(daily.body.data.related_keywords).not.toContain('coffee')
    expect(daily.body.request.params).toMatchObject({
      granularity: 'DAY',
      keywords: 'coffee,espresso',
      location: gb,
    })

    const hourly = await search({
      granularity: 'HOUR',
      keywords: 'coffee',
      start_time: iso(start),
      end_time: iso(start + 30 * HOUR),
    })
    expect(hourly.body.data.post_volume).toHaveLength(30)
  })

  it('is deterministic: the same query answers the same, and a day is the sum of its hours', async () => {
    const start = midnight()
    const query = {
      granularity: 'HOUR',
      keywords: 'running shoes',
      start_time: iso(start),
      end_time: iso(start + 2 * DAY),
    }
    const first = await search(query)
    const second = await search(query)
    expect(second.body.data).toEqual(first.body.data)
    const days = await search({ ...query, granularity: 'DAY' })
    const hours = first.body.data.post_volume
    const sum = (from: number) => hours.slice(from, from + 24).reduce((a, b) => a + b, 0)
    expect(days.body.data.post_volume).toEqual([sum(0), sum(24)])
    const other = await search({ ...query, keywords: 'trail shoes' })
    expect(other.body.data.post_volume).not.toEqual(hours)
  })

  it('negative keywords take volume away and never appear in related keywords', async () => {
    const start = midnight()
    const base = {
      granularity: 'DAY',
      keywords: 'tea',
      start_time: iso(start),
      end_time: iso(start + 3 * DAY),
    }
    const plain = await search(base)
    const narrowed = await search({ ...base, negative_keywords: 'sale,iced' })
    expect(narrowed.status).toBe(200)
    narrowed.body.data.post_volume.forEach((value, index) =>
      expect(value).toBeLessThan(plain.body.data.post_volume[index] ?? 0),
    )
    expect(narrowed.body.data.related_keywords.some((k) => k.includes('sale'))).toBe(false)
  })

  it('defaults end_time to now', async () => {
    const response = await search({
      granularity: 'HOUR',
      keywords: 'news',
      start_time: iso(Date.now() - 5 * HOUR - 60_000),
    })
    expect(response.status).toBe(200)
    expect(response.body.data.post_volume).toHaveLength(6)
  })

  it('refuses more than 7 days, more than 10 keywords in total and bad parameters, naming each', async () => {
    const start = midnight()
    const refused = async (query: Record<string, string>, parameter: string) => {
      const response = await search(query)
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect(
        response.body.errors?.map((e) => e.parameter),
        JSON.stringify(query),
      ).toContain(parameter)
    }
    const ok = { granularity: 'DAY', keywords: 'a', start_time: iso(start), end_time: iso(start + 7 * DAY) }
    expect((await search(ok)).status).toBe(200)
    await refused({ ...ok, end_time: iso(start + 7 * DAY + 1000) }, 'end_time')
    await refused({ ...ok, end_time: iso(start) }, 'end_time')
    const ten = { ...ok, keywords: 'a,b,c,d,e,f', negative_keywords: 'g,h,i,j' }
    expect((await search(ten)).status).toBe(200)
    await refused({ ...ten, negative_keywords: 'g,h,i,j,k' }, 'keywords')
    await refused({ ...ok, granularity: 'WEEK' }, 'granularity')
    const { granularity: _g, ...noGranularity } = ok
    await refused(noGranularity, 'granularity')
    const { keywords: _k, ...noKeywords } = ok
    await refused(noKeywords, 'keywords')
    await refused({ ...ok, start_time: '2026-01-01' }, 'start_time')
    await refused(
      { ...ok, start_time: iso(Date.now() + DAY), end_time: iso(Date.now() + 2 * DAY) },
      'start_time',
    )
    await refused({ ...ok, location: 'usa' }, 'location')
    await refused({ ...ok, location: 'GB' }, 'location')
    await refused({ ...ok, negative_keywords: 'a' }, 'negative_keywords')
    await refused({ ...ok, keywords: 'a,,b' }, 'keywords')
    await refused({ ...ok, colour: 'red' }, 'colour')
  })
})
