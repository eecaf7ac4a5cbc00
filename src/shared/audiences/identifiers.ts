/**
 * Identifier types of a customer list and how each is normalized before it is hashed.
 *
 * The spec names the user object's arrays (ads-a-catalogs-audiences.md:57: email, device_id,
 * handle, platform_id, phone_number, partner_user_id; every one hashed with SHA-256 except
 * partner_user_id) but says "Normalization rules for hashing identifiers: not shown" (line 165).
 * So the app follows the rules the platform publishes for audience files — X Ads API docs,
 * "Audiences → Hashing / Data normalization" (developer.x.com/en/docs/x-ads-api/audiences):
 *   - email: remove leading and trailing whitespace, lowercase;
 *   - phone number: digits only, including the country code, E.164 without the leading "+";
 *   - handle (@username): lowercase, without the "@";
 *   - mobile device id (IDFA / AAID): lowercase, keeping its hyphens;
 *   - platform_id (the platform's numeric user id): digits only, 1 to 19 of them, hashed;
 *   - partner_user_id: the advertiser's own id, sent as is (trimmed), never hashed.
 * A value that does not normalize to something the platform could match is refused with a
 * reason and counted; it is never sent, hashed or not.
 */

export const IDENTIFIER_TYPES = [
  'email',
  'phone_number',
  'device_id',
  'handle',
  'platform_id',
  'partner_user_id',
] as const
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number]

export const IDENTIFIER_LABELS: Record<IdentifierType, string> = {
  email: 'Email',
  phone_number: 'Phone number',
  device_id: 'Mobile device id',
  handle: 'Handle (@username)',
  platform_id: 'Platform user id',
  partner_user_id: 'Partner user id',
}

/** Do-not-reach lists take only these (ads-a-catalogs-audiences.md:169). */
export const DO_NOT_REACH_TYPES: readonly IdentifierType[] = ['email', 'phone_number']

export const REJECT_REASONS = [
  'empty',
  'invalid_email',
  'invalid_phone',
  'invalid_device_id',
  'invalid_handle',
  'invalid_platform_id',
  'invalid_partner_user_id',
  'unreadable_row',
] as const
export type RejectReason = (typeof REJECT_REASONS)[number]

export const REJECT_REASON_LABELS: Record<RejectReason, string> = {
  empty: 'No value in the mapped columns',
  invalid_email: 'Not an email address',
  invalid_phone: 'Not a phone number with a country code',
  invalid_device_id: 'Not a mobile device id (IDFA or AAID)',
  invalid_handle: 'Not a handle',
  invalid_platform_id: 'Not a platform user id (1 to 19 digits)',
  invalid_partner_user_id: 'Partner user id too long',
  unreadable_row: 'Row cannot be read (broken quotes)',
}

export type Normalized = { ok: true; value: string } | { ok: false; reason: RejectReason }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Usernames: 1 to 15 letters, digits or underscores (the platform's public username rule). */
const HANDLE = /^[a-z0-9_]{1,15}$/
/** E.164: at most 15 digits including the country code; the shortest real numbers have 8. */
const PHONE_DIGITS = { min: 8, max: 15 }
/** Not in the spec: the app bounds the unhashed partner id so one row cannot fill a request. */
export const PARTNER_ID_MAX = 256

export function normalizeEmail(raw: string): Normalized {
  const value = raw.trim().toLowerCase()
  if (value === '') return { ok: false, reason: 'empty' }
  if (value.length > 254 || !EMAIL.test(value)) return { ok: false, reason: 'invalid_email' }
  return { ok: true, value }
}

/**
 * `defaultCountryCode` (digits) is prepended to numbers written in national form — without "+"
 * or "00", with a leading trunk "0" or none — when the designer gives one; without it, a number
 * is taken to carry its country code already (as the platform expects the file to).
 */
export function normalizePhone(raw: string, defaultCountryCode?: string): Normalized {
  const trimmed = raw.trim()
  if (trimmed === '') return { ok: false, reason: 'empty' }
  if (/[a-z]/i.test(trimmed.replace(/\b(?:ext|x)\.?\s*\d+$/i, '')))
    return { ok: false, reason: 'invalid_phone' }
  let digits = trimmed.replace(/\D/g, '')
  const international = trimmed.startsWith('+') || digits.startsWith('00')
  if (digits.startsWith('00')) digits = digits.slice(2)
  else if (!international && defaultCountryCode) digits = defaultCountryCode + digits.replace(/^0/, '')
  if (digits.length < PHONE_DIGITS.min || digits.length > PHONE_DIGITS.max || digits.startsWith('0'))
    return { ok: false, reason: 'invalid_phone' }
  return { ok: true, value: digits }
}

export function normalizeHandle(raw: string): Normalized {
  const value = raw.trim().replace(/^@/, '').toLowerCase()
  if (value === '') return { ok: false, reason: 'empty' }
  if (!HANDLE.test(value)) return { ok: false, reason: 'invalid_handle' }
  return { ok: true, value }
}

export function normalizeDeviceId(raw: string): Normalized {
  const value = raw.trim().toLowerCase()
  if (value === '') return { ok: false, reason: 'empty' }
  if (!UUID.test(value)) return { ok: false, reason: 'invalid_device_id' }
  return { ok: true, value }
}

/** The platform's user ids are numbers of up to 19 digits (as post ids are). */
const PLATFORM_ID = /^[0-9]{1,19}$/

export function normalizePlatformId(raw: string): Normalized {
  const value = raw.trim()
  if (value === '') return { ok: false, reason: 'empty' }
  if (!PLATFORM_ID.test(value)) return { ok: false, reason: 'invalid_platform_id' }
  return { ok: true, value: value.replace(/^0+(?=\d)/, '') }
}

export function normalizePartnerUserId(raw: string): Normalized {
  const value = raw.trim()
  if (value === '') return { ok: false, reason: 'empty' }
  if (value.length > PARTNER_ID_MAX) return { ok: false, reason: 'invalid_partner_user_id' }
  return { ok: true, value }
}

const NORMALIZERS: Record<IdentifierType, (raw: string, defaultCountryCode?: string) => Normalized> = {
  email: normalizeEmail,
  phone_number: normalizePhone,
  handle: normalizeHandle,
  device_id: normalizeDeviceId,
  platform_id: normalizePlatformId,
  partner_user_id: normalizePartnerUserId,
}

export function normalizeIdentifier(
  type: IdentifierType,
  raw: string,
  defaultCountryCode?: string,
): Normalized {
  return NORMALIZERS[type](raw, defaultCountryCode)
}

/** Whether the platform wants this type hashed (all but partner_user_id, line 57). */
export const isHashed = (type: IdentifierType): boolean => type !== 'partner_user_id'

const HEADER_HINTS: [IdentifierType, RegExp][] = [
  ['email', /e-?mail/i],
  ['phone_number', /phone|mobile.?(number|no)|msisdn|tel/i],
  ['device_id', /device|idfa|aaid|gaid|maid|advertising.?id/i],
  ['handle', /handle|username|screen.?name|twitter|@/i],
  ['platform_id', /platform.?(user.?)?id|twitter.?id|x.?user.?id/i],
  ['partner_user_id', /partner|customer.?id|user.?id|crm/i],
]

/** Which type a column's values look like, from a few sample values (at least half must fit). */
function typeOfValues(samples: readonly string[]): IdentifierType | undefined {
  const filled = samples.map((value) => value.trim()).filter((value) => value !== '')
  if (filled.length === 0) return undefined
  const fits = (type: IdentifierType) =>
    filled.filter((value) => normalizeIdentifier(type, value).ok).length * 2 >= filled.length
  if (fits('email')) return 'email'
  if (fits('device_id')) return 'device_id'
  if (filled.every((value) => /^\+?[\d\s().-]{8,20}$/.test(value)) && fits('phone_number'))
    return 'phone_number'
  if (filled.every((value) => value.startsWith('@')) && fits('handle')) return 'handle'
  return undefined
}

/** column index → identifier type */
export type ColumnMapping = Partial<Record<number, IdentifierType>>

/**
 * Suggests a type per column from its header name, then from its values. A file with no
 * header gets suggestions from values alone. Each type is suggested for one column at most.
 */
export function suggestMapping(
  header: readonly string[] | undefined,
  samples: readonly (readonly string[])[],
  allowed: readonly IdentifierType[] = IDENTIFIER_TYPES,
): ColumnMapping {
  const columns = Math.max(header?.length ?? 0, ...samples.map((row) => row.length))
  const mapping: ColumnMapping = {}
  const used = new Set<IdentifierType>()
  for (let column = 0; column < columns; column++) {
    const name = header?.[column] ?? ''
    const byValues = typeOfValues(samples.map((row) => row[column] ?? ''))
    const byName = HEADER_HINTS.find(([, pattern]) => pattern.test(name))?.[0]
    const type = byValues ?? byName
    if (type && allowed.includes(type) && !used.has(type)) {
      mapping[column] = type
      used.add(type)
    }
  }
  return mapping
}

/** Whether a first line is a header: no cell of it normalizes as any identifier type. */
export function looksLikeHeader(cells: readonly string[]): boolean {
  return cells.every(
    (cell) =>
      cell.trim() === '' ||
      !(['email', 'phone_number', 'device_id'] as const).some((type) => normalizeIdentifier(type, cell).ok),
  )
}

/** A value shown in the mapping preview: enough to recognise the column, not the person. */
export function maskValue(raw: string): string {
  const value = raw.trim()
  if (value.length <= 2) return '•'.repeat(value.length)
  const at = value.indexOf('@')
  if (at > 0) return `${value[0]}•••${value.slice(at)}`.slice(0, 60)
  return `${value.slice(0, 2)}${'•'.repeat(Math.min(8, value.length - 2))}`
}
