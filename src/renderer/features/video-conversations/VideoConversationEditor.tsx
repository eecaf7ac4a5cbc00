import { Plus, X } from 'lucide-react'
import type { ChangeEvent } from 'react'
import type { MediaRef } from '../../../shared/creatives/media'
import type { VideoConversationCardContent } from '../../../shared/creatives/videoConversationCard'
import { newConversationOption } from '../../../shared/creatives/videoConversationCard'
import { LIMITS } from '../../../shared/rules/limits'
import { ORDINALS } from '../../../shared/rules/issues'
import { Button } from '../../components/Button'
import { EditorShell, Section } from '../../kits/editor/EditorShell'
import { useCardEditor } from '../../kits/editor/useCardEditor'
import { PublishedBanner } from '../../kits/editor/PublishedBanner'
import { PublishedCardState } from '../../kits/editor/PublishedCardState'
import { videoConversationEdit } from '../../kits/editor/publishedEditSpecs'
import { Field } from '../../components/Field'
import { LengthCounter } from '../../components/LengthCounter'
import { MediaSlot } from '../../kits/editor/MediaSlot'
import { VideoConversationPreview } from './VideoConversationPreview'
import { FeatureLink } from '../../kits/editor/FeatureLink'
import { featureWord } from '../../../shared/platformWords'
import './videoConversations.css'

const RULES = LIMITS.videoConversationCard
const [FOUR_OPTIONS_FEATURE] = RULES.fourOptionsFeature.values
const [UNLOCK_FEATURE] = RULES.unlockFeature.values
type MediaField = 'video' | 'poster' | 'unlockedImage' | 'unlockedVideo'

/** What is typed after the fixed '#': the hashtag is stored without it, and '#' typed or pasted is dropped. */
export function bareHashtag(typed: string): string {
  return typed.replace(/^[\s#]+/, '').replace(/\s/g, '')
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** The video conversation card editor. */
export function VideoConversationEditor({ features }: { features?: readonly string[] | undefined }) {
  const { content, change, published, issues, messageAt, touch } = useCardEditor(
    'video_conversation_card',
    features,
  )

  const set = <F extends keyof VideoConversationCardContent>(
    field: F,
    value: VideoConversationCardContent[F],
  ) => change((c) => ({ ...c, [field]: value }), typeof value === 'string' ? field : undefined)
  /** A text field of the card with a length limit: its value, counter, message and edits. */
  const countedText = (field: 'name' | 'title' | 'thankYouText') => ({
    value: content[field],
    aside: <LengthCounter value={content[field]} max={RULES[field].max} />,
    message: messageAt([field]),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, event.target.value),
    onBlur: () => touch([field]),
  })
  const setOption = (id: string, patch: { hashtag?: string; post?: string }, key: string) =>
    change((c) => ({ ...c, options: c.options.map((o) => (o.id === id ? { ...o, ...patch } : o)) }), key)
  const canAddOption = content.options.length < RULES.ctaCount.max
  const mediaSlot = (field: MediaField, use: Parameters<typeof MediaSlot>[0]['use'], label: string) => (
    <div className="vc-media">
      <MediaSlot
        use={use}
        label={label}
        value={content[field]}
        message={messageAt([field])}
        onChange={(media: MediaRef | null) => change((c) => ({ ...c, [field]: media }))}
      />
    </div>
  )

  return (
    <EditorShell
      route="video-conversations"
      listLabel="Video conversations"
      issues={issues}
      readOnly={published}
      banner={
        <PublishedBanner
          route="video-conversations"
          what="video conversation card"
          edit={(profile, draft, pending) =>
            videoConversationEdit(profile, draft, (pending as typeof content | undefined) ?? content)
          }
          platform={<PublishedCardState what="card" />}
        />
      }
      preview={<VideoConversationPreview content={content} />}
    >
      <Section title="Card">
        <Field label="Card name" placeholder="Summer trailer conversation" {...countedText('name')} />
        <Field
          label="Title"
          hint="Shown under the video. Needed unless the card has a second option."
          {...countedText('title')}
          data-testid="vc-title"
        />
      </Section>

      <Section
        title="Video"
        hint="A 16:9 video from the media library is required; the poster defaults to its first frame."
      >
        {mediaSlot('video', 'conversation_video', 'Video (16:9)')}
        {mediaSlot('poster', 'conversation_poster', 'Poster image (optional)')}
      </Section>

      <Section
        title="Options"
        hint={`Each option is a hashtag of at most ${RULES.cta.max} characters (not counting #) and the post it makes. Up to ${RULES.ctaCount.max} options.`}
      >
        <ol className="vc-options stack stack--tight plain-list">
          {content.options.map((option, index) => {
            const ordinal = capitalized(ORDINALS[index] ?? `${index + 1}th`)
            return (
              <li
                key={option.id}
                className="nested-card nested-card--sunken vc-option"
                data-testid={`vc-option-${index + 1}`}
              >
                <div className="vc-option__head">
                  <span className="vc-option__label">{ordinal} option</span>
                  {index > 0 ? (
                    <Button
                      variant="ghost"
                      onClick={() =>
                        change((c) => ({ ...c, options: c.options.filter((o) => o.id !== option.id) }))
                      }
                      aria-label={`Remove the ${ORDINALS[index]} option`}
                    >
                      <X size={16} aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
                <Field
                  label="Hashtag"
                  prefix="#"
                  value={option.hashtag}
                  aside={<LengthCounter value={option.hashtag} max={RULES.cta.max} />}
                  message={messageAt(['options', index, 'hashtag'])}
                  onChange={(event) =>
                    setOption(option.id, { hashtag: bareHashtag(event.target.value) }, `hashtag-${option.id}`)
                  }
                  onBlur={() => touch(['options', index, 'hashtag'])}
                  data-testid={`vc-hashtag-${index + 1}`}
                />
                <Field
                  label="Post when chosen"
                  multiline
                  rows={2}
                  value={option.post}
                  message={messageAt(['options', index, 'post'])}
                  onChange={(event) =>
                    setOption(option.id, { post: event.target.value }, `post-${option.id}`)
                  }
                  onBlur={() => touch(['options', index, 'post'])}
                  data-testid={`vc-post-${index + 1}`}
                />
              </li>
            )
          })}
        </ol>
        <div className="actions">
          <Button
            onClick={() =>
              change((c) =>
                c.options.length < RULES.ctaCount.max
                  ? { ...c, options: [...c.options, newConversationOption()] }
                  : c,
              )
            }
            disabled={!canAddOption}
          >
            <Plus size={16} aria-hidden="true" />
            Add option
          </Button>
          <span className="field__hint">
            {canAddOption
              ? `${content.options.length} of ${RULES.ctaCount.max}`
              : `A card has at most ${RULES.ctaCount.max} options.`}
          </span>
          {FOUR_OPTIONS_FEATURE && features !== undefined && !features.includes(FOUR_OPTIONS_FEATURE) ? (
            <FeatureLink feature={FOUR_OPTIONS_FEATURE}>
              {`More than two options may need an account feature: ${featureWord(FOUR_OPTIONS_FEATURE).toLowerCase()}`}
            </FeatureLink>
          ) : null}
        </div>
      </Section>

      <Section title="Thank-you" hint="What people see after choosing an option.">
        <Field label="Thank-you text" {...countedText('thankYouText')} />
        <Field
          label="Thank-you URL (optional)"
          type="url"
          value={content.thankYouUrl}
          placeholder="https://example.com/thanks"
          message={messageAt(['thankYouUrl'])}
          hint="Shown with the thank-you text."
          onChange={(event) => set('thankYouUrl', event.target.value)}
          onBlur={() => touch(['thankYouUrl'])}
        />
      </Section>

      <Section title="Instant unlock (optional)" hint="Media people unlock by choosing an option.">
        {mediaSlot('unlockedImage', 'unlock_image', 'Unlock image')}
        {mediaSlot('unlockedVideo', 'unlock_video', 'Unlock video')}
        {UNLOCK_FEATURE && features !== undefined && !features.includes(UNLOCK_FEATURE) ? (
          <FeatureLink
            feature={UNLOCK_FEATURE}
          >{`Instant unlock may need an account feature: ${featureWord(UNLOCK_FEATURE).toLowerCase()}`}</FeatureLink>
        ) : null}
      </Section>
    </EditorShell>
  )
}
