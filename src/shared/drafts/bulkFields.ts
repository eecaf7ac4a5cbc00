import { CSV_COLUMNS } from './csvFormat'
import type { DraftKind } from './kinds'

/**
 * The fields bulk edit and find and replace work on: the draft's name and the drafts CSV's
 * content columns (csvFormat.ts), so that a field means the same in a spreadsheet, the side panel
 * and a replace. Main reads and writes them with the CSV's field code (src/main/bulk/csvFields.ts).
 */

/** The groups find and replace is scoped to. */
export const REPLACE_GROUPS = ['text', 'titles', 'names', 'urls'] as const
export type ReplaceGroup = (typeof REPLACE_GROUPS)[number]

export const REPLACE_GROUP_LABELS: Readonly<Record<ReplaceGroup, string>> = {
  text: 'Text',
  titles: 'Titles',
  names: 'Names',
  urls: 'URLs',
}

/** How a find is matched. */
export const MATCH_MODES = ['plain', 'word', 'regex'] as const
export type MatchMode = (typeof MATCH_MODES)[number]

export const MATCH_MODE_LABELS: Readonly<Record<MatchMode, string>> = {
  plain: 'Plain text',
  word: 'Whole word',
  regex: 'Regular expression',
}

export interface BulkFieldInfo {
  /** The CSV column (or `name`, the draft's own name). */
  readonly column: string
  readonly label: string
  /** The kinds it applies to; empty: every kind. */
  readonly kinds: readonly DraftKind[]
  /** Its find and replace group; none for a number (a poll's duration). */
  readonly group?: ReplaceGroup
  /** A number of minutes rather than text. */
  readonly numeric?: true
}

const LABELS: Readonly<Record<string, { label: string; group?: ReplaceGroup; numeric?: true }>> = {
  name: { label: 'Draft name', group: 'names' },
  creative_name: { label: 'Creative name', group: 'names' },
  card_title: { label: 'Card headline', group: 'titles' },
  card_url: { label: 'Destination URL', group: 'urls' },
  poll_choice_1: { label: 'Poll choice 1', group: 'text' },
  poll_choice_2: { label: 'Poll choice 2', group: 'text' },
  poll_choice_3: { label: 'Poll choice 3', group: 'text' },
  poll_choice_4: { label: 'Poll choice 4', group: 'text' },
  poll_duration_minutes: { label: 'Poll duration (minutes)', numeric: true },
  conversation_title: { label: 'Conversation title', group: 'titles' },
  conversation_thank_you_text: { label: 'Thank-you text', group: 'text' },
  conversation_thank_you_url: { label: 'Thank-you URL', group: 'urls' },
  post_text: { label: 'Post text', group: 'text' },
  post_video_title: { label: 'Video title', group: 'titles' },
  post_video_description: { label: 'Video description', group: 'text' },
  media_title: { label: 'Media title', group: 'titles' },
  media_description: { label: 'Media description', group: 'text' },
  media_file_name: { label: 'Media file name', group: 'names' },
}

export const BULK_FIELDS: readonly BulkFieldInfo[] = CSV_COLUMNS.filter(
  (column) => column.name !== 'id' && column.name !== 'kind',
).map((column) => {
  const info = LABELS[column.name]
  if (!info) throw new Error(`No bulk label for CSV column ${column.name}`)
  return { column: column.name, kinds: column.kinds, ...info }
})

export const BULK_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  BULK_FIELDS.map((field) => [field.column, field.label]),
)

/** The columns of a field that apply to every one of these kinds (the name applies to all). */
export function commonFields(kinds: Iterable<DraftKind>): BulkFieldInfo[] {
  const wanted = [...new Set(kinds)]
  return BULK_FIELDS.filter(
    (field) => field.kinds.length === 0 || wanted.every((kind) => field.kinds.includes(kind)),
  )
}

/** The app's limit on how many changes a preview lists (the counts cover them all). */
export const BULK_PREVIEW_LIMITS = { itemsListed: 500 } as const
