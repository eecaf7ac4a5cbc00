import { memo } from 'react'
import type { IssuePath } from '../../../shared/rules/issues'
import { LIMITS, type VideoCta } from '../../../shared/rules/limits'
import { Field, type FieldMessage } from '../../components/Field'
import { LengthCounter } from '../../components/LengthCounter'
import type { DraftEditorState } from '../../state/drafts/draftEditor'

const RULES = LIMITS.post
type State = DraftEditorState<'post'>
type Change = State['change']
type Touch = (path: IssuePath) => void

const CTA_LABELS: Record<VideoCta, string> = { VISIT_SITE: 'Visit site', WATCH_NOW: 'Watch now' }

/** A video's title, description and call to action; a hint until the post has a video. */
export const PostVideoFields = memo(function PostVideoFields({
  hasVideo,
  videoTitle,
  videoDescription,
  videoCta,
  videoCtaValue,
  titleMessage,
  descriptionMessage,
  ctaValueMessage,
  change,
  touch,
}: {
  hasVideo: boolean
  videoTitle: string
  videoDescription: string
  videoCta: VideoCta | null
  videoCtaValue: string
  titleMessage: FieldMessage | undefined
  descriptionMessage: FieldMessage | undefined
  ctaValueMessage: FieldMessage | undefined
  change: Change
  touch: Touch
}) {
  const videoFieldsSet =
    videoTitle !== '' || videoDescription !== '' || videoCta !== null || videoCtaValue !== ''
  if (!hasVideo && !videoFieldsSet)
    return <p className="field__hint">Add a video to give it a title, a description and a call to action.</p>
  return (
    <div className="post-video">
      {!hasVideo ? <p className="field__warning">These show only with a video; the post has none.</p> : null}
      <Field
        label="Video title"
        value={videoTitle}
        aside={<LengthCounter value={videoTitle} max={RULES.videoTitle.max} />}
        message={titleMessage}
        onChange={(event) => change((c) => ({ ...c, videoTitle: event.target.value }), 'videoTitle')}
      />
      <Field
        label="Video description"
        multiline
        rows={2}
        value={videoDescription}
        aside={<LengthCounter value={videoDescription} max={RULES.videoDescription.max} />}
        message={descriptionMessage}
        onChange={(event) =>
          change((c) => ({ ...c, videoDescription: event.target.value }), 'videoDescription')
        }
      />
      <div className="grid-2">
        <div className="field">
          <label className="field__label" htmlFor="post-video-cta">
            Call to action
          </label>
          <select
            id="post-video-cta"
            className="input select"
            value={videoCta ?? ''}
            onChange={(event) =>
              change((c) => ({
                ...c,
                videoCta: event.target.value === '' ? null : (event.target.value as VideoCta),
              }))
            }
          >
            <option value="">None</option>
            {RULES.videoCta.values.map((cta) => (
              <option key={cta} value={cta}>
                {CTA_LABELS[cta]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Call to action value"
          value={videoCtaValue}
          placeholder="https://example.com"
          message={ctaValueMessage}
          onChange={(event) => change((c) => ({ ...c, videoCtaValue: event.target.value }), 'videoCtaValue')}
          onBlur={() => touch(['videoCtaValue'])}
        />
      </div>
    </div>
  )
})
