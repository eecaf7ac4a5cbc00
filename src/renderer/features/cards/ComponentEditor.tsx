import { Globe, Image as ImageIcon, GalleryHorizontal, Smartphone, Trash2 } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { memo } from 'react'
import type { ComponentDraft, ComponentDraftType } from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'
import { componentTypeWord } from '../../../shared/platformWords'
import { InlineIssues } from '../../components/InlineIssues'
import { MediaPicker } from '../../kits/media/MediaPicker'
import { updateComponent } from './cardEdits'
import { Field } from '../../components/Field'
import type { ReorderControls } from './SortableList'
import type { ComponentFieldsProps } from './cardEditorProps'
import { AppButtonFields } from './AppButtonFields'
import { SwipeableItems } from './SwipeableItems'
import { useTouch } from '../../kits/editor/issues'
import { IconButton } from '../../components/IconButton'

export const COMPONENT_INFO: Record<
  ComponentDraftType,
  { title: string; summary: string; icon: LucideIcon }
> = {
  MEDIA: { title: componentTypeWord('MEDIA'), summary: 'One image or video', icon: ImageIcon },
  SWIPEABLE_MEDIA: {
    title: componentTypeWord('SWIPEABLE_MEDIA'),
    summary: '2 to 6 swipeable images or videos',
    icon: GalleryHorizontal,
  },
  DETAILS: { title: componentTypeWord('DETAILS'), summary: 'Title and link to a website', icon: Globe },
  BUTTON: {
    title: componentTypeWord('BUTTON'),
    summary: 'A button to an app in the stores',
    icon: Smartphone,
  },
}

interface ComponentEditorProps extends ComponentFieldsProps {
  component: ComponentDraft
  onRemove(): void
  controls: ReorderControls
  /** Media elsewhere in the same carousel (other slides), for the matching-ratio check. */
  carouselSiblings?: readonly MediaRef[]
}

export function ComponentEditor({
  component,
  owner,
  path,
  issues,
  change,
  onRemove,
  controls,
  carouselSiblings,
}: ComponentEditorProps) {
  const info = COMPONENT_INFO[component.type]
  const own = issues.at(path)
  return (
    <section
      className="nested-card component-card"
      aria-label={`${info.title} component`}
      data-type={component.type}
    >
      <ComponentCardHead type={component.type} controls={controls} onRemove={onRemove} />
      <InlineIssues issues={own} />
      <div className="component-card__body stack stack--tight">
        <ComponentFields
          component={component}
          owner={owner}
          path={path}
          issues={issues}
          change={change}
          carouselSiblings={carouselSiblings}
        />
      </div>
    </section>
  )
}

/**
 * The component's title bar: the same while its fields are typed in (the list gives the same
 * controls and remove handler until the list itself changes), so a key does not render it.
 */
const ComponentCardHead = memo(function ComponentCardHead({
  type,
  controls,
  onRemove,
}: {
  type: ComponentDraftType
  controls: ReorderControls
  onRemove(): void
}) {
  const info = COMPONENT_INFO[type]
  const Icon = info.icon
  return (
    <header className="component-card__head">
      {controls.handle}
      <span className="component-card__icon" aria-hidden="true">
        <Icon size={16} />
      </span>
      <div className="component-card__title">
        <span className="component-card__name">{info.title}</span>
        <span className="component-card__summary">{info.summary}</span>
      </div>
      <div className="component-card__actions">
        {controls.moveButtons}
        <IconButton
          icon={Trash2}
          tone="danger"
          label={`Remove ${info.title.toLowerCase()} component`}
          title="Remove"
          onClick={onRemove}
        />
      </div>
    </header>
  )
})

function ComponentFields({
  component,
  owner,
  path,
  issues,
  change,
  carouselSiblings,
}: Omit<ComponentEditorProps, 'onRemove' | 'controls'>) {
  const key = (field: string) => `${component.id}:${field}`
  const touch = useTouch()
  switch (component.type) {
    case 'MEDIA':
      return (
        <MediaPicker
          label={owner === null ? 'Card media' : 'Slide media'}
          use={owner === null ? 'card_media' : 'carousel_item'}
          siblings={carouselSiblings}
          value={component.media}
          issues={issues.at([...path, 'media'])}
          onChange={(media) =>
            change((content) =>
              updateComponent<'MEDIA'>(content, owner, component.id, (c) => ({ ...c, media })),
            )
          }
        />
      )
    case 'SWIPEABLE_MEDIA':
      return (
        <SwipeableItems component={component} owner={owner} path={path} issues={issues} change={change} />
      )
    case 'DETAILS':
      return (
        <div className="grid-2">
          <Field
            label="Title"
            value={component.title}
            placeholder="e.g. Autumn collection"
            issues={issues.at([...path, 'title'])}
            onChange={(event) => {
              const title = event.target.value
              change(
                (content) =>
                  updateComponent<'DETAILS'>(content, owner, component.id, (c) => ({ ...c, title })),
                key('title'),
              )
            }}
            onBlur={() => touch([...path, 'title'])}
          />
          <Field
            label="Website URL"
            type="url"
            inputMode="url"
            value={component.destination.url}
            placeholder="https://example.com/page"
            issues={issues.atAny(
              [...path, 'destination', 'url'],
              [...path, 'destination'],
              [...path, 'destination', 'type'],
            )}
            onChange={(event) => {
              const url = event.target.value
              change(
                (content) =>
                  updateComponent<'DETAILS'>(content, owner, component.id, (c) => ({
                    ...c,
                    destination: { ...c.destination, url },
                  })),
                key('url'),
              )
            }}
            onBlur={() => {
              touch([...path, 'destination', 'url'])
              touch([...path, 'destination'])
              touch([...path, 'destination', 'type'])
            }}
          />
        </div>
      )
    case 'BUTTON':
      return (
        <AppButtonFields component={component} owner={owner} path={path} issues={issues} change={change} />
      )
  }
}
