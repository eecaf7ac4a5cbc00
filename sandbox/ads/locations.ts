import { createHash } from 'node:crypto'
import type { Route } from '../context'
import type { AdsRecord } from '../state'
import { listRoute } from './resourceRoutes'

/**
 * The locations look-up: where a `location` targeting value comes from (keyword insights'
 * `location`, part A line 130, and LOCATION targeting criteria). The spec names the look-up but
 * shows neither its path nor its shape, so it follows the real platform's public v12 one:
 * GET {ads_url}/12/targeting_criteria/locations with `country_code` (ISO 3166-1 alpha-2),
 * `location_type` (COUNTRIES, REGIONS, METROS, CITIES, POSTAL_CODES), `q` (here: a
 * case-insensitive part of the name), `count` (1 to 1000, default 200) and `cursor`; each entry is
 * {name, country_code, location_type, targeting_value, targeting_type: LOCATION}. The sandbox
 * knows a small world: twenty countries and a few regions, metros, cities and postal codes.
 * Targeting values are 16 hex digits, as on the platform, derived from the place so they never
 * change between runs.
 */

export const LOCATION_TYPES = ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'] as const
export type LocationType = (typeof LOCATION_TYPES)[number]

export interface Location {
  name: string
  country_code: string
  location_type: LocationType
  targeting_value: string
  targeting_type: 'LOCATION'
  /** Share of the platform's users who are there; the audience estimate multiplies by it. */
  share: number
}

const COUNTRIES: [string, string, number][] = [
  ['US', 'United States', 0.24],
  ['JP', 'Japan', 0.13],
  ['IN', 'India', 0.07],
  ['GB', 'United Kingdom', 0.06],
  ['BR', 'Brazil', 0.06],
  ['ID', 'Indonesia', 0.05],
  ['TR', 'Turkey', 0.04],
  ['MX', 'Mexico', 0.04],
  ['FR', 'France', 0.03],
  ['ES', 'Spain', 0.03],
  ['DE', 'Germany', 0.03],
  ['CA', 'Canada', 0.02],
  ['KR', 'South Korea', 0.02],
  ['AR', 'Argentina', 0.02],
  ['IT', 'Italy', 0.015],
  ['AU', 'Australia', 0.015],
  ['NL', 'Netherlands', 0.01],
  ['PL', 'Poland', 0.01],
  ['SE', 'Sweden', 0.005],
  ['IE', 'Ireland', 0.005],
]

const PLACES: [LocationType, string, string, number][] = [
  ['REGIONS', 'US', 'California', 0.03],
  ['REGIONS', 'US', 'New York', 0.02],
  ['REGIONS', 'US', 'Texas', 0.02],
  ['REGIONS', 'GB', 'England', 0.05],
  ['REGIONS', 'GB', 'Scotland', 0.005],
  ['REGIONS', 'CA', 'Ontario', 0.008],
  ['METROS', 'US', 'New York NY', 0.015],
  ['METROS', 'US', 'Los Angeles CA', 0.01],
  ['METROS', 'US', 'San Francisco-Oakland-San Jose CA', 0.006],
  ['CITIES', 'US', 'San Francisco', 0.002],
  ['CITIES', 'US', 'Los Angeles', 0.006],
  ['CITIES', 'GB', 'London', 0.015],
  ['CITIES', 'GB', 'Manchester', 0.003],
  ['CITIES', 'CA', 'Toronto', 0.004],
  ['CITIES', 'JP', 'Tokyo', 0.03],
  ['CITIES', 'FR', 'Paris', 0.006],
  ['POSTAL_CODES', 'US', '94103', 0.0001],
  ['POSTAL_CODES', 'GB', 'SW1A', 0.00005],
]

function targetingValue(type: LocationType, country: string, name: string): string {
  return createHash('sha256').update(`LOCATION|${type}|${country}|${name}`).digest('hex').slice(0, 16)
}

function location(type: LocationType, country: string, name: string, share: number): Location {
  return {
    name,
    country_code: country,
    location_type: type,
    targeting_value: targetingValue(type, country, name),
    targeting_type: 'LOCATION',
    share,
  }
}

export const LOCATIONS: readonly Location[] = [
  ...COUNTRIES.map(([code, name, share]) => location('COUNTRIES', code, name, share)),
  ...PLACES.map(([type, code, name, share]) => location(type, code, name, share)),
]

export function locationByValue(value: string): Location | undefined {
  return LOCATIONS.find((l) => l.targeting_value === value)
}

/** The country-level entry of a country (`US` → United States). */
export function countryLocation(code: string): Location | undefined {
  return LOCATIONS.find((l) => l.location_type === 'COUNTRIES' && l.country_code === code)
}

// Listed in the table's order: `_order` is the cursor key (all share one created_at).
const RECORDS: AdsRecord[] = LOCATIONS.map((l, index) => ({
  name: l.name,
  country_code: l.country_code,
  location_type: l.location_type,
  targeting_value: l.targeting_value,
  targeting_type: l.targeting_type,
  created_at: '',
  updated_at: '',
  deleted: false,
  _order: String(index).padStart(4, '0'),
}))

export const locationRoutes: Route[] = [
  listRoute({
    pattern: '/targeting_criteria/locations',
    spec: { countDefault: 200, countMax: 1000, withDeleted: false },
    filterParameters: ['country_code', 'location_type', 'q'],
    readFilters: (input) => {
      const country = input.string('country_code')
      if (country !== undefined && !/^[A-Z]{2}$/.test(country))
        input.invalid('country_code', 'country_code must be an ISO 3166-1 alpha-2 code such as US')
      return {
        country,
        type: input.oneOf('location_type', LOCATION_TYPES),
        q: input.string('q', { min: 1, max: 255 })?.toLowerCase(),
      }
    },
    records: (_rt, _caller, { country, type, q }) =>
      RECORDS.filter(
        (l) =>
          (country === undefined || l.country_code === country) &&
          (type === undefined || l.location_type === type) &&
          (q === undefined || String(l.name).toLowerCase().includes(q)),
      ),
    idKey: '_order',
    present: (_rt, l) => ({
      name: l.name,
      country_code: l.country_code,
      location_type: l.location_type,
      targeting_value: l.targeting_value,
      targeting_type: l.targeting_type,
    }),
  }),
]
