import type { CardContent } from '../../shared/creatives/card'
import type { ContentByKind } from '../../shared/creatives/content'
import type { PollCardContent } from '../../shared/creatives/pollCard'
import { CSV_COLUMNS } from '../../shared/drafts/csvFormat'
import type { DraftKind } from '../../shared/drafts/kinds'
import { LIMITS } from '../../shared/rules/limits'

/**
 * How each CSV column reads and writes a draft's content (the columns themselves are listed in
 * shared/drafts/csvFormat.ts). `read` gives undefined when the draft has no such field (a
 * multi-destination card has no single website); `write` gets the new text, or null to clear,
 * and returns new content (never changes the one it is given) or a reason in words.
 */
export type FieldWrite = { ok: true; content: unknown } | { ok: false; reason: string }

export interface CsvField {
  readonly column: string
  readonly kinds: readonly DraftKind[]
  read(content: unknown): string | undefined
  write(content: unknown, value: string | null): FieldWrite
}

/** The kinds a column applies to, as documented. */
function kindsOf(column: string): readonly DraftKind[] {
  const info = CSV_COLUMNS.find((candidate) => candidate.name === column)
  if (!info) throw new Error(`Undocumented CSV column ${column}`)
  return info.kinds
}

type TextKey = {
  [K in DraftKind]: {
    [F in keyof ContentByKind[K]]: ContentByKind[K][F] extends string ? F : never
  }[keyof ContentByKind[K]]
}[DraftKind]

function textField(column: string, key: TextKey & string): CsvField {
  return {
    column,
    kinds: kindsOf(column),
    read: (content) => {
      const value = (content as Record<string, unknown>)[key]
      return typeof value === 'string' ? value : undefined
    },
    write: (content, value) => ({
      ok: true,
      content: { ...(content as object), [key]: value ?? '' },
    }),
  }
}

/** The single card's or carousel's website: its first details component. */
function detailsIndex(content: CardContent): number {
  if (content.mode === 'multi_destination') return -1
  return content.components.findIndex((component) => component.type === 'DETAILS')
}

function cardDetailsField(column: string, part: 'title' | 'url'): CsvField {
  return {
    column,
    kinds: kindsOf(column),
    read: (content) => {
      const card = content as CardContent
      const component = card.components[detailsIndex(card)]
      if (component?.type !== 'DETAILS') return undefined
      return part === 'title' ? component.title : component.destination.url
    },
    write: (content, value) => {
      const card = content as CardContent
      const index = detailsIndex(card)
      const component = card.components[index]
      if (component?.type !== 'DETAILS')
        return {
          ok: false,
          reason: `${column}: this card has no single website (a multi-destination carousel has one per slide). Edit it in the card editor, or leave the cell blank.`,
        }
      const next =
        part === 'title'
          ? { ...component, title: value ?? '' }
          : { ...component, destination: { ...component.destination, url: value ?? '' } }
      return { ok: true, content: { ...card, components: card.components.with(index, next) } }
    },
  }
}

function pollChoiceField(position: number): CsvField {
  const index = position - 1
  const column = `poll_choice_${position}`
  return {
    column,
    kinds: kindsOf(column),
    read: (content) => (content as PollCardContent).choices[index] ?? '',
    write: (content, value) => {
      const poll = content as PollCardContent
      const choices = [...poll.choices]
      if (value === null && index >= LIMITS.pollCard.choices.min) {
        // An optional choice cleared is removed, with any later one moving up.
        if (index < choices.length) choices.splice(index, 1)
      } else {
        while (choices.length < index) choices.push('')
        choices[index] = value ?? ''
      }
      return { ok: true, content: { ...poll, choices } }
    },
  }
}

const durationField: CsvField = {
  column: 'poll_duration_minutes',
  kinds: kindsOf('poll_duration_minutes'),
  read: (content) => String((content as PollCardContent).durationInMinutes),
  write: (content, value) => {
    const minutes = value === null ? NaN : /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN
    if (!Number.isInteger(minutes))
      return {
        ok: false,
        reason: `poll_duration_minutes must be a whole number of minutes (for example 1440 for a day)${value === null ? '; it cannot be cleared' : `, not “${value}”`}.`,
      }
    return { ok: true, content: { ...(content as PollCardContent), durationInMinutes: minutes } }
  },
}

/** Every content column, in the file's order (after id, kind and name). */
export const CSV_FIELDS: readonly CsvField[] = [
  textField('creative_name', 'name'),
  cardDetailsField('card_title', 'title'),
  cardDetailsField('card_url', 'url'),
  pollChoiceField(1),
  pollChoiceField(2),
  pollChoiceField(3),
  pollChoiceField(4),
  durationField,
  textField('conversation_title', 'title'),
  textField('conversation_thank_you_text', 'thankYouText'),
  textField('conversation_thank_you_url', 'thankYouUrl'),
  textField('post_text', 'text'),
  textField('post_video_title', 'videoTitle'),
  textField('post_video_description', 'videoDescription'),
  textField('media_title', 'title'),
  textField('media_description', 'description'),
  textField('media_file_name', 'fileName'),
]

// The documented list and this one must not drift apart.
const documented = CSV_COLUMNS.slice(3).map((column) => column.name)
if (documented.join() !== CSV_FIELDS.map((field) => field.column).join())
  throw new Error('CSV_FIELDS and CSV_COLUMNS list different columns')
