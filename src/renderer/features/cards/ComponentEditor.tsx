import { Globe, Image as ImageIcon, GalleryHorizontal, Plus, Smartphone, Trash2, X } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { memo } from 'react'
import type {
  AppDestinationDraft,
  CardContent,
  ComponentDraft,
  ComponentDraftType,
} from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'
import type { IssuePath } from '../../../shared/rules/issues'
import { LIMITS } from '../../../shared/rules/limits'
import { InlineIssues } from '../../components/InlineIssues'
import { MediaPicker } from '../../kits/media/MediaPicker'
import type { ComponentListOwner } from './cardEdits'
import { addItem, moveItem, removeItem, setItemMedia, updateComponent } from './cardEdits'
import { CountryPicker } from '../../components/CountryPicker'
import { Field } from '../../components/Field'
import { LabelSelect } from './LabelSelect'
import type { IssueIndex } from './issueIndex'
import type { ReorderControls } from './SortableList'
import { SortableList } from './SortableList'
import { RegisteredApps, registeredPatternFor, useRegisteredApps } from './RegisteredApps'

export type ChangeContent = (update: (content: CardContent) => CardContent, coalesceKey?: string) => void

export const COMPONENT_INFO: Record<
  ComponentDraftType,
  { title: string; summary: string; icon: LucideIcon }
> = {
  MEDIA: { title: 'Media', summary: 'One image or video', icon: ImageIcon },
  SWIPEABLE_MEDIA: {
    title: 'Carousel media',
    summary: '2 to 6 swipeable images or videos',
    icon: GalleryHorizontal,
  },
  DETAILS: { title: 'Website', summary: 'Title and link to a website', icon: Globe },
  BUTTON: { title: 'App button', summary: 'A button to an app in the stores', icon: Smartphone },
}

interface ComponentEditorProps {
  component: ComponentDraft
  owner: ComponentListOwner
  /** Content path of this component, e.g. ['slides', 1, 'components', 0]. */
  path: IssuePath
  issues: IssueIndex
  change: ChangeContent
  onRemove(): void
  controls: ReorderControls
  /** Media elsewhere in the same carousel (other slides), for the matching-ratio check. */
  carouselSiblings?: readonly MediaRef[]
}

/** The two stores of an app destination: each deep link goes only with its own store's id. */
const APP_STORES = [
  {
    legend: 'Google Play',
    idKey: 'androidStoreAppId',
    idLabel: 'Google Play app id',
    idPlaceholder: 'com.example.app',
    numericId: false,
    linkKey: 'androidStoreDeepLink',
    linkLabel: 'Android deep link',
  },
  {
    legend: 'App Store',
    idKey: 'iosAppStoreIdentifier',
    idLabel: 'App Store id',
    idPlaceholder: '333903271',
    numericId: true,
    linkKey: 'iosDeepLink',
    linkLabel: 'iOS deep link',
  },
] as const satisfies readonly {
  legend: string
  idKey: keyof AppDestinationDraft
  idLabel: string
  idPlaceholder: string
  numericId: boolean
  linkKey: keyof AppDestinationDraft
  linkLabel: string
}[]

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
      <div className="component-card__body">
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
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={`Remove ${info.title.toLowerCase()} component`}
          title="Remove"
          onClick={onRemove}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
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
          />
        </div>
      )
    case 'BUTTON':
      return (
        <AppButtonFields component={component} owner={owner} path={path} issues={issues} change={change} />
      )
  }
}

function AppButtonFields({
  component,
  owner,
  path,
  issues,
  change,
}: Omit<ComponentEditorProps, 'onRemove' | 'controls' | 'component'> & {
  component: Extract<ComponentDraft, { type: 'BUTTON' }>
}) {
  const destinationPath = [...path, 'destination']
  const destination = component.destination
  const set = (patch: Partial<AppDestinationDraft>, field: string) =>
    change(
      (content) =>
        updateComponent<'BUTTON'>(content, owner, component.id, (c) => ({
          ...c,
          destination: { ...c.destination, ...patch },
        })),
      `${component.id}:${field}`,
    )
  const apps = useRegisteredApps()
  const countryIssues = issues.atAny([...destinationPath, 'countryCode'], destinationPath)
  const countryIssuesId = `${component.id}-country-issues`
  return (
    <div className="stack stack--tight">
      <div className="grid-2">
        <LabelSelect
          value={component.label}
          issues={issues.at([...path, 'label'])}
          onChange={(label) =>
            change((content) =>
              updateComponent<'BUTTON'>(content, owner, component.id, (c) => ({ ...c, label })),
            )
          }
        />
        <div className="field">
          <CountryPicker
            value={destination.countryCode}
            invalid={countryIssues.some((issue) => issue.severity === 'error')}
            describedBy={countryIssues.length > 0 ? countryIssuesId : undefined}
            onChange={(countryCode) => set({ countryCode }, 'country')}
          />
          <InlineIssues id={countryIssuesId} issues={countryIssues} />
        </div>
      </div>
      <p className="field__hint">
        Add the app in at least one store. A deep link needs its own store’s app id.
      </p>
      <RegisteredApps apps={apps} onFill={(patch) => set(patch, 'registered-app')} />
      <div className="store-grid">
        {APP_STORES.map((store) => {
          const hasId = destination[store.idKey].trim() !== ''
          const pattern = registeredPatternFor(apps, store.idKey, destination[store.idKey])
          return (
            <fieldset className="fieldset store" key={store.idKey}>
              <legend className="fieldset__legend">{store.legend}</legend>
              <Field
                label={store.idLabel}
                value={destination[store.idKey]}
                placeholder={store.idPlaceholder}
                {...(store.numericId ? { inputMode: 'numeric' as const } : {})}
                issues={issues.at([...destinationPath, store.idKey])}
                onChange={(event) => set({ [store.idKey]: event.target.value }, `${store.idKey}`)}
              />
              <Field
                label={store.linkLabel}
                value={destination[store.linkKey]}
                placeholder="example://product/42"
                disabled={!hasId && destination[store.linkKey] === ''}
                hint={
                  hasId
                    ? pattern
                      ? `Optional. The app registers ${pattern} — complete the path.`
                      : 'Optional.'
                    : `Add the ${store.idLabel} first: a deep link only goes with its store id.`
                }
                issues={issues.at([...destinationPath, store.linkKey])}
                onChange={(event) => set({ [store.linkKey]: event.target.value }, `${store.linkKey}`)}
              />
            </fieldset>
          )
        })}
      </div>
    </div>
  )
}

function SwipeableItems({
  component,
  owner,
  path,
  issues,
  change,
}: Omit<ComponentEditorProps, 'onRemove' | 'controls' | 'component'> & {
  component: Extract<ComponentDraft, { type: 'SWIPEABLE_MEDIA' }>
}) {
  const { min, max } = LIMITS.card.swipeableItems
  const items = component.items
  const media = items.map((item) => item.media)
  return (
    <div className="stack stack--tight">
      <div className="items-head">
        <span className="field__label">
          Carousel items{' '}
          <span className="muted">
            ({items.length} of {min}–{max})
          </span>
        </span>
      </div>
      <InlineIssues issues={issues.at([...path, 'items'])} />
      {items.length > 0 ? (
        <SortableList
          label="Carousel items"
          className="items-list"
          items={items}
          describe={(_item, index) => `carousel item ${index + 1}`}
          moveButtonsTabbable={false}
          onMove={(from, to) => change((content) => moveItem(content, owner, component.id, from, to))}
          renderItem={(item, index, controls) => (
            <div className="carousel-item">
              <div className="carousel-item__rail">
                {controls.handle}
                <span className="carousel-item__number" aria-hidden="true">
                  {index + 1}
                </span>
              </div>
              <div className="carousel-item__picker">
                <MediaPicker
                  compact
                  label={`Item ${index + 1}`}
                  use="carousel_item"
                  // The item has one remove button (below); the picker only replaces.
                  removable={false}
                  value={item.media}
                  siblings={[...media.slice(0, index), ...media.slice(index + 1)].filter(
                    (ref): ref is MediaRef => ref !== null,
                  )}
                  issues={issues.at([...path, 'items', index, 'media'])}
                  onChange={(ref) =>
                    change((content) => setItemMedia(content, owner, component.id, item.id, ref))
                  }
                />
              </div>
              <div className="carousel-item__actions">
                {controls.moveButtons}
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Remove carousel item ${index + 1}`}
                  title="Remove this item (Alt+↑/↓ moves it)"
                  onClick={() => change((content) => removeItem(content, owner, component.id, item.id))}
                >
                  <X size={16} aria-hidden="true" />
                </button>
              </div>
            </div>
          )}
        />
      ) : null}
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={items.length >= max}
          title={items.length >= max ? `A carousel takes at most ${max} media` : undefined}
          onClick={() => change((content) => addItem(content, owner, component.id))}
        >
          <Plus size={16} aria-hidden="true" />
          Add carousel item
        </button>
      </div>
    </div>
  )
}
