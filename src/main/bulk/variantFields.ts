import type { CardContent, ComponentDraft } from '../../shared/creatives/card'
import { mediaRefSchema, mediaTypeOf, type MediaRef } from '../../shared/creatives/media'
import type { PollCardContent } from '../../shared/creatives/pollCard'
import { newPostMediaItem, type PostContent } from '../../shared/creatives/post'
import type { DraftKind } from '../../shared/drafts/kinds'
import type { VariantValueTag } from '../../shared/drafts/variants'
import type { VariantValue } from '../../shared/ipc/contracts/variants'
import { valueWord } from '../../shared/platformWords'
import { LIMITS } from '../../shared/rules/limits'
import { CSV_FIELDS, type FieldWrite } from './csvFields'

/**
 * What a variant may vary, per kind. Text fields are the CSV's columns (csvFields.ts: the same
 * reading and writing as an import); media and the button label are added here. `read` gives
 * undefined when this draft has no such field (a multi-destination carousel has no single
 * website), and the dialog then does not offer it.
 */
export interface VariantFieldDef {
  readonly key: string
  readonly label: string
  /** The word in a variant's name: "headline B". */
  readonly short: string
  readonly type: 'text' | 'media' | 'choice'
  readonly tag: VariantValueTag
  readonly kinds: readonly DraftKind[]
  readonly choices?: readonly { value: string; label: string }[]
  read(content: unknown): VariantValue | null | undefined
  write(content: unknown, value: VariantValue): FieldWrite
}

const TEXT_FIELDS: readonly (readonly [column: string, label: string, short: string])[] = [
  ['card_title', 'Headline', 'headline'],
  ['card_url', 'Destination URL', 'URL'],
  ['post_text', 'Post text', 'text'],
  ['poll_choice_1', 'Choice 1', 'choice 1'],
  ['poll_choice_2', 'Choice 2', 'choice 2'],
  ['poll_choice_3', 'Choice 3', 'choice 3'],
  ['poll_choice_4', 'Choice 4', 'choice 4'],
  ['conversation_title', 'Title', 'title'],
  ['conversation_thank_you_text', 'Thank-you text', 'thank-you'],
  ['conversation_thank_you_url', 'Thank-you URL', 'URL'],
  ['media_title', 'Title', 'title'],
  ['media_description', 'Description', 'description'],
]

function textFields(): VariantFieldDef[] {
  return TEXT_FIELDS.map(([column, label, short]) => {
    const csv = CSV_FIELDS.find((field) => field.column === column)
    if (!csv) throw new Error(`No CSV field ${column}`)
    return {
      key: column,
      label,
      short,
      type: 'text',
      tag: 'letter',
      kinds: csv.kinds,
      read: (content) => csv.read(content),
      write: (content, value) =>
        typeof value === 'string'
          ? csv.write(content, value)
          : { ok: false, reason: `${label} takes text, not a medium.` },
    }
  })
}

/** The single card's medium: its MEDIA component (a carousel's items are not one value). */
function cardMediaIndex(card: CardContent): number {
  if (card.mode !== 'single') return -1
  return card.components.findIndex((component) => component.type === 'MEDIA')
}

function asMedia(value: VariantValue, label: string): { ok: true; media: MediaRef } | FieldWrite {
  const parsed = mediaRefSchema.safeParse(value)
  return parsed.success
    ? { ok: true, media: parsed.data }
    : { ok: false, reason: `${label} takes a medium from the draft or the library.` }
}

const mediaField: VariantFieldDef = {
  key: 'media',
  label: 'Media',
  short: 'media',
  type: 'media',
  tag: 'number',
  kinds: ['card', 'poll_card', 'post'],
  read: (content) => {
    const value = content as Partial<CardContent & PollCardContent & PostContent>
    if ('components' in value) {
      const card = content as CardContent
      const component = card.components[cardMediaIndex(card)]
      return component?.type === 'MEDIA' ? component.media : undefined
    }
    if ('choices' in value) return (content as PollCardContent).media
    if ('asUserId' in value) return (content as PostContent).media[0]?.media ?? null
    return undefined
  },
  write: (content, value) => {
    const checked = asMedia(value, 'Media')
    if (!('media' in checked)) return checked
    const media = checked.media
    if ('components' in (content as object)) {
      const card = content as CardContent
      const index = cardMediaIndex(card)
      const component = card.components[index]
      if (component?.type !== 'MEDIA')
        return { ok: false, reason: 'Only a single card’s medium can vary; this card is a carousel.' }
      const next: ComponentDraft = { ...component, media }
      return { ok: true, content: { ...card, components: card.components.with(index, next) } }
    }
    if ('choices' in (content as object)) return { ok: true, content: { ...(content as object), media } }
    const post = content as PostContent
    const first = post.media[0]
    const item = first ? { ...first, media } : newPostMediaItem(media)
    return { ok: true, content: { ...post, media: [item, ...post.media.slice(1)] } }
  },
}

function buttonIndex(card: CardContent): number {
  if (card.mode === 'multi_destination') return -1
  return card.components.findIndex((component) => component.type === 'BUTTON')
}

const LABEL_VALUES: readonly string[] = LIMITS.card.labelValues.values

const buttonLabelField: VariantFieldDef = {
  key: 'button_label',
  label: 'Button label',
  short: 'button',
  type: 'choice',
  tag: 'word',
  kinds: ['card'],
  choices: LABEL_VALUES.map((value) => ({ value, label: valueWord(value) })),
  read: (content) => {
    const card = content as CardContent
    const component = card.components[buttonIndex(card)]
    return component?.type === 'BUTTON' ? component.label : undefined
  },
  write: (content, value) => {
    if (typeof value !== 'string' || !LABEL_VALUES.includes(value))
      return {
        ok: false,
        reason: `Button label must be one of ${LABEL_VALUES.map(valueWord).join(', ')}.`,
      }
    const card = content as CardContent
    const index = buttonIndex(card)
    const component = card.components[index]
    if (component?.type !== 'BUTTON') return { ok: false, reason: 'This card has no button.' }
    const next = { ...component, label: value as typeof component.label }
    return { ok: true, content: { ...card, components: card.components.with(index, next) } }
  },
}

export const VARIANT_FIELDS: readonly VariantFieldDef[] = [...textFields(), mediaField, buttonLabelField]

/** The fields a draft of this kind and content has. */
export function variantFieldsOf(kind: DraftKind, content: unknown): VariantFieldDef[] {
  return VARIANT_FIELDS.filter((field) => field.kinds.includes(kind) && field.read(content) !== undefined)
}

/** The word for one value in a variant's name: "image 2", "headline B", "button Shop". */
export function shortFor(field: VariantFieldDef, value: VariantValue): string {
  if (field.type !== 'media' || typeof value === 'string') return field.short
  const type = mediaTypeOf(value as MediaRef)
  return type === 'IMAGE' ? 'image' : type === 'VIDEO' ? 'video' : type === 'GIF' ? 'GIF' : field.short
}

/** Every medium a draft uses, once each (the dialog offers them as values). */
export function mediaOf(content: unknown): MediaRef[] {
  const found: MediaRef[] = []
  const seen = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (typeof value !== 'object' || value === null) return
    const parsed = mediaRefSchema.safeParse(value)
    if (parsed.success) {
      const ref = parsed.data
      const key = ref.source === 'library' ? `library:${ref.mediaKey}` : `local:${ref.sha256}`
      if (!seen.has(key)) {
        seen.add(key)
        found.push(ref)
      }
      return
    }
    Object.values(value).forEach(visit)
  }
  visit(content)
  return found
}
