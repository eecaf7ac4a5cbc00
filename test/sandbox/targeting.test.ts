import { describe, expect, it } from 'vitest'
import { SEEDED_AUDIENCES } from '../../sandbox/index'
import { call } from './helpers/client'
import { useSandbox } from './helpers/setup'

interface Envelope<T> {
  data: T
  next_cursor?: string | null
  errors?: { code: string; message: string; parameter?: string }[]
}
interface Location {
  name: string
  country_code: string
  location_type: string
  targeting_value: string
  targeting_type: string
}
type Size = { audience_size: { min: number; max: number } }

const env = useSandbox()

const ads = (path: string): string => `${env.sandbox.adsUrl}/12${path}`
const locations = (query: Record<string, string> = {}) =>
  call<Envelope<Location[]>>(env.user, { url: ads('/targeting_criteria/locations'), query })
async function valueOf(name: string, type: string): Promise<string> {
  const found = await locations({ q: name, location_type: type })
  const place = found.body.data.find((l) => l.name === name)
  if (!place) throw new Error(`no ${type} location ${name}`)
  return place.targeting_value
}
const estimate = (body: unknown) =>
  call<Envelope<Size>>(env.user, {
    method: 'POST',
    url: ads(`/accounts/${env.main}/audience_estimate`),
    json: body,
  })

describe('locations look-up (GET targeting_criteria/locations)', () => {
  it('lists countries and finer places, filtered by country, type and name, paged by cursor', async () => {
    const countries = await locations({ location_type: 'COUNTRIES' })
    expect(countries.status, countries.text).toBe(200)
    expect(countries.body.data.find((l) => l.country_code === 'GB')).toEqual({
      name: 'United Kingdom',
      country_code: 'GB',
      location_type: 'COUNTRIES',
      targeting_value: expect.stringMatching(/^[0-9a-f]{16}$/),
      targeting_type: 'LOCATION',
    })
    const british = await locations({ country_code: 'GB' })
    expect(new Set(british.body.data.map((l) => l.location_type))).toEqual(
      new Set(['COUNTRIES', 'REGIONS', 'CITIES', 'POSTAL_CODES']),
    )
    expect((await locations({ q: 'lond' })).body.data.map((l) => l.name)).toEqual(['London'])

    const first = await locations({ count: '5' })
    expect(first.body.data).toHaveLength(5)
    const rest = await locations({ count: '1000', cursor: first.body.next_cursor ?? '' })
    const all = await locations({ count: '1000' })
    expect([...first.body.data, ...rest.body.data]).toEqual(all.body.data)
    expect(rest.body.next_cursor).toBeNull()

    const bad = await locations({ location_type: 'PLANETS', country_code: 'gb' })
    expect(bad.body.errors?.map((e) => e.parameter).sort()).toEqual(['country_code', 'location_type'])
  })

  it("keyword insights take a country's targeting value as location, and refuse finer places", async () => {
    const gb = await valueOf('United Kingdom', 'COUNTRIES')
    const window = {
      granularity: 'DAY',
      keywords: 'tea',
      start_time: '2026-01-01T00:00:00Z',
      end_time: '2026-01-03T00:00:00Z',
    }
    const byValue = await call<Envelope<{ post_volume: number[] }>>(env.user, {
      url: ads('/insights/keywords/search'),
      query: { ...window, location: gb },
    })
    expect(byValue.status, byValue.text).toBe(200)
    // An ISO country code is not a look-up value: refused, with the look-up named.
    const byCode = await call<Envelope<unknown>>(env.user, {
      url: ads('/insights/keywords/search'),
      query: { ...window, location: 'GB' },
    })
    expect(byCode.status).toBe(400)
    expect(byCode.body.errors?.[0]).toMatchObject({
      parameter: 'location',
      message: expect.stringMatching(/locations look-up/),
    })
    const city = await call<Envelope<unknown>>(env.user, {
      url: ads('/insights/keywords/search'),
      query: { ...window, location: await valueOf('London', 'CITIES') },
    })
    expect(city.status).toBe(400)
    expect(city.body.errors?.[0]).toMatchObject({
      parameter: 'location',
      message: expect.stringMatching(/country-level.*GB/),
    })
    const unknown = await call<Envelope<unknown>>(env.user, {
      url: ads('/insights/keywords/search'),
      query: { ...window, location: 'ffffffffffffffff' },
    })
    expect(unknown.body.errors?.[0]?.message).toMatch(/locations look-up/)
  })
})

describe('audience estimate (POST accounts/:account_id/audience_estimate)', () => {
  it('estimates a range from targeting criteria: locations add up, other types narrow', async () => {
    const us = await valueOf('United States', 'COUNTRIES')
    const gb = await valueOf('United Kingdom', 'COUNTRIES')
    const size = async (body: unknown): Promise<Size['audience_size']> => {
      const response = await estimate(body)
      expect(response.status, response.text).toBe(200)
      return response.body.data.audience_size
    }
    const usOnly = await size([{ targeting_type: 'LOCATION', targeting_value: us }])
    expect(usOnly.max).toBeGreaterThan(usOnly.min)
    const both = await size([
      { targeting_type: 'LOCATION', targeting_value: us },
      { targeting_type: 'LOCATION', targeting_value: gb },
    ])
    expect(both.min).toBeGreaterThan(usOnly.min)
    const narrowed = await size([
      { targeting_type: 'LOCATION', targeting_value: us },
      { targeting_type: 'BROAD_KEYWORD', targeting_value: 'coffee' },
    ])
    expect(narrowed.max).toBeLessThan(usOnly.max)
    expect(await size([{ targeting_type: 'LOCATION', targeting_value: us }])).toEqual(usOnly)
    const audience = await size([
      { targeting_type: 'CUSTOM_AUDIENCE', targeting_value: SEEDED_AUDIENCES.newsletter },
    ])
    // The newsletter audience has 1,500 active members.
    expect(audience.max).toBeLessThanOrEqual(1_500 * 1.15 + 1)
  })

  it('refuses anything but an array of known targeting criteria, naming the item and field', async () => {
    const notArray = await estimate({ targeting_type: 'LOCATION', targeting_value: 'x' })
    expect(notArray.status).toBe(400)
    const response = await estimate([
      { targeting_type: 'LOCATION' },
      { targeting_type: 'ZODIAC', targeting_value: 'leo' },
      { targeting_type: 'LOCATION', targeting_value: 'nowhere' },
      { targeting_type: 'CUSTOM_AUDIENCE', targeting_value: SEEDED_AUDIENCES.foreign },
      { targeting_type: 'GENDER', targeting_value: '1', operator_type: 'MAYBE', line_item_id: 'x' },
    ])
    expect(response.status).toBe(400)
    expect(response.body.errors?.map((e) => e.parameter)).toEqual([
      '[0].targeting_value',
      '[1].targeting_type',
      '[4].line_item_id',
      '[4].operator_type',
      '[2].targeting_value',
      '[3].targeting_value',
    ])
  })
})
