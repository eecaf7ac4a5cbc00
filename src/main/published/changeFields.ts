import type { CardContent, ComponentDraft } from '../../shared/creatives/card'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import { LIMITS, type LabelValue } from '../../shared/rules/limits'
import { CONVERSATION_OPTIONS } from '../../shared/rules/validateVideoConversationCard'
import { videoConversationFieldWord } from '../../shared/platformWords'
import { VIDEO_CONVERSATION_TEXT_FIELDS } from '../api/cards'
import type { FieldMap, FieldValue } from './threeWay'

/**
 * The fields of a published card as the merge sees them, by wire path: a component card's name
 * and every text leaf of its components or slides (`components.1.title`,
 * `slides.0.1.destination.url`), a video conversation card's text fields by their wire names.
 *
 * Card update takes whole `components`/`slides` ("each supplied field replaces the stored one",
 * spec part B:82), so a change inside them is sent as the platform's current array with only the
 * changed leaves replaced: what someone else changed in another component is kept.
 */

export const CHANGE_KINDS = ['card', 'video_conversation_card'] as const
export type ChangeKind = (typeof CHANGE_KINDS)[number]

type Json = Record<string, unknown>

function leaves(value: unknown, prefix: string, into: Record<string, FieldValue>): void {
  if (typeof value === 'string') into[prefix] = value
  else if (value === null) into[prefix] = null
  else if (Array.isArray(value)) value.forEach((item, index) => leaves(item, `${prefix}.${index}`, into))
  else if (typeof value === 'object')
    for (const [key, item] of Object.entries(value as Json))
      if (key !== 'type') leaves(item, `${prefix}.${key}`, into)
}

export function fieldsOf(kind: ChangeKind, raw: unknown): Record<string, FieldValue> {
  const object = raw && typeof raw === 'object' ? (raw as Json) : {}
  const fields: Record<string, FieldValue> = {}
  const text = (v: unknown): FieldValue => (typeof v === 'string' ? v : null)
  if (kind === 'video_conversation_card') {
    for (const field of VIDEO_CONVERSATION_TEXT_FIELDS) fields[field] = text(object[field])
    return fields
  }
  fields.name = text(object.name)
  if (Array.isArray(object.slides)) leaves(object.slides, 'slides', fields)
  else if (Array.isArray(object.components)) leaves(object.components, 'components', fields)
  return fields
}

/** The component types of a card, in order: what "its layout" means. */
export function layoutOf(kind: ChangeKind, raw: unknown): string {
  if (kind !== 'card') return ''
  const object = raw && typeof raw === 'object' ? (raw as Json) : {}
  const types = (list: unknown) =>
    Array.isArray(list) ? list.map((c) => String((c as Json | null)?.type ?? '?')).join(',') : ''
  return Array.isArray(object.slides)
    ? `slides:${object.slides.map(types).join('|')}`
    : `components:${types(object.components)}`
}

const LEAF_WORDS: Record<string, string> = {
  title: 'Title',
  'destination.url': 'Website URL',
  'label.value': 'Button label',
  'destination.country_code': 'App store country',
  'destination.android_store_app_id': 'Google Play app id',
  'destination.ios_app_store_identifier': 'iOS App Store id',
  'destination.android_store_deep_link': 'Android deep link',
  'destination.ios_deep_link': 'iOS deep link',
  media_key: 'Media',
}

/** A field path in words, e.g. "Title (component 2)" or "Website URL (slide 1)". */
export function fieldLabel(kind: ChangeKind, path: string): string {
  if (kind === 'video_conversation_card') return videoConversationFieldWord(path)
  if (path === 'name') return 'Card name'
  const slide = /^slides\.(\d+)\.(\d+)\.(.+)$/.exec(path)
  if (slide) return `${LEAF_WORDS[slide[3]!] ?? slide[3]} (slide ${Number(slide[1]) + 1})`
  const component = /^components\.(\d+)\.(.+)$/.exec(path)
  if (component) return `${LEAF_WORDS[component[2]!] ?? component[2]} (component ${Number(component[1]) + 1})`
  return path
}

function setLeaf(target: unknown, keys: readonly string[], value: FieldValue): void {
  let node = target as Json
  for (const key of keys.slice(0, -1)) {
    const next = node[key]
    if (!next || typeof next !== 'object') {
      node[key] = {}
    }
    node = node[key] as Json
  }
  const last = keys[keys.length - 1]!
  // A cleared optional leaf (an app's deep link) is left out, as a creation leaves it out.
  if (value === null) delete node[last]
  else node[last] = value
}

/**
 * The update's body: only the changed fields, each as the platform's current value with the
 * designer's change applied (a card's components as the platform holds them now).
 */
export function updateBody(kind: ChangeKind, current: unknown, send: FieldMap): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  if (kind === 'video_conversation_card') {
    // An emptied optional field is sent empty: the PUT keeps what is not supplied.
    for (const [field, value] of Object.entries(send)) body[field] = value ?? ''
    return body
  }
  const object = current && typeof current === 'object' ? (current as Json) : {}
  for (const [path, value] of Object.entries(send)) {
    if (path === 'name') {
      body.name = value ?? ''
      continue
    }
    const [top, ...rest] = path.split('.')
    if (top !== 'components' && top !== 'slides') continue
    body[top] ??= structuredClone(object[top] ?? [])
    setLeaf(body[top], rest, value)
  }
  return body
}

const APP_KEYS = {
  country_code: 'countryCode',
  android_store_app_id: 'androidStoreAppId',
  ios_app_store_identifier: 'iosAppStoreIdentifier',
  android_store_deep_link: 'androidStoreDeepLink',
  ios_deep_link: 'iosDeepLink',
} as const

function componentWith(component: ComponentDraft, leaf: string, value: string): ComponentDraft {
  if (component.type === 'DETAILS') {
    if (leaf === 'title') return { ...component, title: value }
    if (leaf === 'destination.url')
      return { ...component, destination: { ...component.destination, url: value } }
  }
  if (component.type === 'BUTTON') {
    if (leaf === 'label.value')
      return {
        ...component,
        label: (LIMITS.card.labelValues.values as readonly string[]).includes(value)
          ? (value as LabelValue)
          : null,
      }
    const key = APP_KEYS[leaf.replace(/^destination\./, '') as keyof typeof APP_KEYS]
    if (leaf.startsWith('destination.') && key)
      return { ...component, destination: { ...component.destination, [key]: value } }
  }
  return component
}

/**
 * The draft's content with the platform's values of the given fields: after an update, the draft
 * shows the card as the platform now holds it (the designer's changes and anyone else's).
 * Media leaves are not text the draft edits and are left as they are.
 */
export function contentWith<T extends CardContent | VideoConversationCardContent>(
  kind: ChangeKind,
  content: T,
  fields: FieldMap,
): T {
  if (kind === 'video_conversation_card') {
    const vc = { ...(content as VideoConversationCardContent) }
    const text = (field: string) => fields[field] ?? ''
    if ('name' in fields) vc.name = text('name')
    if ('title' in fields) vc.title = text('title')
    if ('thank_you_text' in fields) vc.thankYouText = text('thank_you_text')
    if ('thank_you_url' in fields) vc.thankYouUrl = text('thank_you_url')
    vc.options = vc.options.map((option, index) => {
      const ordinal = CONVERSATION_OPTIONS[index]
      if (!ordinal) return option
      const next = { ...option }
      if (`${ordinal}_cta` in fields) next.hashtag = text(`${ordinal}_cta`).replace(/^#+/, '')
      if (`${ordinal}_cta_post` in fields) next.post = text(`${ordinal}_cta_post`)
      return next
    })
    return vc as T
  }
  const card = content as CardContent
  let next: CardContent = { ...card }
  for (const [path, raw] of Object.entries(fields)) {
    const value = raw ?? ''
    if (path === 'name') {
      next = { ...next, name: value }
      continue
    }
    const slide = /^slides\.(\d+)\.(\d+)\.(.+)$/.exec(path)
    if (slide) {
      const [s, i, leaf] = [Number(slide[1]), Number(slide[2]), slide[3]!]
      next = {
        ...next,
        slides: next.slides.map((sl, at) =>
          at === s
            ? {
                ...sl,
                components: sl.components.map((c, ci) => (ci === i ? componentWith(c, leaf, value) : c)),
              }
            : sl,
        ),
      }
      continue
    }
    const component = /^components\.(\d+)\.(.+)$/.exec(path)
    if (component) {
      const [i, leaf] = [Number(component[1]), component[2]!]
      next = {
        ...next,
        components: next.components.map((c, ci) => (ci === i ? componentWith(c, leaf, value) : c)),
      }
    }
  }
  return next as T
}
