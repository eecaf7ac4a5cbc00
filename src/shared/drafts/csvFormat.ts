import type { DraftKind } from './kinds'

/**
 * The drafts CSV: one row per draft, one column per editable field. The column list and its
 * rules are shown by the Drafts page's Export/Import buttons and in README.md ("Drafts as
 * CSV"); main's export and import (src/main/bulk/) read them from here.
 */

/** Typed in a cell to empty that field; a blank cell keeps the draft's value. */
export const CSV_CLEAR_MARKER = '[clear]'

/** App limits (not the platform's): what one export or import handles, and the file's size. */
export const DRAFTS_CSV_LIMITS = { maxRows: 50_000, maxMegabytes: 64 } as const

export interface CsvColumnInfo {
  readonly name: string
  /** The kinds the column applies to; empty: every kind (the id, kind and name columns). */
  readonly kinds: readonly DraftKind[]
  /** For the help text: what the cell holds. */
  readonly help: string
}

const ALL: readonly DraftKind[] = []
const CARDS: readonly DraftKind[] = ['card', 'poll_card', 'video_conversation_card']

export const CSV_COLUMNS: readonly CsvColumnInfo[] = [
  { name: 'id', kinds: ALL, help: 'Ties the row to its draft. Never change it.' },
  { name: 'kind', kinds: ALL, help: 'card, poll_card, video_conversation_card, post or media_library.' },
  { name: 'name', kinds: ALL, help: 'The draft’s name in Ads Studio.' },
  {
    name: 'creative_name',
    kinds: [...CARDS, 'post', 'media_library'],
    help: 'The name the platform keeps for the card, post or medium.',
  },
  { name: 'card_title', kinds: ['card'], help: 'The website title (single cards and carousels).' },
  { name: 'card_url', kinds: ['card'], help: 'The website address (single cards and carousels).' },
  { name: 'poll_choice_1', kinds: ['poll_card'], help: 'First choice.' },
  { name: 'poll_choice_2', kinds: ['poll_card'], help: 'Second choice.' },
  { name: 'poll_choice_3', kinds: ['poll_card'], help: 'Third choice; [clear] removes it.' },
  { name: 'poll_choice_4', kinds: ['poll_card'], help: 'Fourth choice; [clear] removes it.' },
  { name: 'poll_duration_minutes', kinds: ['poll_card'], help: 'How long the poll runs, in minutes.' },
  { name: 'conversation_title', kinds: ['video_conversation_card'], help: 'The card’s title.' },
  { name: 'conversation_thank_you_text', kinds: ['video_conversation_card'], help: 'The thank-you text.' },
  { name: 'conversation_thank_you_url', kinds: ['video_conversation_card'], help: 'The thank-you link.' },
  { name: 'post_text', kinds: ['post'], help: 'The post’s text.' },
  { name: 'post_video_title', kinds: ['post'], help: 'The video’s title.' },
  { name: 'post_video_description', kinds: ['post'], help: 'The video’s description.' },
  { name: 'media_title', kinds: ['media_library'], help: 'The medium’s title.' },
  { name: 'media_description', kinds: ['media_library'], help: 'The medium’s description.' },
  { name: 'media_file_name', kinds: ['media_library'], help: 'The medium’s file name.' },
]

export const CSV_COLUMN_NAMES: readonly string[] = CSV_COLUMNS.map((column) => column.name)

/** The rules in a few lines, for the help text beside the buttons. */
export const CSV_RULES: readonly string[] = [
  'One row per draft; the id column ties each row to its draft, and rows may come in any order.',
  `A blank cell keeps the draft’s value; ${CSV_CLEAR_MARKER} empties the field.`,
  'Cells of columns that do not apply to a row’s kind stay blank.',
  'Text that starts with =, +, - or @ is written with an apostrophe before it, so a spreadsheet keeps it as text; keep the apostrophe.',
  'Save as “CSV UTF-8”. A row with a problem is refused whole and the report says why; the other rows apply.',
]
