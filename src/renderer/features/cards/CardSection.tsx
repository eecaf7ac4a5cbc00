import { GalleryHorizontal, Layers, Square } from 'lucide-react'
import { memo } from 'react'
import type { CardMode } from '../../../shared/creatives/card'
import { changeCardMode } from '../../../shared/creatives/card'
import { characterCount } from '../../../shared/rules/issues'
import { LIMITS } from '../../../shared/rules/limits'
import { SegmentedField } from '../../components/Segmented'
import type { ChangeContent } from './cardEditorProps'
import { Field } from '../../components/Field'
import type { IssueIndex } from './issueIndex'
import { useTouch } from '../../kits/editor/issues'

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

/** The card's name and format: renders when they or their messages change. */
export const CardSection = memo(function CardSection({
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
  const touch = useTouch()
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
        onBlur={() => touch(['name'])}
      />
      <SegmentedField
        label="Format"
        name="Card format"
        value={mode}
        options={MODES}
        describedBy="card-mode-hint"
        onChange={(next) => change((current) => changeCardMode(current, next))}
      >
        <p className="field__hint" id="card-mode-hint">
          {MODE_HINTS[mode]} Switching keeps what you entered for each format.
        </p>
      </SegmentedField>
    </section>
  )
})
