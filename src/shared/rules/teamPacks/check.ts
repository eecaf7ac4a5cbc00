// Team rules checked on a request payload, as an extra pass beside the platform's rules
// (creatives/check.ts): the editors on every change, main at publish. Each pack is compiled once
// (patterns built, words folded) and kept while the pack object lives.

import type { Issue, IssuePath } from '../issues'
import { characterCount, formatNumber, plural } from '../issues'
import type { CreativeKind } from '../payloads'
import { fold, holdsWords, wordsOf } from './fold'
import type { TeamLengthField, TeamRule, TeamRulePack, TeamRuleSeverity } from './types'
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

type Check = (kind: CreativeKind, fields: Fields, folded: FoldedTexts) => Issue[]

/** Each text field folded and split once per check, whichever rules read it. */
class FoldedTexts {
  private readonly folded = new Map<Found, string>()
  private readonly words = new Map<Found, string[]>()
  foldedOf(found: Found): string {
    let text = this.folded.get(found)
    if (text === undefined) this.folded.set(found, (text = fold(found.value)))
    return text
  }
  wordsOf(found: Found): string[] {
    let words = this.words.get(found)
    if (words === undefined) this.words.set(found, (words = wordsOf(this.foldedOf(found))))
    return words
  }
}

interface CompiledPack {
  readonly checks: readonly Check[]
}

const compiled = new WeakMap<TeamRulePack, CompiledPack>()

function compile(pack: TeamRulePack): CompiledPack {
  const known = compiled.get(pack)
  if (known) return known
  const label = `Team rule · ${pack.name}: `
  const issue = (rule: TeamRule, path: IssuePath, message: string, limit?: number): Issue => {
    const severity: TeamRuleSeverity = rule.severity ?? 'error'
    const text = `${label}${message}${rule.note ? ` — ${rule.note}` : ''}`
    return limit === undefined
      ? { path, code: 'team_rule', message: text, severity }
      : { path, code: 'team_rule', message: text, severity, limit }
  }
  const checks: Check[] = []
  const banned: BannedWordsRuleCompiled[] = []
  for (const rule of pack.rules) {
    if (rule.type === 'banned_words') banned.push(compileBanned(rule))
    else checks.push(compileRule(rule, issue))
  }
  if (banned.length > 0) checks.push(bannedCheck(banned, issue))
  const result = { checks }
  compiled.set(pack, result)
  return result
}

type IssueMaker = (rule: TeamRule, path: IssuePath, message: string, limit?: number) => Issue

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

function compileRule(rule: Exclude<TeamRule, { type: 'banned_words' }>, issue: IssueMaker): Check {
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
    case 'required_text': {
      const needle = fold(rule.text.trim())
      const fields = rule.fields ? new Set<string>(rule.fields) : undefined
      return (kind, { texts }, folded) => {
        if (!appliesTo(rule.kinds, kind)) return []
        const candidates = fields ? texts.filter((found) => fields.has(found.key)) : texts
        if (candidates.some((found) => holdsWords(folded.foldedOf(found), needle))) return []
        const first = candidates[0]
        const where = first && candidates.length === 1 ? fieldWord(first) : 'The text'
        return [issue(rule, first?.path ?? [], `${where} must include “${rule.text}”`)]
      }
    }
    case 'max_length':
      return (kind, { name, texts }) => {
        if (!appliesTo(rule.kinds, kind)) return []
        const candidates =
          rule.field === 'name' ? (name ? [name] : []) : texts.filter((t) => t.key === rule.field)
        return candidates.flatMap((found) => {
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

interface BannedWordsRuleCompiled {
  readonly rule: TeamRule & { type: 'banned_words' }
  readonly fields: ReadonlySet<string> | undefined
  /** First word → the phrases starting with it, each as its words and as written in the pack. */
  readonly byFirstWord: ReadonlyMap<string, readonly { words: readonly string[]; written: string }[]>
}

function compileBanned(rule: TeamRule & { type: 'banned_words' }): BannedWordsRuleCompiled {
  const byFirstWord = new Map<string, { words: string[]; written: string }[]>()
  for (const written of rule.words) {
    const words = wordsOf(fold(written))
    const first = words[0]
    if (first === undefined) continue
    const list = byFirstWord.get(first) ?? []
    list.push({ words, written })
    byFirstWord.set(first, list)
  }
  return { rule, fields: rule.fields ? new Set<string>(rule.fields) : undefined, byFirstWord }
}

/** Every banned-words rule of a pack in one pass over each text's words. */
function bannedCheck(rules: readonly BannedWordsRuleCompiled[], issue: IssueMaker): Check {
  return (_kind, { texts }, folded) => {
    const issues: Issue[] = []
    for (const found of texts) {
      const applying = rules.filter((banned) => !banned.fields || banned.fields.has(found.key))
      if (applying.length === 0) continue
      const words = folded.wordsOf(found)
      for (const banned of applying) {
        const hits = new Set<string>()
        for (let index = 0; index < words.length; index++) {
          const phrases = banned.byFirstWord.get(words[index]!)
          if (!phrases) continue
          for (const phrase of phrases) {
            if (phrase.words.every((word, offset) => words[index + offset] === word)) hits.add(phrase.written)
          }
        }
        if (hits.size === 0) continue
        const list = [...hits]
        issues.push(
          issue(
            banned.rule,
            found.path,
            `${fieldWord(found)} uses ${listWords(list, 'and', 3)}, which the team does not use`,
          ),
        )
      }
    }
    return issues
  }
}

/** The team rules' issues for a payload of `kind`, on the payload's paths; [] without packs. */
export function checkTeamRules(
  kind: CreativeKind,
  payload: unknown,
  packs: readonly TeamRulePack[] | undefined,
): Issue[] {
  if (!packs || packs.length === 0) return []
  const fields = fieldsOf(payload)
  const folded = new FoldedTexts()
  const issues: Issue[] = []
  for (const pack of packs)
    for (const check of compile(pack).checks) issues.push(...check(kind, fields, folded))
  return issues
}
