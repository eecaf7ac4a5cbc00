import { describe, expect, it } from 'vitest'
import {
  maskValue,
  normalizeDeviceId,
  normalizeEmail,
  normalizeHandle,
  normalizePartnerUserId,
  normalizePhone,
  normalizePlatformId,
  suggestMapping,
} from '../../../src/shared/audiences/identifiers'

describe('normalization before hashing (the platform’s published rules)', () => {
  it('emails: trimmed and lowercased; not an address is refused', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \t')).toEqual({ ok: true, value: 'jane.doe@example.com' })
    expect(normalizeEmail('jane@@example.com')).toEqual({ ok: false, reason: 'invalid_email' })
    expect(normalizeEmail('jane at example.com')).toEqual({ ok: false, reason: 'invalid_email' })
    expect(normalizeEmail('   ')).toEqual({ ok: false, reason: 'empty' })
  })

  it('phones: digits only with the country code, E.164 without “+”', () => {
    expect(normalizePhone('+1 (415) 555-0134')).toEqual({ ok: true, value: '14155550134' })
    expect(normalizePhone('0044 20 7946 0958')).toEqual({ ok: true, value: '442079460958' })
    // National form with a default country code: the trunk 0 goes.
    expect(normalizePhone('020 7946 0958', '44')).toEqual({ ok: true, value: '442079460958' })
    expect(normalizePhone('+44 20 7946 0958', '1')).toEqual({ ok: true, value: '442079460958' })
    expect(normalizePhone('12345')).toEqual({ ok: false, reason: 'invalid_phone' })
    expect(normalizePhone('call me')).toEqual({ ok: false, reason: 'invalid_phone' })
    expect(normalizePhone('+1234567890123456')).toEqual({ ok: false, reason: 'invalid_phone' })
  })

  it('handles: lowercase without “@”', () => {
    expect(normalizeHandle('@AdsStudio_1')).toEqual({ ok: true, value: 'adsstudio_1' })
    expect(normalizeHandle('has space')).toEqual({ ok: false, reason: 'invalid_handle' })
    expect(normalizeHandle('@waytoolonghandle_123')).toEqual({ ok: false, reason: 'invalid_handle' })
  })

  it('device ids: lowercase IDFA/AAID', () => {
    expect(normalizeDeviceId(' 6D92078A-8246-4BA4-AE5B-76104861E7DC ')).toEqual({
      ok: true,
      value: '6d92078a-8246-4ba4-ae5b-76104861e7dc',
    })
    expect(normalizeDeviceId('not-a-device')).toEqual({ ok: false, reason: 'invalid_device_id' })
  })

  it('partner user ids are kept as written (they are not hashed)', () => {
    expect(normalizePartnerUserId(' CRM-0042 ')).toEqual({ ok: true, value: 'CRM-0042' })
    expect(normalizePartnerUserId('x'.repeat(300))).toEqual({ ok: false, reason: 'invalid_partner_user_id' })
  })
})

describe('platform user ids (platform_id, A:57)', () => {
  it('are 1 to 19 digits, without leading zeros; anything else is refused', () => {
    expect(normalizePlatformId(' 1700000000000000042 ')).toEqual({ ok: true, value: '1700000000000000042' })
    expect(normalizePlatformId('0042')).toEqual({ ok: true, value: '42' })
    expect(normalizePlatformId('@designer')).toEqual({ ok: false, reason: 'invalid_platform_id' })
    expect(normalizePlatformId('1'.repeat(20))).toEqual({ ok: false, reason: 'invalid_platform_id' })
    expect(normalizePlatformId('')).toEqual({ ok: false, reason: 'empty' })
  })

  it('are found by a column named for them', () => {
    expect(suggestMapping(['Platform user id', 'email'], [['42', 'ann@example.com']])).toEqual({
      0: 'platform_id',
      1: 'email',
    })
  })
})

describe('column detection', () => {
  it('maps columns from their values, then from their names, one column per type', () => {
    const mapping = suggestMapping(
      ['Name', 'E-mail address', 'Mobile', 'Customer ID'],
      [
        ['Ann', 'ann@example.com', '+1 415 555 0100', 'C1'],
        ['Bob', 'bob@example.com', '+1 415 555 0101', 'C2'],
      ],
    )
    expect(mapping).toEqual({ 1: 'email', 2: 'phone_number', 3: 'partner_user_id' })
  })

  it('finds nothing in a file of plain words', () => {
    expect(suggestMapping(['city'], [['Paris'], ['Lyon']])).toEqual({})
  })

  it('offers only the types the target takes', () => {
    expect(
      suggestMapping(['handle', 'email'], [['@ann', 'ann@example.com']], ['email', 'phone_number']),
    ).toEqual({
      1: 'email',
    })
  })
})

describe('masked previews', () => {
  it('show enough to recognise a column and not the person', () => {
    expect(maskValue('jane.doe@example.com')).toBe('j•••@example.com')
    expect(maskValue('+14155550134')).toBe('+1••••••••')
  })
})
