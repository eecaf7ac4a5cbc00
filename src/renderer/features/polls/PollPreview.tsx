import { ImageIcon, Film } from 'lucide-react'
import type { PollCardContent } from '../../../shared/creatives/pollCard'
import { mediaTypeOf } from '../../../shared/creatives/media'
import { useLibraryPreviewUrl } from '../library/libraryClient'
import { timeLeftLabel } from './pollRules'

/** The poll as people will see it before voting: media, one bar per choice, time left. */
export function PollPreview({ content }: { content: PollCardContent }) {
  const media = content.media
  const mediaUrl = useLibraryPreviewUrl(media)
  return (
    <div className="preview-frame poll-preview" data-testid="poll-preview">
      {media ? (
        mediaUrl && mediaTypeOf(media) === 'IMAGE' ? (
          <img className="poll-preview__media" src={mediaUrl} alt="" />
        ) : (
          <div className="poll-preview__media preview-placeholder">
            {mediaTypeOf(media) === 'VIDEO' ? <Film size={22} aria-hidden="true" /> : <ImageIcon size={22} aria-hidden="true" />}
            <span>{mediaTypeOf(media) === 'VIDEO' ? 'Video' : 'Image'}</span>
          </div>
        )
      ) : null}
      <ol className="poll-preview__choices">
        {content.choices.map((choice, index) => (
          <li key={index} className="poll-preview__choice" data-empty={choice.trim() === '' || undefined}>
            <span className="poll-preview__bar" aria-hidden="true" />
            <span className="poll-preview__text">{choice.trim() === '' ? `Choice ${index + 1}` : choice}</span>
          </li>
        ))}
      </ol>
      <p className="poll-preview__meta">0 votes · {timeLeftLabel(content.durationInMinutes)}</p>
    </div>
  )
}
