import { ArrowLeft, GalleryHorizontal, Layers, Plus, Redo2, Square, Trash2, Undo2 } from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { CardContent, CardMode, ComponentDraftType, SlideDraft } from '../../../shared/creatives/card'
import { changeCardMode } from '../../../shared/creatives/card'
import { checkContent, type ContentIssue } from '../../../shared/creatives/check'
import { PublishedBanner } from '../../kits/editor/PublishedBanner'
import { cardEdit } from '../../kits/editor/publishedEditSpecs'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { PublishButton } from '../../kits/publish/PublishButton'
import type { MediaRef } from '../../../shared/creatives/media'
import { characterCount, plural } from '../../../shared/rules/issues'
import { LIMITS } from '../../../shared/rules/limits'
import { hashFor } from '../../nav/routes'
import { ReadOnlyFieldset } from '../../components/ReadOnlyFieldset'
import { Segmented } from '../../components/Segmented'
import { useDraftEditor, type DraftEditorState, type SaveState } from '../../state/drafts/draftEditor'
import { useFocusKeeper } from '../../lib/useFocusKeeper'
import { useValueAfterPaint } from '../../lib/useValueAfterPaint'
import { InlineIssues } from '../../components/InlineIssues'
import { AddComponentMenu } from './AddComponentMenu'
import type { ComponentListOwner } from './cardEdits'
import {
  addOptionsFor,
  addComponent,
  addSlide,
  moveComponent,
  moveSlide,
  removeComponent,
  removeSlide,
  canRemoveSlide,
  componentsOf,
  swapComponent,
} from './cardEdits'
import { CardPreview } from './CardPreview'
import type { ChangeContent } from './ComponentEditor'
import { COMPONENT_INFO, ComponentEditor } from './ComponentEditor'
import { outlineOf, sameItems, sameOutline, useCardSelection, useComponent } from './cardSelection'
import type { ComponentOutline } from './cardSelection'
import { Field } from '../../components/Field'
import { IssueIndex } from './issueIndex'
import { cardPreviewModel, type CardPreviewModel } from './previewModel'
import { SaveStatus } from '../../kits/editor/SaveStatus'
import { SortableList } from './SortableList'
import { ProblemsBadge } from '../../kits/editor/ProblemsBadge'
import { usePreviewDevice } from '../../kits/editor/previewDevice'
import { PreviewDeviceToggle } from '../../kits/editor/PreviewDeviceToggle'

const MODES = [
  { value: 'single', label: 'Single card', icon: Square },
  { value: 'carousel', label: 'Carousel', icon: GalleryHorizontal },
  { value: 'multi_destination', label: 'Multi-destination carousel', icon: Layers },
] as const satisfies readonly { value: CardMode; label: string; icon: unknown }[]

const MODE_HINTS: Record<CardMode, string> = {
  single: 'One image or video with a website or an app button.',
  carousel: `${LIMITS.card.swipeableItems.min} to ${LIMITS.card.swipeableItems.max} swipeable media sharing one destination.`,
  multi_destination: 'Slides that each have their own media and website.',
}

/** The card editor; must be inside <DraftEditorProvider kind="card">. */
export function CardBuilder() {
  const content = useDraftEditor<'card', CardContent>((state) => state.content)
  const profileId = useActiveProfile()?.id
  const device = usePreviewDevice((state) => state.device)
  const draftName = useDraftEditor<'card', string>((state) => state.draft.name)
  const change = useDraftEditor<'card', ChangeContent>((state) => state.change)
  const rename = useDraftEditor<'card', (name: string) => void>((state) => state.rename)
  const draftId = useDraftEditor<'card', string>((state) => state.draft.id)
  const published = useDraftEditor<'card', boolean>((state) => state.draft.status === 'published')
  const serverIssues = useDraftEditor<'card', ContentIssue[]>((state) => state.serverIssues)

  // A keystroke renders the field typed in and the parts given the content (the memoised
  // sections below skip the rest); the rules and the preview follow once the key's frame is
  // painted, once per frame however fast the keys come (bench/PROFILE.md sections 12 and 14);
  // any other change (a click, undo) shows them in the same render.
  const typing = useDraftEditor<'card', boolean>((state) => state.typing)
  const settled = useValueAfterPaint(content, typing)
  const check = useMemo(() => checkContent('card', settled), [settled])
  const issues = useSameIssues(
    useMemo(() => new IssueIndex([...check.issues, ...serverIssues]), [check, serverIssues]),
  )
  const preview = useMemo(() => cardPreviewModel(settled), [settled])

  // The list shows the draft's own name; keep it in step with the card name once there is one.
  useEffect(() => {
    const name = content.name.trim()
    if (name !== '' && name !== draftName) rename(name)
  }, [content.name, draftName, rename])

  const rootRef = useRef<HTMLDivElement>(null)
  useFocusKeeper(rootRef)

  return (
    <div className="builder" ref={rootRef}>
      <BuilderHeader title={content.name.trim() || draftName} issues={issues} />

      {published ? (
        <PublishedBanner
          draftId={draftId}
          route="cards"
          title="This card is published."
          detail="It opens read-only, as it is on the platform; duplicate it to make a new one."
          edit={profileId ? cardEdit(profileId, draftId, content) : undefined}
        />
      ) : null}
      <div className="builder__layout" data-device={device}>
        <ReadOnlyFieldset
          className="builder__editor readonly-fieldset"
          readOnly={published}
          aria-label="Card"
        >
          <CardSection name={content.name} mode={content.mode} issues={issues} change={change} />

          {content.mode === 'multi_destination' ? (
            <SlidesEditor issues={issues} change={change} />
          ) : (
            <CardComponentsSection issues={issues} change={change} />
          )}
        </ReadOnlyFieldset>
        <PreviewPane model={preview} name={settled.name} />
      </div>
    </div>
  )
}

/**
 * The previous index while its issues are the same: the rules run again on every key (one
 * behind), and a new index each time would re-render every memoised part given it.
 */
function useSameIssues(fresh: IssueIndex): IssueIndex {
  const [kept, setKept] = useState(fresh)
  if (kept === fresh || kept.signatureUnder([]) === fresh.signatureUnder([])) return kept
  setKept(fresh)
  return fresh
}

/** Title, save status, problems, history and publish: renders when one of those changes, not on each key. */
const BuilderHeader = memo(function BuilderHeader({ title, issues }: { title: string; issues: IssueIndex }) {
  const canUndo = useDraftEditor<'card', boolean>((state) => state.past.length > 0)
  const canRedo = useDraftEditor<'card', boolean>((state) => state.future.length > 0)
  const undo = useDraftEditor<'card', () => void>((state) => state.undo)
  const redo = useDraftEditor<'card', () => void>((state) => state.redo)
  const draftId = useDraftEditor<'card', string>((state) => state.draft.id)
  const published = useDraftEditor<'card', boolean>((state) => state.draft.status === 'published')
  const reportServerIssue = useDraftEditor<'card', DraftEditorState<'card'>['reportServerIssue']>(
    (state) => state.reportServerIssue,
  )
  const mac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)
  const shortcut = (key: string, shift = false) => `${shift ? 'Shift+' : ''}${mac ? '⌘' : 'Ctrl+'}${key}`
  return (
    <header className="builder__header sticky-header">
      <div className="builder__heading">
        <a className="back-link" href={hashFor('cards')}>
          <ArrowLeft size={14} aria-hidden="true" /> All cards
        </a>
        <h1 id="page-title" className="page-header__title builder__title">
          {title}
        </h1>
      </div>
      <div className="builder__toolbar">
        <LiveSaveStatus />
        <ProblemsBadge issues={issues.shown} formSelector=".builder__editor">
          {published ? (
            <>Published — read-only</>
          ) : (
            <IssueSummaryText errors={issues.errorCount} warnings={issues.warningCount} />
          )}
        </ProblemsBadge>
        <div className="toolbar-group" role="group" aria-label="History">
          <button
            type="button"
            className="icon-button"
            onClick={undo}
            disabled={!canUndo}
            aria-label="Undo"
            title={`Undo (${shortcut('Z')})`}
          >
            <Undo2 size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            onClick={redo}
            disabled={!canRedo}
            aria-label="Redo"
            title={`Redo (${shortcut('Z', true)} or ${shortcut('Y')})`}
          >
            <Redo2 size={16} aria-hidden="true" />
          </button>
        </div>
        <PublishButton draftId={draftId} errorCount={issues.errorCount} onError={reportServerIssue} />
      </div>
    </header>
  )
})

/** The card's name and format: renders when they or their messages change. */
const CardSection = memo(function CardSection({
  name,
  mode,
  issues,
  change,
}: {
  name: string
  mode: CardMode
  issues: IssueIndex
  change: ChangeContent
}) {
  const nameLength = characterCount(name)
  const nameMax = LIMITS.card.name.max
  return (
    <section className="builder-section surface surface--raised" aria-label="Card">
      <Field
        label="Card name"
        value={name}
        placeholder="e.g. Autumn launch carousel"
        issues={issues.at(['name'])}
        hint="Only you see the name; it identifies the card in the library."
        aside={
          <span
            className="counter"
            data-over={nameLength > nameMax || undefined}
            aria-label={`${nameLength} of ${nameMax} characters`}
          >
            {nameLength}/{nameMax}
          </span>
        }
        onChange={(event) => {
          const next = event.target.value
          change((current) => ({ ...current, name: next }), 'name')
        }}
      />
      <div className="field">
        <span className="field__label" id="card-mode-label">
          Format
        </span>
        <Segmented
          label="Card format"
          value={mode}
          options={MODES}
          describedBy="card-mode-hint"
          onChange={(next) => change((current) => changeCardMode(current, next))}
        />
        <p className="field__hint" id="card-mode-hint">
          {MODE_HINTS[mode]} Switching keeps what you entered for each format.
        </p>
      </div>
    </section>
  )
})

const CardComponentsSection = memo(function CardComponentsSection({
  issues,
  change,
}: {
  issues: IssueIndex
  change: ChangeContent
}) {
  return (
    <section className="builder-section surface surface--raised" aria-labelledby="components-title">
      <div className="builder-section__head">
        <h2 className="section-title" id="components-title">
          Components
        </h2>
        <span className="muted builder-section__hint">Top to bottom, as the card shows them</span>
      </div>
      <InlineIssues issues={issues.atAny(['components'], ['slides'])} />
      <ComponentList
        owner={null}
        basePath={['components']}
        issues={issues}
        change={change}
        where="the card"
      />
    </section>
  )
})

/**
 * One element for every render: React skips an element it has seen, so the settled content
 * reaching the preview does not render the toggle's Radix radio group (it subscribes to the
 * device on its own).
 */
const DEVICE_TOGGLE = <PreviewDeviceToggle />

/** The preview column: renders with the settled content (a key behind), not with the key itself. */
const PreviewPane = memo(function PreviewPane({ model, name }: { model: CardPreviewModel; name: string }) {
  return (
    <aside className="builder__preview">
      <div className="editor__preview-head">
        {/* The preview's own heading names it for assistive tech; this is its visible label. */}
        <span className="editor__preview-label" aria-hidden="true">
          Preview
        </span>
        {DEVICE_TOGGLE}
      </div>
      <div className="editor__preview-frame">
        <CardPreview model={model} name={name} />
      </div>
    </aside>
  )
})

/** Subscribes on its own: a save finishing re-renders the status, not the builder. */
function LiveSaveStatus() {
  const save = useDraftEditor<'card', SaveState>((state) => state.save)
  return <SaveStatus save={save} />
}

function IssueSummaryText({ errors, warnings }: { errors: number; warnings: number }) {
  if (errors === 0 && warnings === 0) return <>Ready to publish</>
  return (
    <>
      {[errors > 0 ? plural(errors, 'problem') : null, warnings > 0 ? plural(warnings, 'warning') : null]
        .filter(Boolean)
        .join(' · ')}
    </>
  )
}

/**
 * A card's or a slide's components. It subscribes to their outline (ids and types) only, and
 * each editor to its own component: a key typed in a component renders that editor alone, not
 * this list, its dnd-kit contexts or its siblings.
 */
function ComponentList({
  owner,
  basePath,
  issues,
  change,
  where,
  carouselSiblings,
}: {
  owner: ComponentListOwner
  basePath: (string | number)[]
  issues: IssueIndex
  change: ChangeContent
  where: string
  carouselSiblings?: readonly MediaRef[]
}) {
  // Stable while the list's owner is: the memoised menu then renders only when its options change.
  const onAdd = useCallback(
    (type: ComponentDraftType) => change((current) => addComponent(current, owner, type)),
    [change, owner],
  )
  const onSwap = useCallback(
    (replacedId: string, type: ComponentDraftType) =>
      change((current) => swapComponent(current, owner, replacedId, type)),
    [change, owner],
  )
  const components = useCardSelection((content) => outlineOf(componentsOf(content, owner)), sameOutline)
  const mode = useDraftEditor<'card', CardMode>((state) => state.content.mode)
  const options = useMemo(() => addOptionsFor(components, mode, owner), [components, mode, owner])
  return (
    <div className="component-list">
      {components.length > 0 ? (
        <SortableList
          label={`Components of ${where}`}
          items={components}
          describe={(component) => `the ${COMPONENT_INFO[component.type].title.toLowerCase()} component`}
          onMove={(from, to) => change((current) => moveComponent(current, owner, from, to))}
          // A keystroke in one component re-renders that component, not its siblings.
          itemDeps={(_component, index) => [
            issues.signatureUnder([...basePath, index]),
            change,
            owner,
            basePath.join('.'),
            ...(carouselSiblings ?? []),
          ]}
          renderItem={(component, index, controls) => (
            <ComponentEditorById
              id={component.id}
              owner={owner}
              path={[...basePath, index]}
              issues={issues}
              change={change}
              controls={controls}
              carouselSiblings={carouselSiblings}
              onRemove={() => change((current) => removeComponent(current, owner, component.id))}
            />
          )}
        />
      ) : (
        <p className="muted component-list__empty">No components yet.</p>
      )}
      <div>
        <AddComponentMenu options={options} owner={owner} where={where} onAdd={onAdd} onSwap={onSwap} />
      </div>
    </div>
  )
}

/** A component's editor, subscribed to that component alone (found by its id in its list). */
function ComponentEditorById({
  id,
  owner,
  ...rest
}: Omit<Parameters<typeof ComponentEditor>[0], 'component'> & { id: ComponentOutline['id'] }) {
  const component = useComponent(owner, id)
  // Removed: the list renders without it in the same pass.
  if (!component) return null
  return <ComponentEditor component={component} owner={owner} {...rest} />
}

function slideMedia(slide: SlideDraft): MediaRef | null {
  const media = slide.components.find((component) => component.type === 'MEDIA')
  return media?.type === 'MEDIA' ? media.media : null
}

/**
 * The slides. Subscribes to the slides' ids and media only (the media are what the other slides'
 * ratio checks read); what is inside a slide renders from its own subscriptions.
 */
const SlidesEditor = memo(function SlidesEditor({
  issues,
  change,
}: {
  issues: IssueIndex
  change: ChangeContent
}) {
  const { min, max } = LIMITS.card.slides
  const ids = useCardSelection((content) => content.slides.map((slide) => slide.id), sameItems)
  const media = useCardSelection((content) => content.slides.map(slideMedia), sameItems)
  const removable = useDraftEditor<'card', boolean>((state) => canRemoveSlide(state.content))
  const slides = useMemo(() => ids.map((id) => ({ id })), [ids])
  return (
    <section className="builder-section surface surface--raised" aria-labelledby="slides-title">
      <div className="builder-section__head">
        <h2 className="section-title" id="slides-title">
          Slides
        </h2>
        <span className="muted builder-section__hint">
          {slides.length} of {min}–{max} · each slide links to its own website
        </span>
      </div>
      <InlineIssues issues={issues.atAny(['slides'], ['components'])} />
      <SortableList
        label="Slides"
        className="slides-list"
        items={slides}
        describe={(_slide, index) => `slide ${index + 1}`}
        onMove={(from, to) => change((current) => moveSlide(current, from, to))}
        // What a slide shows: its own components, its issues and the other slides' media.
        itemDeps={(_slide, index) => [issues.signatureUnder(['slides', index]), change, ...media]}
        renderItem={(slide, index, controls) => (
          <section className="nested-card nested-card--sunken slide-card" aria-label={`Slide ${index + 1}`}>
            <header className="slide-card__head">
              {controls.handle}
              <h3 className="slide-card__title">Slide {index + 1}</h3>
              <div className="component-card__actions">
                {controls.moveButtons}
                <button
                  type="button"
                  className="icon-button icon-button--danger"
                  aria-label={`Remove slide ${index + 1}`}
                  title={removable ? 'Remove slide' : `A multi-destination card needs at least ${min} slides`}
                  disabled={!removable}
                  onClick={() => change((current) => removeSlide(current, slide.id))}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </button>
              </div>
            </header>
            <InlineIssues issues={issues.atAny(['slides', index], ['slides', index, 'components'])} />
            <ComponentList
              owner={slide.id}
              basePath={['slides', index, 'components']}
              issues={issues}
              change={change}
              where={`slide ${index + 1}`}
              carouselSiblings={media.filter(
                (ref, other): ref is MediaRef => ref !== null && other !== index,
              )}
            />
          </section>
        )}
      />
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => change((current) => addSlide(current))}
          disabled={slides.length >= max}
          title={
            slides.length >= max
              ? `A multi-destination carousel usually has at most ${max} slides`
              : undefined
          }
        >
          <Plus size={16} aria-hidden="true" />
          Add slide
        </button>
      </div>
    </section>
  )
})
