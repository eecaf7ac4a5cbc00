import type { MatchMode } from '../../shared/drafts/bulkFields'

/**
 * The text side of find and replace: a find compiled once into a function over one value, and
 * the URL helper that adds, changes or removes one query parameter. Both leave a value they do not
 * change as the very same string, so a caller can tell "no change" with ===.
 */

export interface FindSpec {
  find: string
  replace: string
  mode: MatchMode
  caseSensitive: boolean
}

export type CompiledFind = { ok: true; apply(text: string): string } | { ok: false; reason: string }

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// A word is letters, digits and underscores in any script.
const WORD_BEFORE = '(?<![\\p{L}\\p{N}_])'
const WORD_AFTER = '(?![\\p{L}\\p{N}_])'

export function compileFind(spec: FindSpec): CompiledFind {
  if (spec.find === '') return { ok: false, reason: 'Type the text to find.' }
  const flags = `gu${spec.caseSensitive ? '' : 'i'}`
  let pattern: RegExp
  if (spec.mode === 'regex') {
    try {
      pattern = new RegExp(spec.find, flags)
    } catch (error) {
      const why =
        error instanceof Error
          ? error.message.replace(/^Invalid regular expression: (?:\/.*\/[a-z]*: )?/s, '')
          : ''
      return {
        ok: false,
        reason: `This is not a regular expression Ads Studio can use (${why}). Fix it, or choose Plain text to find it as typed.`,
      }
    }
  } else {
    const literal = escapeRegExp(spec.find)
    pattern = new RegExp(spec.mode === 'word' ? `${WORD_BEFORE}${literal}${WORD_AFTER}` : literal, flags)
  }
  // Plain and whole-word replacements are taken as typed ("$1" stays "$1"); a regular expression's
  // may name its groups ($1, $<name>), as in JavaScript.
  const replacement = spec.mode === 'regex' ? spec.replace : () => spec.replace
  return {
    ok: true,
    apply(text) {
      pattern.lastIndex = 0
      if (!pattern.test(text)) return text
      pattern.lastIndex = 0
      const next = text.replace(pattern, replacement as string)
      return next === text ? text : next
    },
  }
}

/** The parameter names a designer may give: what a query string can carry unencoded. */
const PARAM_NAME = /^[A-Za-z0-9._~-]+$/

export function checkParamName(name: string): string | null {
  if (name === '') return 'Type the parameter’s name, for example utm_campaign.'
  if (!PARAM_NAME.test(name))
    return `“${name}” is not a parameter name: use letters, digits, dots, dashes, underscores or tildes.`
  return null
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return part
  }
}

/**
 * The URL with its parameter `name` set to `value` (added at the end if absent, every copy
 * changed if present) or removed (`value` null). Only that parameter is touched: the others keep
 * their order and encoding, the fragment stays. Blank text is no URL and stays blank.
 */
export function setQueryParam(url: string, name: string, value: string | null): string {
  if (url.trim() === '') return url
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  const queryAt = beforeHash.indexOf('?')
  const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt)
  const query = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1)
  const pairs = query === '' ? [] : query.split('&')
  const isIt = (pair: string) => decoded(pair.split('=')[0] ?? '') === name
  const encoded = value === null ? null : `${name}=${encodeURIComponent(value)}`
  let found = false
  const next: string[] = []
  for (const pair of pairs) {
    if (!isIt(pair)) next.push(pair)
    else {
      found = true
      if (encoded !== null) next.push(encoded)
    }
  }
  if (!found && encoded !== null) next.push(encoded)
  const result = `${base}${next.length > 0 ? `?${next.join('&')}` : ''}${hash}`
  return result === url ? url : result
}
