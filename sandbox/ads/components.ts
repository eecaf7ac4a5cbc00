import type { AdsRecord } from '../state'
import { isHttpUrl } from './lookup'
import type { AdsIssue } from './core'

export const BUTTON_LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'] as const
export const MIN_SWIPEABLE = 2
export const MAX_SWIPEABLE = 6
/** Slide count of a multi-destination carousel is not in the spec; the platform allows 2 to 6 cards. */
export const MIN_SLIDES = 2
export const MAX_SLIDES = 6

/** ISO 3166-1 alpha-2 officially assigned codes (the spec names the standard for country_code). */
const ISO_COUNTRY_CODES = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
    'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
    'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
    'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
    'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
    'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
    'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
  ).split(' '),
)

type LookupMedia = (mediaKey: string) => AdsRecord | undefined

interface ComponentSetSummary {
  mediaTypes: ('IMAGE' | 'VIDEO')[]
  swipeable: boolean
  destination: 'WEBSITE' | 'APP'
}

const ALLOWED_KEYS: Record<string, string[]> = {
  MEDIA: ['type', 'media_key'],
  SWIPEABLE_MEDIA: ['type', 'media_keys'],
  DETAILS: ['type', 'title', 'destination'],
  BUTTON: ['type', 'label', 'destination'],
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Checks one set of components (a card's `components`, or one slide) against the component table:
 * exactly one media component (MEDIA or SWIPEABLE_MEDIA) and exactly one DETAILS or BUTTON.
 */
export function checkComponentSet(
  value: unknown,
  path: string,
  lookupMedia: LookupMedia,
  issues: AdsIssue[],
): ComponentSetSummary | undefined {
  const invalid = (parameter: string, message: string): undefined => {
    issues.push({ code: 'INVALID_PARAMETER', message, parameter })
    return undefined
  }
  if (!Array.isArray(value)) return invalid(path, `${path} must be an array of components`)
  const before = issues.length
  const mediaTypes: ('IMAGE' | 'VIDEO')[] = []
  let mediaComponents = 0
  let swipeable = false
  const destinations: ('WEBSITE' | 'APP')[] = []

  const checkMediaKey = (key: unknown, at: string): void => {
    if (typeof key !== 'string' || key === '') return void invalid(at, `${at} must be a media key`)
    const item = lookupMedia(key)
    if (!item) return void invalid(at, `${key} is not in this account's media library`)
    if (item.media_type !== 'IMAGE' && item.media_type !== 'VIDEO') {
      return void invalid(at, `${key} is a ${String(item.media_type)}; a card takes an image or a video`)
    }
    mediaTypes.push(item.media_type)
  }

  value.forEach((component: unknown, index) => {
    const at = `${path}[${index}]`
    if (!isObject(component)) return void invalid(at, `${at} must be an object`)
    const type = component.type
    if (typeof type !== 'string' || !(type in ALLOWED_KEYS)) {
      return void invalid(`${at}.type`, `${at}.type must be one of MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON`)
    }
    for (const key of Object.keys(component)) {
      if (!ALLOWED_KEYS[type]?.includes(key))
        invalid(`${at}.${key}`, `${key} is not a field of a ${type} component`)
    }
    if (type === 'MEDIA') {
      mediaComponents += 1
      checkMediaKey(component.media_key, `${at}.media_key`)
    } else if (type === 'SWIPEABLE_MEDIA') {
      mediaComponents += 1
      swipeable = true
      const keys = component.media_keys
      if (!Array.isArray(keys) || keys.length < MIN_SWIPEABLE || keys.length > MAX_SWIPEABLE) {
        return void invalid(
          `${at}.media_keys`,
          `${at}.media_keys must hold ${MIN_SWIPEABLE} to ${MAX_SWIPEABLE} media keys`,
        )
      }
      keys.forEach((key, keyIndex) => checkMediaKey(key, `${at}.media_keys[${keyIndex}]`))
    } else if (type === 'DETAILS') {
      destinations.push('WEBSITE')
      const title = component.title
      // The spec gives the title no length limit, so none is enforced here.
      if (typeof title !== 'string' || title.trim() === '') invalid(`${at}.title`, `${at}.title is required`)
      checkWebsiteDestination(component.destination, `${at}.destination`, invalid)
    } else {
      destinations.push('APP')
      const label = component.label
      if (!isObject(label) || label.type !== 'ENUM' || !BUTTON_LABELS.includes(label.value as never)) {
        invalid(`${at}.label`, `${at}.label must be {type: ENUM, value: one of ${BUTTON_LABELS.join(', ')}}`)
      }
      checkAppDestination(component.destination, `${at}.destination`, invalid)
    }
  })
  if (mediaComponents !== 1)
    invalid(path, `${path} needs exactly one MEDIA or SWIPEABLE_MEDIA component (found ${mediaComponents})`)
  if (destinations.length !== 1)
    invalid(path, `${path} needs exactly one DETAILS or BUTTON component (found ${destinations.length})`)
  if (issues.length > before) return undefined
  return { mediaTypes, swipeable, destination: destinations[0] ?? 'WEBSITE' }
}

function checkWebsiteDestination(
  value: unknown,
  at: string,
  invalid: (p: string, m: string) => undefined,
): void {
  if (!isObject(value) || value.type !== 'WEBSITE')
    return void invalid(at, `${at} must be a WEBSITE destination`)
  for (const key of Object.keys(value))
    if (key !== 'type' && key !== 'url')
      invalid(`${at}.${key}`, `${key} is not a field of a WEBSITE destination`)
  if (typeof value.url !== 'string' || !isHttpUrl(value.url))
    invalid(`${at}.url`, `${at}.url must be an http or https URL`)
}

const APP_DESTINATION_KEYS = [
  'type',
  'country_code',
  'android_store_app_id',
  'ios_app_store_identifier',
  'android_store_deep_link',
  'ios_deep_link',
]

function checkAppDestination(value: unknown, at: string, invalid: (p: string, m: string) => undefined): void {
  if (!isObject(value) || value.type !== 'APP') return void invalid(at, `${at} must be an APP destination`)
  for (const key of Object.keys(value))
    if (!APP_DESTINATION_KEYS.includes(key))
      invalid(`${at}.${key}`, `${key} is not a field of an APP destination`)
  const text = (key: string): string | undefined => {
    const v = value[key]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'string' || v.trim() === '')
      return invalid(`${at}.${key}`, `${at}.${key} must be a non-empty string`)
    return v
  }
  const country = text('country_code')
  if (country === undefined && value.country_code === undefined)
    invalid(`${at}.country_code`, `${at}.country_code is required`)
  else if (country !== undefined && !ISO_COUNTRY_CODES.has(country))
    invalid(`${at}.country_code`, `${at}.country_code must be an ISO 3166-1 alpha-2 code`)
  const android = text('android_store_app_id')
  const ios = text('ios_app_store_identifier')
  if (android === undefined && ios === undefined) {
    invalid(
      `${at}.android_store_app_id`,
      'An APP destination needs android_store_app_id or ios_app_store_identifier',
    )
  }
  if (text('android_store_deep_link') !== undefined && android === undefined) {
    invalid(
      `${at}.android_store_deep_link`,
      'android_store_deep_link is allowed only with android_store_app_id',
    )
  }
  if (text('ios_deep_link') !== undefined && ios === undefined) {
    invalid(`${at}.ios_deep_link`, 'ios_deep_link is allowed only with ios_app_store_identifier')
  }
}

function mediaPrefix(types: readonly string[]): 'IMAGE' | 'VIDEO' | 'MIXED_MEDIA' {
  if (types.every((t) => t === 'IMAGE')) return 'IMAGE'
  if (types.every((t) => t === 'VIDEO')) return 'VIDEO'
  return 'MIXED_MEDIA'
}

export function cardTypeOfComponents(summary: ComponentSetSummary): string {
  const prefix = mediaPrefix(summary.mediaTypes)
  if (!summary.swipeable) return `${prefix}_${summary.destination}`
  if (prefix === 'MIXED_MEDIA') return `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${summary.destination}`
  return `${prefix}_CAROUSEL_${summary.destination}`
}

export function cardTypeOfSlides(slides: readonly ComponentSetSummary[]): string {
  return `${mediaPrefix(slides.flatMap((s) => s.mediaTypes))}_MULTI_DEST_CAROUSEL_WEBSITE`
}

/** Checks `slides`: 2 to 6 slides, each one MEDIA plus one DETAILS (multi-destination is website only). */
export function checkSlides(
  value: unknown,
  lookupMedia: LookupMedia,
  issues: AdsIssue[],
): string | undefined {
  const invalid = (parameter: string, message: string): undefined => {
    issues.push({ code: 'INVALID_PARAMETER', message, parameter })
    return undefined
  }
  if (!Array.isArray(value) || value.length < MIN_SLIDES || value.length > MAX_SLIDES) {
    return invalid('slides', `slides must be an array of ${MIN_SLIDES} to ${MAX_SLIDES} slides`)
  }
  const summaries: ComponentSetSummary[] = []
  value.forEach((slide, index) => {
    const summary = checkComponentSet(slide, `slides[${index}]`, lookupMedia, issues)
    if (!summary) return
    if (summary.swipeable)
      invalid(`slides[${index}]`, 'A slide holds one MEDIA component, not SWIPEABLE_MEDIA')
    else if (summary.destination !== 'WEBSITE')
      invalid(`slides[${index}]`, 'Multi-destination carousels take DETAILS (website) components only')
    else summaries.push(summary)
  })
  return summaries.length === value.length ? cardTypeOfSlides(summaries) : undefined
}
