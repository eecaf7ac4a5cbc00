import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import type { AudienceEstimateView, LocationChoice } from '../../../src/shared/ipc/contracts/targeting'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

let sandbox: Sandbox
let app: ConnectedApp
let accountId: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  accountId = sandbox.demo.accountIds[0]!
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio targeting test ${process.pid}` })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const profileId = () => app.profile.id
const lookUp = (query: string, locationType?: string) =>
  app.call<{ locations: LocationChoice[] }>('targeting.locations', {
    profileId: profileId(),
    query,
    ...(locationType ? { locationType } : {}),
  })
const estimate = (criteria: { type: string; value: string }[]) =>
  app.call<{ estimate: AudienceEstimateView }>('targeting.estimate', {
    profileId: profileId(),
    accountId,
    criteria,
  })
const routed = (route: string, since: number) =>
  sandbox.requestLog(since).filter((request) => request.route === route)

describe('the locations look-up', () => {
  it('finds places by part of their name, countries only when asked', async () => {
    const london = await lookUp('lond')
    expect(london.locations).toEqual([
      expect.objectContaining({ name: 'London', countryCode: 'GB', locationType: 'CITIES' }),
    ])
    const countries = await lookUp('', 'COUNTRIES')
    expect(countries.locations.length).toBeGreaterThan(10)
    expect(new Set(countries.locations.map((place) => place.locationType))).toEqual(new Set(['COUNTRIES']))
  })

  it('answers a repeated search from what it kept', async () => {
    const since = sandbox.requestLog().at(-1)?.seq ?? 0
    await lookUp('toky')
    await lookUp('  Toky ')
    expect(routed('GET /ads/12/targeting_criteria/locations', since)).toHaveLength(1)
  })
})

describe('the audience estimate', () => {
  it('estimates the chosen places, narrower for fewer, with a range and the date', async () => {
    const [us] = (await lookUp('united states', 'COUNTRIES')).locations
    const [sf] = (await lookUp('san francisco', 'CITIES')).locations
    const country = await estimate([{ type: 'LOCATION', value: us!.targetingValue }])
    const city = await estimate([{ type: 'LOCATION', value: sf!.targetingValue }])
    expect(country.estimate.min).toBeLessThan(country.estimate.max)
    expect(city.estimate.max).toBeLessThan(country.estimate.min)
    expect(Date.parse(country.estimate.estimatedAt)).toBeGreaterThan(Date.now() - 60_000)
  })

  it('asks once for one targeting, whatever the order of its criteria', async () => {
    const [gb] = (await lookUp('united kingdom', 'COUNTRIES')).locations
    const [fr] = (await lookUp('france', 'COUNTRIES')).locations
    const since = sandbox.requestLog().at(-1)?.seq ?? 0
    const first = await estimate([
      { type: 'LOCATION', value: gb!.targetingValue },
      { type: 'LOCATION', value: fr!.targetingValue },
    ])
    const again = await estimate([
      { type: 'LOCATION', value: fr!.targetingValue },
      { type: 'LOCATION', value: gb!.targetingValue },
    ])
    expect(again).toEqual(first)
    const sent = routed('POST /ads/12/accounts/:account_id/audience_estimate', since)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toMatchObject({ type: 'json', items: 2 })
  })

  it("says on the field when a value is not the look-up's", async () => {
    await expect(estimate([{ type: 'LOCATION', value: 'ffffffffffffffff' }])).rejects.toMatchObject({
      message: expect.stringMatching(/locations look-up/),
    })
  })
})
