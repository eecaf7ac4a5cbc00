// Team rules checked on a request payload, as an extra pass beside the platform's rules
// (creatives/check.ts): the editors on every change, main at publish. Each pack is compiled once
// (patterns built, words folded) and kept while the pack object lives; what a pack finds on a
// line of text is kept from one check to the next, so a key in a long post reads one line again.

import type { Issue, IssuePath } from '../issues'
import { characterCount, formatNumber, plural } from '../issues'
import type { CreativeKind } from '../payloads'
import { fold, foldedLines, holdsWords, LineCache, wordsOf } from './fold'
import type { BannedWordsRule, RequiredTextRule, TeamLengthField, TeamRule, TeamRulePack } from './types'
import { TEAM_TEXT_FIELDS, TEAM_URL_FIELDS } from './types'
import { listWords, TEAM_FIELD_WORDS } from './words'

interface Found {
  readonly path: IssuePath
  readonly key: string
  readonly value: string
}

/** The strings of a payload a pack can speak of, by kind of field. */
interface Fields {
  readonly name?: Found
  readonly texts: Found[]
  readonly urls: Found[]
}

const TEXT_KEYS: ReadonlySet<string> = new Set(TEAM_TEXT_FIELDS)
const URL_KEYS: ReadonlySet<string> = new Set(TEAM_URL_FIELDS)

function fieldsOf(payload: unknown): Fields {
  const texts: Found[] = []
  const urls: Found[] = []
  let name: Found | undefined
  const walk = (value: unknown, path: (string | number)[], depth: number): void => {
    if (depth > 8) return
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index], depth + 1))
      return
    }
    if (typeof value !== 'object' || value === null) return
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (typeof item !== 'string') {
        walk(item, [...path, key], depth + 1)
        continue
      }
      const found = { path: [...path, key], key, value: item }
      if (key === 'name' && depth === 0) name = found
      else if (TEXT_KEYS.has(key)) texts.push(found)
      else if (URL_KEYS.has(key) && (key !== 'video_cta_value' || /^https?:\/\//i.test(item)))
        urls.push(found)
    }
  }
  walk(payload, [], 0)
  return name ? { name, texts, urls } : { texts, urls }
}

/** A field's text as lines, split once per check whichever rules read it. */
class TextReader {
  private readonly lines = new Map<Found, string[]>()
  linesOf(found: Found): string[] {
    let lines = this.lines.get(found)
    if (lines === undefined) this.lines.set(found, (lines = found.value.split('\n')))
    return lines
  }
}

type Check = (kind: CreativeKind, fields: Fields, texts: TextReader) => Issue[]
type IssueMaker = (rule: TeamRule, path: IssuePath, message: string, limit?: number) => Issue

/** What a pack's word rules found on one line: banned phrases by rule, required texts held. */
interface LineFacts {
  readonly banned: readonly (readonly [rule: number, written: string])[]
  readonly required: ReadonlySet<number>
}

interface CompiledPack {
  readonly checks: readonly Check[]
  readonly lines: LineCache<LineFacts>
}

const compiled = new WeakMap<TeamRulePack, CompiledPack>()
/** Each issue's rule's place in its pack: a pack's issues are listed in the order of its rules. */
const ruleOrder = new WeakMap<Issue, number>()

function compile(pack: TeamRulePack): CompiledPack {
  const known = compiled.get(pack)
  if (known) return known
  const label = `Team rule · ${pack.name}: `
  const places = new Map(pack.rules.map((rule, index) => [rule, index]))
  const issue: IssueMaker = (rule, path, message, limit) => {
    const severity = rule.severity ?? 'error'
    const text = `${label}${message}${rule.note ? ` — ${rule.note}` : ''}`
    const made: Issue =
      limit === undefined
        ? { path, code: 'team_rule', message: text, severity }
        : { path, code: 'team_rule', message: text, severity, limit }
    ruleOrder.set(made, places.get(rule) ?? 0)
    return made
  }
  const words = compileWords(pack.rules)
  const checks: Check[] = []
  for (const rule of pack.rules) {
    if (rule.type !== 'banned_words' && rule.type !== 'required_text') checks.push(compileRule(rule, issue))
  }
  const result: CompiledPack = { checks, lines: new LineCache((line) => words.factsOf(line)) }
  checks.push(...wordChecks(pack.rules, words, result, issue))
  compiled.set(pack, result)
  return result
}

const appliesTo = (kinds: readonly CreativeKind[] | undefined, kind: CreativeKind) =>
  kinds === undefined || kinds.includes(kind)

function hostOf(address: string): { host: string; url: URL } | undefined {
  try {
    const url = new URL(address.trim())
    return { host: url.hostname.toLowerCase().replace(/\.$/, ''), url }
  } catch {
    // Not an address at all: the platform's own rule says so on the field.
    return undefined
  }
}

const onDomain = (host: string, domains: readonly string[]) =>
  domains.some((domain) => host === domain || host.endsWith(`.${domain}`))

function fieldWord(found: Found): string {
  return TEAM_FIELD_WORDS[found.key as TeamLengthField] ?? 'This field'
}

function compileRule(rule: Exclude<TeamRule, BannedWordsRule | RequiredTextRule>, issue: IssueMaker): Check {
  switch (rule.type) {
    case 'name_pattern': {
      const pattern = new RegExp(rule.pattern, 'u')
      const example = rule.example ? ` (for example “${rule.example}”)` : ''
      return (kind, { name }) =>
        !appliesTo(rule.kinds, kind) || !name || name.value.trim() === '' || pattern.test(name.value)
          ? []
          : [
              issue(
                rule,
                name.path,
                `The creative name does not follow the pattern ${rule.pattern}${example}`,
              ),
            ]
    }
    case 'allowed_domains':
    case 'blocked_domains': {
      const domains = rule.domains.map((domain) => domain.toLowerCase())
      const allowed = rule.type === 'allowed_domains'
      return (_kind, { urls }) =>
        urls.flatMap((found) => {
          const parsed = hostOf(found.value)
          if (!parsed || onDomain(parsed.host, domains) === allowed) return []
          return [
            issue(
              rule,
              found.path,
              allowed
                ? `${fieldWord(found)} must be on ${listWords(rule.domains, 'or')}; ${parsed.host} is not`
                : `${fieldWord(found)} is on ${parsed.host}, a domain the team does not use`,
            ),
          ]
        })
    }
    case 'url_parameter': {
      const pattern = rule.pattern ? new RegExp(rule.pattern, 'u') : undefined
      const values = rule.values ? new Set(rule.values) : undefined
      return (_kind, { urls }) =>
        urls.flatMap((found) => {
          const parsed = hostOf(found.value)
          if (!parsed) return []
          const value = parsed.url.searchParams.get(rule.parameter)
          const field = fieldWord(found)
          if (value === null || value === '')
            return [issue(rule, found.path, `${field} needs the parameter ${rule.parameter}`)]
          if (values && !values.has(value))
            return [
              issue(
                rule,
                found.path,
                `${field}: ${rule.parameter} must be ${listWords(rule.values!, 'or')}; “${value}” is not`,
              ),
            ]
          if (pattern && !pattern.test(value))
            return [
              issue(
                rule,
                found.path,
                `${field}: ${rule.parameter} “${value}” does not match ${rule.pattern}`,
              ),
            ]
          return []
        })
    }
    case 'max_length':
      return (kind, { name, texts }) => {
        if (!appliesTo(rule.kinds, kind)) return []
        const candidates =
          rule.field === 'name' ? (name ? [name] : []) : texts.filter((found) => found.key === rule.field)
        return candidates.flatMap((found) => {
          // Never more code points than UTF-16 units: most texts need no count at all.
          if (found.value.length <= rule.max) return []
          const length = characterCount(found.value)
          if (length <= rule.max) return []
          return [
            issue(
              rule,
              found.path,
              `${fieldWord(found)} is ${plural(length - rule.max, 'character')} over the team's ${formatNumber(rule.max)}-character limit`,
              rule.max,
            ),
          ]
        })
      }
  }
}

interface Phrase {
  readonly rule: number
  readonly words: readonly string[]
  readonly written: string
}

/** Every banned phrase of a pack by its first word, and every required text folded. */
function compileWords(rules: readonly TeamRule[]) {
  const byFirstWord = new Map<string, Phrase[]>()
  const required: { rule: number; needle: string }[] = []
  let longest = 1
  rules.forEach((rule, index) => {
    if (rule.type === 'required_text') required.push({ rule: index, needle: fold(rule.text.trim()) })
    if (rule.type !== 'banned_words') return
    for (const written of rule.words) {
      const words = wordsOf(fold(written))
      const first = words[0]
      if (first === undefined) continue
      longest = Math.max(longest, words.length)
      const list = byFirstWord.get(first) ?? []
      list.push({ rule: index, words, written })
      byFirstWord.set(first, list)
    }
  })
  /** Banned phrases starting in `words` at or after `from` and ending before `to`. */
  const phrasesIn = (words: readonly string[], out: (readonly [number, string])[], from = 0) => {
    for (let index = from; index < words.length; index++) {
      const phrases = byFirstWord.get(words[index]!)
      if (!phrases) continue
      for (const phrase of phrases) {
        if (phrase.words.every((word, offset) => words[index + offset] === word))
          out.push([phrase.rule, phrase.written])
      }
    }
  }
  return {
    longest,
    hasBanned: byFirstWord.size > 0,
    phrasesIn,
    factsOf(line: string): LineFacts {
      const { folded, words } = foldedLines.get(line)
      const banned: (readonly [number, string])[] = []
      phrasesIn(words, banned)
      const held = new Set<number>()
      for (const { rule, needle } of required) if (holdsWords(folded, needle)) held.add(rule)
      return { banned, required: held }
    },
  }
}

/** The banned-words and required-text rules, from each line's facts. */
function wordChecks(
  rules: readonly TeamRule[],
  words: ReturnType<typeof compileWords>,
  pack: CompiledPack,
  issue: IssueMaker,
): Check[] {
  const fieldsOfRule = rules.map((rule) =>
    (rule.type === 'banned_words' || rule.type === 'required_text') && rule.fields
      ? new Set<string>(rule.fields)
      : undefined,
  )
  const applies = (rule: number, found: Found) => fieldsOfRule[rule]?.has(found.key) ?? true
  const checks: Check[] = []
  if (words.hasBanned) {
    checks.push((_kind, { texts }, reader) => {
      const issues: Issue[] = []
      for (const found of texts) {
        const hits = new Map<number, Set<string>>()
        const add = ([rule, written]: readonly [number, string]) => {
          if (!applies(rule, found)) return
          const set = hits.get(rule) ?? new Set<string>()
          set.add(written)
          hits.set(rule, set)
        }
        const lines = reader.linesOf(found)
        lines.forEach((line, index) => {
          pack.lines.get(line).banned.forEach(add)
          // A phrase may run on to the next line: the words either side of the break, together.
          if (words.longest > 1 && index + 1 < lines.length) {
            const before = foldedLines.get(line).words
            const after = foldedLines.get(lines[index + 1]!).words
            const tail = before.slice(Math.max(0, before.length - words.longest + 1))
            const across: (readonly [number, string])[] = []
            words.phrasesIn([...tail, ...after.slice(0, words.longest - 1)], across)
            across.forEach(add)
          }
        })
        for (const [rule, written] of [...hits].sort(([a], [b]) => a - b)) {
          issues.push(
            issue(
              rules[rule]!,
              found.path,
              `${fieldWord(found)} uses ${listWords([...written], 'and', 3)}, which the team does not use`,
            ),
          )
        }
      }
      return issues
    })
  }
  rules.forEach((rule, index) => {
    if (rule.type !== 'required_text') return
    checks.push((kind, { texts }, reader) => {
      if (!appliesTo(rule.kinds, kind)) return []
      const candidates = texts.filter((found) => applies(index, found))
      const held = candidates.some((found) =>
        reader.linesOf(found).some((line) => pack.lines.get(line).required.has(index)),
      )
      if (held) return []
      const first = candidates[0]
      const where = first && candidates.length === 1 ? fieldWord(first) : 'The text'
      return [issue(rule, first?.path ?? [], `${where} must include “${rule.text}”`)]
    })
  })
  return checks
}

/** The team rules' issues for a payload of `kind`, on the payload's paths; [] without packs. */
export function checkTeamRules(
  kind: CreativeKind,
  payload: unknown,
  packs: readonly TeamRulePack[] | undefined,
): Issue[] {
  if (!packs || packs.length === 0) return []
  const fields = fieldsOf(payload)
  const reader = new TextReader()
  const issues: Issue[] = []
  for (const pack of packs) {
    const compiledPack = compile(pack)
    const found: Issue[] = []
    for (const check of compiledPack.checks) found.push(...check(kind, fields, reader))
    compiledPack.lines.turn()
    issues.push(...found.sort((a, b) => (ruleOrder.get(a) ?? 0) - (ruleOrder.get(b) ?? 0)))
  }
  foldedLines.turn()
  return issues
}
