// A team rule pack as data, without zod: the editors check drafts against compiled packs, and
// the renderer's editors must not pull zod in for it (rule P11, bench/PERFORMANCE.md). The
// schema that reads a pack file is schema.ts; the format is described there.

import type { CreativeKind } from '../payloads'

export type TeamRuleSeverity = 'error' | 'warning'

/** Text fields a pack may name, by the key the request payload gives them. */
export const TEAM_TEXT_FIELDS = [
  'text',
  'title',
  'description',
  'video_title',
  'video_description',
  'thank_you_text',
  'first_choice',
  'second_choice',
  'third_choice',
  'fourth_choice',
] as const
export type TeamTextField = (typeof TEAM_TEXT_FIELDS)[number]

/** The fields a length limit may name: every text field and the creative's name. */
export type TeamLengthField = TeamTextField | 'name'

/** Landing addresses: a card's website, a conversation card's thank-you link, a video's link. */
export const TEAM_URL_FIELDS = ['url', 'thank_you_url', 'video_cta_value'] as const

interface RuleBase {
  /** 'error' (the default) blocks publishing; 'warning' is shown and never blocks. */
  readonly severity?: TeamRuleSeverity | undefined
  /** Why the rule exists, or where the team wrote it down; shown after the rule's message. */
  readonly note?: string | undefined
}

export interface NamePatternRule extends RuleBase {
  readonly type: 'name_pattern'
  /** The kinds the pattern applies to; every kind when absent. */
  readonly kinds?: readonly CreativeKind[] | undefined
  /** A JavaScript regular expression (Unicode mode) the creative's name must match. */
  readonly pattern: string
  /** A name that matches, shown in the message. */
  readonly example?: string | undefined
}

export interface AllowedDomainsRule extends RuleBase {
  readonly type: 'allowed_domains'
  /** Landing addresses must be on one of these domains or their subdomains. */
  readonly domains: readonly string[]
}

export interface BlockedDomainsRule extends RuleBase {
  readonly type: 'blocked_domains'
  /** Landing addresses must not be on these domains or their subdomains. */
  readonly domains: readonly string[]
}

export interface UrlParameterRule extends RuleBase {
  readonly type: 'url_parameter'
  /** A query parameter every landing address must carry, e.g. utm_source. */
  readonly parameter: string
  /** Its allowed values (exact); any non-empty value when neither this nor pattern is given. */
  readonly values?: readonly string[] | undefined
  /** A regular expression its value must match. */
  readonly pattern?: string | undefined
}

export interface BannedWordsRule extends RuleBase {
  readonly type: 'banned_words'
  /** Words or phrases no text may hold: whole words, ignoring case, accents and punctuation. */
  readonly words: readonly string[]
  /** The text fields checked; every text field when absent. */
  readonly fields?: readonly TeamTextField[] | undefined
}

export interface RequiredTextRule extends RuleBase {
  readonly type: 'required_text'
  /** Text one of the fields must hold, as whole words, ignoring case and accents (e.g. #ad). */
  readonly text: string
  /** The kinds that need it; every kind when absent. */
  readonly kinds?: readonly CreativeKind[] | undefined
  /** Where it may be; any text field of the draft when absent. */
  readonly fields?: readonly TeamTextField[] | undefined
}

export interface MaxLengthRule extends RuleBase {
  readonly type: 'max_length'
  readonly field: TeamLengthField
  /** At most this many characters (as people count them: an emoji is one). */
  readonly max: number
  readonly kinds?: readonly CreativeKind[] | undefined
}

export type TeamRule =
  | NamePatternRule
  | AllowedDomainsRule
  | BlockedDomainsRule
  | UrlParameterRule
  | BannedWordsRule
  | RequiredTextRule
  | MaxLengthRule

export interface TeamRulePack {
  readonly format: 'ads-studio-rule-pack'
  readonly version: 1
  readonly name: string
  readonly description?: string | undefined
  readonly rules: readonly TeamRule[]
}
