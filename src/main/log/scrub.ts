import { homedir } from 'node:os'
import { redact } from '../api/errors'

/**
 * What keeps secrets, customer identifiers and draft text out of the log. The log records ids,
 * counts, codes, states and durations; these rules catch what could still slip in through text
 * (an error's message, a URL): scrubText runs on every finished log line, scrubMessage on the
 * free text of errors before that.
 */

/** Values main holds that must never be written (keychain items, as they are read or stored). */
export interface KnownSecrets {
  add(value: string | null | undefined): void
  values(): readonly string[]
}

/** Enough for every profile's four keychain items many times over; the oldest go first. */
const SECRETS_KEPT = 256

export function createKnownSecrets(): KnownSecrets {
  const kept = new Set<string>()
  return {
    add(value) {
      // Short values are noise: blanking them would blank ordinary words and numbers.
      if (!value || value.length < 4 || kept.has(value)) return
      kept.add(value)
      if (kept.size > SECRETS_KEPT) kept.delete(kept.values().next().value!)
    },
    // Longest first, so a secret that contains another is blanked whole.
    values: () => [...kept].sort((a, b) => b.length - a.length),
  }
}

/** A secret as it appears inside a JSON string (a line of the log), when that differs. */
const jsonForms = (secrets: readonly string[]) =>
  secrets.flatMap((secret) => {
    const escaped = JSON.stringify(secret).slice(1, -1)
    return escaped === secret ? [secret] : [secret, escaped]
  })

/**
 * Patterns for text anywhere in a line, raw or JSON-escaped. None matches an id the log keeps (a
 * job's UUID, an account id, a channel name), and every replacement keeps a JSON string valid.
 */
const LINE_PATTERNS: [RegExp, string][] = [
  // The query and fragment of a URL carry tokens, verifiers and search text; its host and path stay.
  [/(\bhttps?:\/\/[^\s"'\\<>?#]+)[?#][^\s"'\\<>]*/gi, '$1?[query]'],
  // OAuth parameters, in a query (oauth_token=…) or a header (oauth_token="…", escaped in JSON).
  [/\b(oauth_[a-z_]+)=(?:\\?"[^"\\]*\\?"|[^&\s,"'\\]+)/gi, '$1=[redacted]'],
  [/\b(authorization|proxy-authorization|cookie)(\\?"?\s*[:=]\s*)[^\r\n"\\]+/gi, '$1$2[redacted]'],
  [/\b(Basic|Bearer|OAuth)\s+[A-Za-z0-9%+/=._~-]{8,}/g, '$1 [redacted]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  // Digests of customer identifiers (SHA-256 hex) and anything else shaped like one.
  [/\b[A-Fa-f0-9]{32,}\b/g, '[hash]'],
  [/\+\d[\d\s().-]{6,}\d/g, '[phone]'],
]

/** The home folder names the person (/home/alice, C:\\Users\\alice): a path in the log starts at ~. */
const home = homedir()
const homeForms = home.length > 1 ? jsonForms([home]) : []

/**
 * Blanks known secrets and credential-, query-, email-, digest- and phone-shaped text, and
 * shortens the home folder to ~.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let result = secrets.length > 0 ? redact(text, jsonForms(secrets)) : text
  for (const form of homeForms) result = result.split(form).join('~')
  for (const [pattern, replacement] of LINE_PATTERNS) result = result.replace(pattern, replacement)
  return result
}

/**
 * Free text (an error's message) may quote what a designer typed or a row of a customer list,
 * so more goes: quoted text, handles, UUIDs (device ids), long numbers (platform ids, PINs) and
 * token-shaped words. What is left says what went wrong, not about whom or what.
 */
const MESSAGE_PATTERNS: [RegExp, string][] = [
  [/“[^”]*”|‘[^’]*’|«[^»]*»/g, '“[text]”'],
  [/"[^"]*"/g, '"[text]"'],
  [/(^|[\s(:=[])'[^']*'/g, "$1'[text]'"],
  [/(^|[^\w.])@[A-Za-z0-9_]{1,50}/g, '$1[handle]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]'],
  [/\d{6,}/g, '[number]'],
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}\b/g, '[token]'],
]

const MESSAGE_MAX = 300

export function scrubMessage(text: string, secrets: readonly string[] = []): string {
  let result = scrubText(text, secrets)
  for (const [pattern, replacement] of MESSAGE_PATTERNS) result = result.replace(pattern, replacement)
  return result.length > MESSAGE_MAX ? `${result.slice(0, MESSAGE_MAX)}…` : result
}

const STACK_FRAMES_KEPT = 8

/**
 * An error as the log keeps it: its name, its code, its message scrubbed, and where it was
 * raised (the frames of its stack, with the home folder shortened to ~). Nothing else it
 * carries (a response body, a request, a cause) is written.
 */
export function errorFields(
  error: unknown,
  secrets: readonly string[],
): { type: string; code?: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)' }
  const code = (error as { code?: unknown }).code
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, STACK_FRAMES_KEPT)
    .map((line) => scrubText(line, secrets).trim())
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: scrubMessage(String(code)) } : {}),
    message: scrubMessage(error.message, secrets),
    ...(frames.length > 0 ? { stack: frames.join('\n') } : {}),
  }
}
