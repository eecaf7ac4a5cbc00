import { BarChart3, Film, ImageIcon, LayoutTemplate, MessageSquareText, MessagesSquare } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import { useMediaPreview } from './mediaClient'
import './listThumb.css'

/** A row with no medium shows what kind of thing it is instead. */
const KIND_ICONS: Record<DraftKind, typeof ImageIcon> = {
  card: LayoutTemplate,
  poll_card: BarChart3,
  video_conversation_card: MessagesSquare,
  post: MessageSquareText,
  media_library: ImageIcon,
}

/**
 * A row stays this long on screen before its thumbnail is asked for, so scrolling fast through
 * thousands of drafts asks main for none of the rows that only flew by.
 */
const SETTLE_MS = 150

/**
 * The thumbnail is worth its cost only for library media (main caches it on disk) and local
 * images (read once per session). A local video has no still main could send, and reading it
 * again would hash the whole file: its row shows the film icon.
 */
function worthLoading(ref: MediaRef | undefined): ref is MediaRef {
  if (!ref) return false
  return ref.source === 'library' || mediaTypeOf(ref) !== 'VIDEO'
}

/** Which picture a reference shows: a library item, or a local file's path and content. */
function pictureOf(ref: MediaRef): string {
  return ref.source === 'library' ? `library:${ref.mediaKey}` : `local:${ref.path}:${ref.sha256}`
}

/**
 * The small square thumbnail of a list row (drafts, cards, published posts). Decorative: the row
 * names the item. A virtualized list reuses a row for other items, so each new picture settles
 * afresh, while the same picture in a new object (a list refresh) keeps what it shows.
 */
export function ListThumb({ media, kind }: { media?: MediaRef | undefined; kind?: DraftKind | undefined }) {
  const wanted = worthLoading(media) ? media : undefined
  const picture = wanted ? pictureOf(wanted) : null
  const [settledOn, setSettledOn] = useState<string | null>(null)
  useEffect(() => {
    if (!picture) return
    const timer = setTimeout(() => setSettledOn(picture), SETTLE_MS)
    return () => clearTimeout(timer)
  }, [picture])
  const preview = useMediaPreview(wanted && settledOn === picture ? wanted : null)
  const url = preview.state === 'ready' ? preview.url : null
  if (url) return <img className="list-thumb" src={url} alt="" draggable={false} data-testid="list-thumb" />
  const Icon = media
    ? mediaTypeOf(media) === 'VIDEO'
      ? Film
      : ImageIcon
    : kind
      ? KIND_ICONS[kind]
      : ImageIcon
  return (
    <span className="list-thumb list-thumb--icon" aria-hidden="true" data-testid="list-thumb">
      <Icon size={16} />
    </span>
  )
}
