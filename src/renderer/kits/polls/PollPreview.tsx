import { MediaThumb, PlayOverlay } from '../media/MediaThumb'
import type { PollCardContent } from '../../../shared/creatives/pollCard'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { timeLeftLabel } from './pollRules'
import './pollPreview.css'

/** The poll as people will see it before voting: media, one bar per choice, time left. `inline` sits inside a post preview. */
export function PollPreview({ content, inline = false }: { content: PollCardContent; inline?: boolean }) {
  const media = content.media
  return (
    <div
      // Inside a post's preview it sits flat, without the raised surface's shadow.
      className={`preview-frame poll-preview stack stack--tight surface ${inline ? 'poll-preview--inline' : 'surface--raised'}`}
      data-testid="poll-preview"
    >
      {media ? (
        <div className="poll-preview__media-frame">
          <MediaThumb media={media} className="poll-preview__media" iconSize={22} />
          {mediaTypeOf(media) === 'VIDEO' ? <PlayOverlay /> : null}
        </div>
      ) : null}
      <ol className="poll-preview__choices stack stack--snug plain-list">
        {content.choices.map((choice, index) => (
          <li
            key={index}
            className="preview-pill poll-preview__choice"
            data-empty={choice.trim() === '' || undefined}
          >
            <span className="poll-preview__bar" aria-hidden="true" />
            <span className="poll-preview__text">
              {choice.trim() === '' ? `Choice ${index + 1}` : choice}
            </span>
          </li>
        ))}
      </ol>
      <p className="poll-preview__meta">0 votes · {timeLeftLabel(content.durationInMinutes)}</p>
    </div>
  )
}
