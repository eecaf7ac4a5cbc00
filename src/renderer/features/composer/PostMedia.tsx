import { X } from 'lucide-react'
import { MediaThumb } from '../../kits/media/MediaThumb'
import { mediaTitle } from '../../kits/media/format'
import { useState } from 'react'
import type { MediaRef } from '../../../shared/creatives/media'
import { mediaTypeOf } from '../../../shared/creatives/mediaType'
import type { PostMediaItem } from '../../../shared/creatives/post'
import { LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import type { FieldMessage } from '../../components/Field'
import { FieldNote, FieldAlert } from '../../components/Field'
import { MediaSlot } from '../../kits/editor/MediaSlot'
import { postMediaFull, refusalToAdd } from './postMediaRules'

const TYPE_LABELS = { IMAGE: 'Image', GIF: 'GIF', VIDEO: 'Video' } as const

/** The post's media, in order, and a slot to add more while the rules leave room. */
export function PostMedia({
  items,
  onAdd,
  onRemove,
  message,
}: {
  items: readonly PostMediaItem[]
  onAdd: (media: MediaRef) => void
  onRemove: (id: string) => void
  message?: FieldMessage | undefined
}) {
  const [refusal, setRefusal] = useState<string | null>(null)
  const media = items.map((item) => item.media)
  const full = postMediaFull(media)

  const add = (candidate: MediaRef | null) => {
    if (!candidate) return
    const reason = refusalToAdd(media, candidate)
    setRefusal(reason)
    if (!reason) onAdd(candidate)
  }

  return (
    <div className="post-media stack stack--tight">
      {items.length > 0 ? (
        <ul className="post-media__list stack stack--snug plain-list" aria-label="Attached media">
          {items.map((item, index) => {
            const type = mediaTypeOf(item.media)
            return (
              <li key={item.id} className="post-media__item" data-testid="post-media-item">
                <MediaThumb media={item.media} className="post-media__thumb" iconSize={16} />
                <span
                  className="truncate post-media__key"
                  title={item.media.source === 'local' ? item.media.path : undefined}
                >
                  {/* The item's name (a library item's name, a file's name); a bare key only when nothing else is known. */}
                  {mediaTitle(item.media)}
                </span>
                <span className="post-media__type">{type ? TYPE_LABELS[type] : 'Medium'}</span>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setRefusal(null)
                    onRemove(item.id)
                  }}
                  aria-label={`Remove medium ${index + 1}`}
                >
                  <X size={16} aria-hidden="true" />
                </Button>
              </li>
            )
          })}
        </ul>
      ) : null}
      {full ? (
        <p className="field__hint" data-testid="post-media-full">
          {full}
        </p>
      ) : (
        <MediaSlot use="post_media" label="Add media" value={null} siblings={media} onChange={add} />
      )}
      <FieldAlert message={refusal} testId="post-media-refusal" />
      <FieldNote
        id="post-media-note"
        message={message}
        hint={
          items.length === 0
            ? `Up to ${LIMITS.post.maxImages.value} images, or ${LIMITS.post.maxGifs.value} GIF, or ${LIMITS.post.maxVideos.value} video.`
            : undefined
        }
      />
    </div>
  )
}
