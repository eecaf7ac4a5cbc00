import { Plus, Trash2 } from 'lucide-react'
import { memo, useMemo } from 'react'
import type { SlideDraft } from '../../../shared/creatives/card'
import type { MediaRef } from '../../../shared/creatives/media'
import { LIMITS } from '../../../shared/rules/limits'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import { InlineIssues } from '../../components/InlineIssues'
import { BuilderSection } from './BuilderSection'
import { addSlide, moveSlide, removeSlide, canRemoveSlide } from './cardEdits'
import type { ChangeContent } from './cardEditorProps'
import { sameItems, useCardSelection } from './cardSelection'
import type { IssueIndex } from './issueIndex'
import { SortableList } from './SortableList'
import { ComponentList } from './ComponentList'
import { IconButton } from '../../components/IconButton'

function slideMedia(slide: SlideDraft): MediaRef | null {
  const media = slide.components.find((component) => component.type === 'MEDIA')
  return media?.type === 'MEDIA' ? media.media : null
}

/**
 * The slides. Subscribes to the slides' ids and media only (the media are what the other slides'
 * ratio checks read); what is inside a slide renders from its own subscriptions.
 */
export const SlidesEditor = memo(function SlidesEditor({
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
    <BuilderSection
      titleId="slides-title"
      title="Slides"
      hint={`${slides.length} of ${min}–${max} · each slide links to its own website`}
    >
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
                <IconButton
                  icon={Trash2}
                  tone="danger"
                  label={`Remove slide ${index + 1}`}
                  title={removable ? 'Remove slide' : `A multi-destination card needs at least ${min} slides`}
                  disabled={!removable}
                  onClick={() => change((current) => removeSlide(current, slide.id))}
                />
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
    </BuilderSection>
  )
})
