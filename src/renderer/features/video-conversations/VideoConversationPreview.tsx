import { Film, Play } from 'lucide-react'
import { useMediaPreview } from '../../kits/media/mediaClient'
import type { VideoConversationCardContent } from '../../../shared/creatives/videoConversationCard'

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

/** The card as it plays: the video, the title, one button per hashtag, then the thank-you. */
export function VideoConversationPreview({ content }: { content: VideoConversationCardContent }) {
  // The poster image when one is chosen, else the video's own poster frame (fetched by main).
  const poster = useMediaPreview(content.poster ?? content.video)
  const posterUrl = poster.state === 'ready' ? poster.url : null
  const options = content.options.filter((option) => option.hashtag.trim() !== '')
  return (
    <div
      className="preview-frame vc-preview surface surface--raised stack stack--tight"
      data-testid="video-conversation-preview"
    >
      <div className="vc-preview__video">
        {posterUrl ? <img src={posterUrl} alt="" data-testid="video-poster" /> : null}
        <span className="vc-preview__play" aria-hidden="true">
          {content.video ? <Play size={22} /> : <Film size={22} />}
        </span>
        {content.video ? null : <span className="vc-preview__empty">16:9 video</span>}
      </div>
      {content.title.trim() !== '' ? <p className="vc-preview__title">{content.title}</p> : null}
      <div className="grid-2 vc-preview__options">
        {(options.length > 0 ? options : content.options.slice(0, 1)).map((option, index) => (
          <span
            key={option.id}
            className="preview-pill vc-preview__option"
            data-empty={option.hashtag.trim() === '' || undefined}
          >
            #{option.hashtag.trim() === '' ? `Option${index + 1}` : option.hashtag.trim()}
          </span>
        ))}
      </div>
      <div className="vc-preview__thanks">
        <span className="vc-preview__thanks-label">After a tap</span>
        <span>{content.thankYouText.trim() === '' ? 'Thank-you text' : content.thankYouText}</span>
        {content.thankYouUrl.trim() !== '' ? (
          <span className="vc-preview__link">{hostOf(content.thankYouUrl.trim())}</span>
        ) : null}
      </div>
    </div>
  )
}
