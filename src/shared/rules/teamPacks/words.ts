// The words a pack's fields, kinds and rules reach the screen as.

import type { CreativeKind } from '../payloads'
import type { TeamLengthField, TeamRule } from './types'

export const TEAM_FIELD_WORDS: Record<TeamLengthField | 'url' | 'thank_you_url' | 'video_cta_value', string> =
  {
    name: 'Creative name',
    text: 'Post text',
    title: 'Title',
    description: 'Description',
    video_title: 'Video title',
    video_description: 'Video description',
    thank_you_text: 'Thank-you text',
    first_choice: 'First choice',
    second_choice: 'Second choice',
    third_choice: 'Third choice',
    fourth_choice: 'Fourth choice',
    url: 'Website address',
    thank_you_url: 'Thank-you link',
    video_cta_value: 'Video link',
  }

export const TEAM_KIND_WORDS: Record<CreativeKind, string> = {
  card: 'cards',
  poll_card: 'poll cards',
  video_conversation_card: 'video conversation cards',
  post: 'posts',
  media_library: 'media library entries',
}

/** “a”, “a or b”, “a, b or c”; longer lists show the first few and how many more. */
export function listWords(items: readonly string[], joiner: 'or' | 'and', shown = 5): string {
  const quoted = items.slice(0, shown).map((item) => `“${item}”`)
  if (items.length > shown) return `${quoted.join(', ')} ${joiner} ${items.length - shown} more`
  if (quoted.length <= 1) return quoted.join('')
  return `${quoted.slice(0, -1).join(', ')} ${joiner} ${quoted.at(-1)!}`
}

function kindsWords(kinds: readonly CreativeKind[] | undefined): string {
  if (!kinds) return ''
  const words = kinds.map((kind) => TEAM_KIND_WORDS[kind])
  const joined = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}`
  return ` (${joined})`
}

function fieldsWords(fields: readonly string[] | undefined, fallback: string): string {
  if (!fields) return fallback
  return fields.map((field) => TEAM_FIELD_WORDS[field as TeamLengthField].toLowerCase()).join(', ')
}

/** One rule in a sentence, for the screen that shows a pack. */
export function describeTeamRule(rule: TeamRule): string {
  switch (rule.type) {
    case 'name_pattern':
      return `Creative names${kindsWords(rule.kinds)} follow the pattern ${rule.pattern}${
        rule.example ? `, for example “${rule.example}”` : ''
      }.`
    case 'allowed_domains':
      return `Landing addresses are only on ${listWords(rule.domains, 'or', 8)} (or their subdomains).`
    case 'blocked_domains':
      return `Landing addresses are never on ${listWords(rule.domains, 'or', 8)} (or their subdomains).`
    case 'url_parameter':
      if (rule.values)
        return `Every landing address carries ${rule.parameter}, set to ${listWords(rule.values, 'or', 8)}.`
      if (rule.pattern)
        return `Every landing address carries ${rule.parameter}, its value matching ${rule.pattern}.`
      return `Every landing address carries ${rule.parameter}, with a value.`
    case 'banned_words':
      return `Never use ${listWords(rule.words, 'or', 12)} in ${fieldsWords(rule.fields, 'any text')}.`
    case 'required_text':
      return `${rule.kinds ? `${capital(kindsWords(rule.kinds).slice(2, -1))} include` : 'Every draft includes'} “${
        rule.text
      }” in ${fieldsWords(rule.fields, 'its text')}.`
    case 'max_length':
      return `${TEAM_FIELD_WORDS[rule.field]}${kindsWords(rule.kinds)}: at most ${rule.max.toLocaleString('en-US')} characters.`
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
