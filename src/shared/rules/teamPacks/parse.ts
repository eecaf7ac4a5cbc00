// Reads a pack file's text into a pack, or into one refusal a person can act on: the line and
// column of the first mistake in the file and what is wrong there, in words.

import type { z } from 'zod'
import { JsonSyntaxError, readLocatedJson, type LocatedJson, type TextPlace } from '../../json/locatedJson'
import { teamRulePackSchema } from './schema'
import type { TeamRulePack } from './types'

export type PackReading =
  | { readonly ok: true; readonly pack: TeamRulePack }
  | {
      readonly ok: false
      readonly line: number
      readonly column: number
      /** What is wrong, for the person who wrote the file. */
      readonly reason: string
      /** "Line 4, column 7: …" */
      readonly message: string
    }

export function parseTeamRulePack(text: string): PackReading {
  let located: LocatedJson
  try {
    located = readLocatedJson(text)
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    return refusal(error.place, `This is not valid JSON: ${error.reason}.`)
  }
  const parsed = teamRulePackSchema.safeParse(located.value)
  if (parsed.success) return { ok: true, pack: parsed.data }
  const found = parsed.error.issues.map((issue) => ({ issue, place: placeOf(located, issue) }))
  found.sort((a, b) => a.place.line - b.place.line || a.place.column - b.place.column)
  const first = found[0]!
  const more = found.length > 1 ? ` (${found.length - 1} more after it)` : ''
  return refusal(first.place, `${sentence(located, first.issue)}${more}.`)
}

function refusal(place: TextPlace, reason: string): PackReading {
  return {
    ok: false,
    line: place.line,
    column: place.column,
    reason,
    message: `Line ${place.line}, column ${place.column}: ${reason}`,
  }
}

function placeOf(located: LocatedJson, issue: z.core.$ZodIssue): TextPlace {
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined)
    return located.keyPlaceOf(issue.path, issue.keys[0]) ?? located.placeOf(issue.path)
  // A missing key is reported where its object starts.
  return located.placeOf(issue.path)
}

/** “rule 4 (name_pattern), pattern” for ['rules', 3, 'pattern']. */
function where(located: LocatedJson, path: readonly PropertyKey[]): string {
  const parts: string[] = []
  for (let index = 0; index < path.length; index++) {
    const key = path[index]!
    if (path[index - 1] === 'rules' && typeof key === 'number') {
      const rule = valueAt(located.value, path.slice(0, index + 1)) as { type?: unknown } | undefined
      const type = typeof rule?.type === 'string' ? ` (${rule.type})` : ''
      parts[parts.length - 1] = `rule ${key + 1}${type}`
    } else if (typeof key === 'number') {
      parts.push(`item ${key + 1}`)
    } else {
      parts.push(`“${String(key)}”`)
    }
  }
  return parts.join(', ')
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text in double quotes',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list in [ ]',
  object: 'an object in { }',
}

function sentence(located: LocatedJson, issue: z.core.$ZodIssue): string {
  const at = where(located, issue.path)
  const subject = at === '' ? 'The pack' : capitalise(at)
  const value = valueAt(located.value, issue.path)
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `${subject} is missing`
      return `${subject} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`
    case 'invalid_value':
      return `${subject} must be ${oneOf(issue.values.map((item) => JSON.stringify(item)))}`
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) {
        const options = (issue.options as unknown[]).map((item) => JSON.stringify(item))
        return value === undefined
          ? `${subject} is missing: each rule needs a "type"`
          : `${subject} must be ${oneOf(options)}`
      }
      return `${subject} is not in a form this format knows`
    case 'unrecognized_keys':
      return `${at === '' ? 'The pack' : capitalise(at)} has ${issue.keys
        .map((key) => `“${key}”`)
        .join(', ')}, which this format does not know (check the spelling)`
    case 'too_small':
      if (issue.origin === 'array') return `${subject} needs at least ${String(issue.minimum)} item(s)`
      if (issue.origin === 'string') return `${subject} must not be empty`
      return issue.inclusive === false
        ? `${subject} must be more than ${String(issue.minimum)}`
        : `${subject} must be at least ${String(issue.minimum)}`
    case 'too_big':
      if (issue.origin === 'array') return `${subject} may have at most ${String(issue.maximum)} items`
      if (issue.origin === 'string')
        return `${subject} may be at most ${String(issue.maximum)} characters long`
      return `${subject} may be at most ${String(issue.maximum)}`
    default:
      return `${subject} ${issue.message}`
  }
}

function oneOf(options: readonly string[]): string {
  if (options.length === 1) return options[0]!
  return `one of ${options.slice(0, -1).join(', ')} or ${options.at(-1)!}`
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
