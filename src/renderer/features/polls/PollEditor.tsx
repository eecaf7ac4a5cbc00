import { Lock, Plus, X } from 'lucide-react'
import { enumTuple, LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import { ReadOnlyFieldset } from '../../components/ReadOnlyFieldset'
import { EditorShell, Section } from '../../kits/editor/EditorShell'
import { useCardEditor } from '../../kits/editor/useCardEditor'
import { PublishedBanner } from '../../kits/editor/PublishedBanner'
import { PublishedCardState } from '../../kits/editor/PublishedCardState'
import { Field } from '../../components/Field'
import { LengthCounter } from '../../components/LengthCounter'
import { MediaSlot } from '../../kits/editor/MediaSlot'
import { DurationPicker } from './DurationPicker'
import { PollPreview } from '../../kits/polls/PollPreview'
import { canAddChoice, canRemoveChoice } from '../../kits/polls/pollRules'
import { FeatureLink } from '../../kits/editor/FeatureLink'
import { featureWord } from '../../../shared/platformWords'
import './polls.css'

const RULES = LIMITS.pollCard
const [MEDIA_FEATURE] = enumTuple(RULES.mediaFeature)

/**
 * The poll card editor.
 * @param features the active account's feature keys, or undefined while unknown; media are
 *   offered only when they include PROMOTED_MEDIA_POLLS.
 */
export function PollEditor({ features }: { features?: readonly string[] | undefined }) {
  const { content, change, published, issues, messageAt, touch } = useCardEditor('poll_card', features)

  const mediaAllowed = features?.includes(MEDIA_FEATURE) ?? false
  const setChoice = (index: number, text: string) =>
    change(
      (c) => ({ ...c, choices: c.choices.map((choice, i) => (i === index ? text : choice)) }),
      `choice-${index}`,
    )
  const addChoice = () => change((c) => (canAddChoice(c.choices) ? { ...c, choices: [...c.choices, ''] } : c))
  const removeChoice = (index: number) =>
    change((c) =>
      canRemoveChoice(c.choices, index) ? { ...c, choices: c.choices.filter((_, i) => i !== index) } : c,
    )

  // Poll cards cannot be updated once created: a published one is copied, never edited.
  const banner = (
    <PublishedBanner
      route="polls"
      what="poll"
      detail="Poll cards cannot be changed after they are created; duplicate it to make a new one."
      platform={<PublishedCardState what="poll" />}
    />
  )
  const addHint =
    content.choices.length >= RULES.choices.max
      ? `A poll has at most ${RULES.choices.max} choices.`
      : canAddChoice(content.choices)
        ? `Up to ${RULES.choices.max} choices, filled in order.`
        : `Fill in choices 1–${content.choices.length} before adding another.`

  return (
    <EditorShell
      route="polls"
      listLabel="Polls"
      issues={issues}
      banner={banner}
      preview={<PollPreview content={content} />}
    >
      <ReadOnlyFieldset readOnly={published} aria-label="Poll card">
        <Section title="Card">
          <Field
            label="Card name"
            value={content.name}
            placeholder="Spring launch poll"
            aside={<LengthCounter value={content.name} max={RULES.name.max} />}
            message={messageAt(['name'])}
            hint="Only you see the name; it helps you find the card later."
            onChange={(event) => change((c) => ({ ...c, name: event.target.value }), 'name')}
            onBlur={() => touch(['name'])}
          />
        </Section>

        <Section
          title="Choices"
          hint={`${RULES.choices.min} to ${RULES.choices.max} choices of at most ${RULES.choice.max} characters each.`}
        >
          <ol className="poll-choices stack stack--tight plain-list">
            {content.choices.map((choice, index) => (
              <li key={index} className="poll-choices__item">
                <Field
                  className="poll-choices__field"
                  label={`Choice ${index + 1}${index < RULES.choices.min ? '' : ' (optional)'}`}
                  value={choice}
                  aside={<LengthCounter value={choice} max={RULES.choice.max} />}
                  message={messageAt(['choices', index])}
                  onChange={(event) => setChoice(index, event.target.value)}
                  onBlur={() => touch(['choices', index])}
                  data-testid={`poll-choice-${index + 1}`}
                />
                {canRemoveChoice(content.choices, index) ? (
                  <Button
                    variant="ghost"
                    className="poll-choices__remove"
                    onClick={() => removeChoice(index)}
                    aria-label={`Remove choice ${index + 1}`}
                  >
                    <X size={16} aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
          <div className="actions">
            <Button onClick={addChoice} disabled={!canAddChoice(content.choices)}>
              <Plus size={16} aria-hidden="true" />
              Add choice
            </Button>
            <span className="field__hint" data-testid="add-choice-hint">
              {addHint}
            </span>
          </div>
        </Section>

        <Section title="Duration" hint="How long people can vote, counted from when the poll is published.">
          <DurationPicker
            minutes={content.durationInMinutes}
            onChange={(minutes) => change((c) => ({ ...c, durationInMinutes: minutes }), 'duration')}
            message={messageAt(['durationInMinutes'])}
          />
        </Section>

        <Section
          title="Media (optional)"
          hint={`An image at least ${RULES.mediaImageMinWidth.value} px wide at ${RULES.mediaImageAspectRatio.width}:${RULES.mediaImageAspectRatio.height}, or a video.`}
        >
          {mediaAllowed || content.media ? (
            <MediaSlot
              use="poll_media"
              label="Poll media"
              value={content.media}
              disabled={published}
              message={messageAt(['media'])}
              onChange={(media) => change((c) => ({ ...c, media }))}
            />
          ) : null}
          {mediaAllowed ? null : (
            <div className="well feature-note" data-testid="poll-media-gate">
              <Lock size={16} aria-hidden="true" />
              <div>
                <p className="feature-note__title">
                  Needs an account feature: {featureWord(MEDIA_FEATURE).toLowerCase()}
                </p>
                <p className="feature-note__body">
                  {features === undefined
                    ? 'Connect and choose an account to check whether it has this beta feature.'
                    : 'This account does not have it, so this poll cannot have media.'}
                </p>
                {features === undefined ? null : (
                  <FeatureLink feature={MEDIA_FEATURE}>See it in Settings → Features</FeatureLink>
                )}
              </div>
            </div>
          )}
        </Section>
      </ReadOnlyFieldset>
    </EditorShell>
  )
}
