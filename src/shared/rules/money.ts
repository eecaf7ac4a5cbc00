// Money for line items: amounts are micro units, "currency amount multiplied by 1,000,000"
// (ads-b-creatives-campaigns.md:5). Designers type decimals; the API takes integers. Every
// conversion here is on decimal strings and bigints, never on floating-point numbers, so
// 0.29 is 290000 micros and not 289999.

export const MICROS_PER_UNIT = 1_000_000n
/** Six decimals: a micro unit is the smallest amount there is. */
export const MICRO_DIGITS = 6
/** `long` on the wire: a signed 64-bit integer. */
const LONG_MAX = 9_223_372_036_854_775_807n

export type MoneyParse = { ok: true; micros: string } | { ok: false; message: string }

const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/

/**
 * "1,234.5" → "1234500000". Accepts thousands separators and a decimal point; refuses signs,
 * exponents, other separators and more than six decimals, with a sentence saying why.
 */
export function parseMoneyToMicros(text: string): MoneyParse {
  const trimmed = text.trim()
  const match = AMOUNT.exec(trimmed)
  const whole = match?.[1]?.replace(/,/g, '') ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === '')) {
    return { ok: false, message: 'Enter an amount such as 12.50 (digits and one decimal point)' }
  }
  if (fraction.length > MICRO_DIGITS) {
    return { ok: false, message: `Amounts go down to a millionth: use at most ${MICRO_DIGITS} decimals` }
  }
  const micros =
    BigInt(whole === '' ? '0' : whole) * MICROS_PER_UNIT + BigInt(fraction.padEnd(MICRO_DIGITS, '0'))
  if (micros > LONG_MAX) return { ok: false, message: 'This amount is too large' }
  return { ok: true, micros: micros.toString() }
}

/** Whether a string is a whole number of micros as the API sends and takes it. */
export function isMicros(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= LONG_MAX
}

/** Minor digits of a currency (2 for USD, 0 for JPY); 2 when the currency is unknown. */
export function currencyDigits(currency: string | null | undefined): number {
  if (!currency) return 2
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .minimumFractionDigits ?? 2
    )
  } catch {
    return 2
  }
}

/**
 * Micros as a plain decimal for an input field: "12500000" → "12.50" in USD. It keeps every
 * significant micro digit, and at least the currency's own minor digits.
 */
export function microsToDecimal(micros: string | bigint, currency?: string | null): string {
  const value = BigInt(micros)
  const negative = value < 0n
  const absolute = negative ? -value : value
  const whole = absolute / MICROS_PER_UNIT
  let fraction = (absolute % MICROS_PER_UNIT).toString().padStart(MICRO_DIGITS, '0').replace(/0+$/, '')
  fraction = fraction.padEnd(currencyDigits(currency), '0')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Micros shown in the account currency: "12500000", "USD" → "$12.50". Exact: Intl formats the decimal string. */
export function formatMicros(
  micros: string | bigint,
  currency: string | null | undefined,
  locale?: string,
): string {
  const decimal = microsToDecimal(micros, currency)
  const digits = Math.max(currencyDigits(currency), decimal.split('.')[1]?.length ?? 0)
  if (!currency) return decimal
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
    return format.format(decimal as `${number}`)
  } catch {
    return `${decimal} ${currency}`
  }
}
