/**
 * The team rule pack file: JSON, UTF-8, at most 256 KB. A team writes it once and every designer
 * of the account imports it (Settings → Team rules); the editors check drafts against it as they
 * check the platform's limits, and main checks it again before anything is published.
 *
 * ```json
 * {
 *   "format": "ads-studio-rule-pack",
 *   "version": 1,
 *   "name": "Acme naming",
 *   "description": "What the whole studio agreed on.",
 *   "rules": [
 *     { "type": "name_pattern", "pattern": "^[A-Z]{2}_\\d{4}_.+", "example": "FR_2026_Spring" },
 *     { "type": "allowed_domains", "domains": ["acme.example"] },
 *     { "type": "blocked_domains", "domains": ["bit.ly"] },
 *     { "type": "url_parameter", "parameter": "utm_source", "values": ["twitter"] },
 *     { "type": "url_parameter", "parameter": "utm_campaign", "pattern": "^[a-z0-9_]+$" },
 *     { "type": "banned_words", "words": ["cheap", "risk free"], "severity": "warning" },
 *     { "type": "required_text", "text": "#ad", "kinds": ["post"] },
 *     { "type": "max_length", "field": "text", "max": 200 }
 *   ]
 * }
 * ```
 *
 * Every rule may say `"severity": "warning"` (shown, never blocks publishing; errors block) and
 * a `"note"` shown after its message. `kinds` are the draft kinds (`card`, `poll_card`,
 * `video_conversation_card`, `post`, `media_library`); `fields` name text fields by their API
 * name (TEAM_TEXT_FIELDS). Patterns are JavaScript regular expressions in Unicode mode.
 * Words, phrases and required text match whole words, ignoring case, accents and punctuation.
 * Domains include their subdomains. An unknown key, type or field is refused, with its line.
 */

import { z } from 'zod'
import { CREATIVE_KINDS } from '../payloads'
import { TEAM_TEXT_FIELDS, type TeamRulePack } from './types'

export const TEAM_PACK_LIMITS = {
  /** The largest pack file main reads. */
  maxFileBytes: 256 * 1024,
  maxRules: 1000,
  /** Packs imported per account. */
  maxPacksPerAccount: 20,
  maxNameLength: 80,
  maxPatternLength: 300,
  maxWordsPerRule: 2000,
} as const

const kinds = z.array(z.enum(CREATIVE_KINDS as [string, ...string[]])).min(1)
const textFields = z.array(z.enum(TEAM_TEXT_FIELDS)).min(1)
const severity = z.enum(['error', 'warning']).optional()
const note = z.string().trim().min(1).max(300).optional()

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

const pattern = z
  .string()
  .min(1)
  .max(TEAM_PACK_LIMITS.maxPatternLength)
  .refine(compiles, 'is not a valid regular expression')

const DOMAIN = /^(?!-)[a-z0-9-]{1,63}(?:\.(?!-)[a-z0-9-]{1,63})+$/i
const domains = z
  .array(z.string().trim().regex(DOMAIN, 'must be a domain such as example.com (no https://, no path)'))
  .min(1)
  .max(TEAM_PACK_LIMITS.maxWordsPerRule)

/** A word or phrase with at least one letter or digit: punctuation alone matches nothing. */
const word = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/[\p{L}\p{N}]/u, 'needs at least one letter or digit')

const ruleSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('name_pattern'),
      kinds: kinds.optional(),
      pattern,
      example: z.string().max(200).optional(),
      severity,
      note,
    })
    .strict(),
  z.object({ type: z.literal('allowed_domains'), domains, severity, note }).strict(),
  z.object({ type: z.literal('blocked_domains'), domains, severity, note }).strict(),
  z
    .object({
      type: z.literal('url_parameter'),
      parameter: z.string().trim().min(1).max(100),
      values: z.array(z.string().min(1).max(200)).min(1).max(TEAM_PACK_LIMITS.maxWordsPerRule).optional(),
      pattern: pattern.optional(),
      severity,
      note,
    })
    .strict()
    .refine((rule) => !(rule.values && rule.pattern), {
      message: 'takes either values or pattern, not both',
      path: ['pattern'],
    }),
  z
    .object({
      type: z.literal('banned_words'),
      words: z.array(word).min(1).max(TEAM_PACK_LIMITS.maxWordsPerRule),
      fields: textFields.optional(),
      severity,
      note,
    })
    .strict(),
  z
    .object({
      type: z.literal('required_text'),
      text: word,
      kinds: kinds.optional(),
      fields: textFields.optional(),
      severity,
      note,
    })
    .strict(),
  z
    .object({
      type: z.literal('max_length'),
      field: z.enum([...TEAM_TEXT_FIELDS, 'name']),
      max: z.number().int().positive().max(100_000),
      kinds: kinds.optional(),
      severity,
      note,
    })
    .strict(),
])

export const teamRulePackSchema: z.ZodType<TeamRulePack> = z
  .object({
    format: z.literal('ads-studio-rule-pack'),
    version: z.literal(1),
    name: z.string().trim().min(1).max(TEAM_PACK_LIMITS.maxNameLength),
    description: z.string().trim().max(1000).optional(),
    rules: z.array(ruleSchema).min(1).max(TEAM_PACK_LIMITS.maxRules),
  })
  .strict() as z.ZodType<TeamRulePack>
