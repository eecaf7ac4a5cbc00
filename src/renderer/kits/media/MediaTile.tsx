import { Film, ImageIcon, ImageOff, Play } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import { itemFacts, itemTitle, MEDIA_TYPE_LABELS } from './format'
import { useThumbnail, type Thumbnail } from './libraryClient'
import type { AccountScope } from '../../state/connection/activeProfile'

export interface MediaTileProps {
  scope: AccountScope
  item: LibraryItem
  selected: boolean
  /** Why this medium cannot be used here, if it cannot. */
  unavailable?: string | undefined
  onActivate(item: LibraryItem, thumbnail: Thumbnail | undefined): void
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void
}

export function MediaTile({ scope, item, selected, unavailable, onActivate, onKeyDown }: MediaTileProps) {
  const thumbnail = useThumbnail(scope, item)
  const ready = thumbnail.state === 'ready' ? thumbnail.thumbnail : undefined
  const title = itemTitle(item)
  const facts = itemFacts(item, ready)
  const type = item.mediaType ? MEDIA_TYPE_LABELS[item.mediaType] : 'Media'
  const FallbackIcon = item.mediaType === 'VIDEO' ? Film : thumbnail.state === 'failed' ? ImageOff : ImageIcon
  return (
    <li
      className="media-tile"
      data-selected={selected || undefined}
      data-unavailable={unavailable ? true : undefined}
    >
      <button
        type="button"
        className="card-surface media-tile__button"
        data-tile
        data-testid="media-tile"
        aria-pressed={selected}
        aria-disabled={unavailable ? true : undefined}
        onClick={() => onActivate(item, ready)}
        onKeyDown={onKeyDown}
      >
        <span className="media-tile__frame" aria-hidden="true">
          {ready?.dataUrl ? (
            <img src={ready.dataUrl} alt="" className="media-tile__image" draggable={false} />
          ) : (
            <span
              className="media-tile__placeholder"
              data-loading={thumbnail.state === 'loading' || undefined}
            >
              <FallbackIcon size={28} strokeWidth={1.5} />
            </span>
          )}
          <span className="media-tile__type">
            {item.mediaType === 'VIDEO' ? <Play size={10} fill="currentColor" /> : null}
            {type}
          </span>
        </span>
        {/* The tile's name is its visible text (WCAG 2.5.3): the name, then the type, facts and why it is unavailable. */}
        <span className="truncate media-tile__name">{title}</span>
        <span className="visually-hidden">, {type}, </span>
        <span className="facts media-tile__facts">{facts.length ? facts.join(' · ') : ' '}</span>
        {unavailable ? <span className="media-tile__unavailable">{unavailable}</span> : null}
      </button>
    </li>
  )
}
