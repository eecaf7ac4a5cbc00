import { describe, expect, it } from 'vitest'
import { formatMicros, isMicros, microsToDecimal, parseMoneyToMicros } from '../../../src/shared/rules/money'

describe('money in micros', () => {
  it('parses decimal strings into exact integer micros', () => {
    const micros = (text: string) => {
      const parsed = parseMoneyToMicros(text)
      if (!parsed.ok) throw new Error(parsed.message)
      return parsed.micros
    }
    // Each of these goes wrong through floating point: 0.29 * 1e6 = 289999.99999999994.
    expect(micros('0.29')).toBe('290000')
    expect(micros('1.005')).toBe('1005000')
    expect(micros('4.35')).toBe('4350000')
    expect(micros('1,234.56')).toBe('1234560000')
    expect(micros(' 12 ')).toBe('12000000')
    expect(micros('.5')).toBe('500000')
    expect(micros('7.')).toBe('7000000')
    expect(micros('0.000001')).toBe('1')
    // Beyond 2^53 micros, still exact.
    expect(micros('9007199254.740993')).toBe('9007199254740993')
  })

  it('refuses what is not an amount, saying why', () => {
    for (const bad of ['', '-1', '1e3', '12,5', '1,23.4', 'twelve', '1.2.3', '$5']) {
      const parsed = parseMoneyToMicros(bad)
      expect(parsed.ok, bad).toBe(false)
    }
    expect(parseMoneyToMicros('0.0000001')).toEqual({
      ok: false,
      message: expect.stringMatching(/6 decimals/),
    })
    expect(parseMoneyToMicros('99999999999999999')).toEqual({
      ok: false,
      message: 'This amount is too large',
    })
  })

  it('shows micros in the account currency without rounding', () => {
    expect(microsToDecimal('12500000', 'USD')).toBe('12.50')
    expect(microsToDecimal('290000', 'USD')).toBe('0.29')
    expect(microsToDecimal('1234567', 'USD')).toBe('1.234567')
    expect(microsToDecimal('5000000', 'JPY')).toBe('5')
    expect(formatMicros('1234560000', 'USD', 'en-US')).toBe('$1,234.56')
    expect(formatMicros('1000', 'EUR', 'en-US')).toBe('€0.001')
    expect(formatMicros('9007199254740993', 'USD', 'en-US')).toBe('$9,007,199,254.740993')
    expect(formatMicros('5000000', null)).toBe('5.00')
  })

  it('round-trips', () => {
    for (const micros of ['1', '290000', '1005000', '123456789012345678']) {
      const parsed = parseMoneyToMicros(microsToDecimal(micros, 'USD'))
      expect(parsed).toEqual({ ok: true, micros })
    }
    expect(isMicros('9223372036854775807')).toBe(true)
    expect(isMicros('9223372036854775808')).toBe(false)
    expect(isMicros('1.5')).toBe(false)
  })
})
