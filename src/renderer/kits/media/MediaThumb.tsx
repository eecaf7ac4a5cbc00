import { Film, ImageIcon, Play } from 'lucide-react'
import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { useMediaPreview } from './mediaClient'
import './mediaThumb.css'

/**
 * A medium as an image, wherever it is shown: a local file read by main, or a library item
 * fetched by main. Until there is one (or when there is none) a quiet icon stands in.
 */
export function MediaThumb({
  media,
  className,
  iconSize = 20,
}: {
  media: MediaRef
  className?: string
  iconSize?: number
}) {
  const preview = useMediaPreview(media)
  const url = preview.state === 'ready' ? preview.url : null
  if (url) return <img className={className} src={url} alt="" draggable={false} />
  const Icon = mediaTypeOf(media) === 'VIDEO' ? Film : ImageIcon
  return (
    <span
      className={[className, 'preview-placeholder'].filter(Boolean).join(' ')}
      data-loading={preview.state === 'loading' || undefined}
    >
      <Icon size={iconSize} aria-hidden="true" />
    </span>
  )
}

/** The play mark over a video's still, as the platform's timeline shows it. */
export function PlayOverlay() {
  return (
    <span className="play-overlay" aria-hidden="true">
      <Play size={18} />
    </span>
  )
}
