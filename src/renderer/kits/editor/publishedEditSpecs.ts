import type { CardContent, ComponentDraft } from '../../../shared/creatives/card'
import type { PostContent } from '../../../shared/creatives/post'
import type { VideoConversationCardContent } from '../../../shared/creatives/videoConversationCard'
import { LIMITS, type LabelValue } from '../../../shared/rules/limits'
import { studio, unwrap } from '../../lib/ipc'
import type { EditableField, PublishedEditSpec } from './PublishedEditDialog'

/**
 * What each published creative lets the designer change, as the spec's updates allow (main
 * refuses anything else): field keys are content paths, so main's errors land on their field.
 */

export function postNameEdit(profileId: string, draftId: string, content: PostContent): PublishedEditSpec {
  return {
    label: 'Edit name',
    title: 'Edit the post’s name',
    description:
      'A published post keeps its text; its name, which only you see, can change. It is sent as an update through the outbox.',
    fields: [{ key: 'name', label: 'Post name', value: content.name, max: LIMITS.post.name.max }],
    send: (values) =>
      unwrap(studio().published.renamePost({ profileId, draftId, name: values.name ?? content.name })),
  }
}

const VIDEO_CONVERSATION_FIELDS = [
  { key: 'name', label: 'Card name', max: LIMITS.videoConversationCard.name.max },
  { key: 'title', label: 'Title', max: LIMITS.videoConversationCard.title.max },
  { key: 'thankYouText', label: 'Thank-you text', max: LIMITS.videoConversationCard.thankYouText.max },
  { key: 'thankYouUrl', label: 'Thank-you link' },
] as const

export function videoConversationEdit(
  profileId: string,
  draftId: string,
  content: VideoConversationCardContent,
): PublishedEditSpec {
  const edited = (values: Record<string, string>): VideoConversationCardContent => ({
    ...content,
    ...Object.fromEntries(VIDEO_CONVERSATION_FIELDS.map(({ key }) => [key, values[key] ?? content[key]])),
  })
  return {
    label: 'Edit card',
    title: 'Edit the video conversation card',
    description:
      'Its text can change; the video and images stay as published. The change is sent as an update through the outbox.',
    fields: VIDEO_CONVERSATION_FIELDS.map((field): EditableField => ({
      key: field.key,
      label: field.label,
      value: content[field.key],
      ...('max' in field ? { max: field.max } : {}),
    })),
    send: (values) =>
      unwrap(studio().published.updateVideoConversationCard({ profileId, draftId, content: edited(values) })),
    begin: () => unwrap(studio().changes.begin({ profileId, draftId })),
    keep: (values) =>
      unwrap(studio().changes.keep({ profileId, draftId, videoConversationCard: edited(values) })),
  }
}

/**
 * The fields `fieldsOf` gives each component of `type`, keyed by where the component sits in the
 * card (`path`) and labelled with its slide when the card has slides.
 */
function componentFields<T extends ComponentDraft['type']>(
  type: T,
  fieldsOf: (component: Extract<ComponentDraft, { type: T }>, at: string, where: string) => EditableField[],
) {
  return (components: readonly ComponentDraft[], path: string, slide?: number): EditableField[] => {
    const where = slide === undefined ? '' : ` (slide ${slide + 1})`
    return components.flatMap((component, index) =>
      component.type === type
        ? fieldsOf(component as Extract<ComponentDraft, { type: T }>, `${path}.${index}`, where)
        : [],
    )
  }
}

/** The website headline and link of each DETAILS component, where it sits in the card. */
const detailsFields = componentFields('DETAILS', (component, at, where) => [
  { key: `${at}.title`, label: `Title${where}`, value: component.title, max: LIMITS.card.detailsTitle.max },
  { key: `${at}.destination.url`, label: `Website URL${where}`, value: component.destination.url },
])

const BUTTON_LABELS = LIMITS.card.labelValues.values.map((value) => ({
  value,
  label: value.charAt(0) + value.slice(1).toLowerCase(),
}))

/** App destination fields a BUTTON's update may change, with the builder's labels. */
const APP_FIELDS = [
  ['iosAppStoreIdentifier', 'iOS App Store id'],
  ['androidStoreAppId', 'Google Play app id'],
  ['iosDeepLink', 'iOS deep link'],
  ['androidStoreDeepLink', 'Android deep link'],
  ['countryCode', 'App store country'],
] as const

/** Each BUTTON component's label (one of the spec's values) and its app destination. */
const buttonFields = componentFields('BUTTON', (component, at, where) => [
  { key: `${at}.label`, label: `Button label${where}`, value: component.label ?? '', options: BUTTON_LABELS },
  ...APP_FIELDS.map(([field, label]) => ({
    key: `${at}.destination.${field}`,
    label: `${label}${where}`,
    value: component.destination[field],
  })),
])

function withButtons(
  components: readonly ComponentDraft[],
  path: string,
  values: Record<string, string>,
): ComponentDraft[] {
  return components.map((component, index) => {
    if (component.type !== 'BUTTON') return component
    const destination = { ...component.destination }
    for (const [field] of APP_FIELDS)
      destination[field] = values[`${path}.${index}.destination.${field}`] ?? destination[field]
    const label = values[`${path}.${index}.label`] ?? component.label ?? ''
    return {
      ...component,
      label: (LIMITS.card.labelValues.values as readonly string[]).includes(label)
        ? (label as LabelValue)
        : component.label,
      destination,
    }
  })
}

function withDetails(
  components: readonly ComponentDraft[],
  path: string,
  values: Record<string, string>,
): ComponentDraft[] {
  return components.map((component, index) =>
    component.type === 'DETAILS'
      ? {
          ...component,
          title: values[`${path}.${index}.title`] ?? component.title,
          destination: {
            ...component.destination,
            url: values[`${path}.${index}.destination.url`] ?? component.destination.url,
          },
        }
      : component,
  )
}

export function cardEdit(profileId: string, draftId: string, content: CardContent): PublishedEditSpec {
  const multi = content.mode === 'multi_destination'
  const edited = (values: Record<string, string>) => cardEdited(content, values)
  const fields: EditableField[] = [
    { key: 'name', label: 'Card name', value: content.name, max: LIMITS.card.name.max },
    ...(multi
      ? content.slides.flatMap((slide, s) => [
          ...detailsFields(slide.components, `slides.${s}.components`, s),
          ...buttonFields(slide.components, `slides.${s}.components`, s),
        ])
      : [
          ...detailsFields(content.components, 'components'),
          ...buttonFields(content.components, 'components'),
        ]),
  ]
  return {
    label: 'Edit card',
    title: 'Edit the card',
    description:
      'Its name, titles, website URLs, button labels and app links can change; the media and layout stay as published. The change is sent as a card update through the outbox.',
    fields,
    send: (values) => unwrap(studio().published.updateCard({ profileId, draftId, content: edited(values) })),
    begin: () => unwrap(studio().changes.begin({ profileId, draftId })),
    keep: (values) => unwrap(studio().changes.keep({ profileId, draftId, card: edited(values) })),
  }
}

/** The card as the dialog's values change it: text only, the media and layout as published. */
function cardEdited(content: CardContent, values: Record<string, string>): CardContent {
  const multi = content.mode === 'multi_destination'
  return {
    ...content,
    name: values.name ?? content.name,
    components: multi
      ? content.components
      : withButtons(withDetails(content.components, 'components', values), 'components', values),
    slides: multi
      ? content.slides.map((slide, s) => ({
          ...slide,
          components: withButtons(
            withDetails(slide.components, `slides.${s}.components`, values),
            `slides.${s}.components`,
            values,
          ),
        }))
      : content.slides,
  }
}
