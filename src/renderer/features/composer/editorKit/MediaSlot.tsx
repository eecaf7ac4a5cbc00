import { Film, ImageIcon, X } from 'lucide-react'
import { useId, useState } from 'react'
import type { MediaRef } from '../../../../shared/creatives/media'
import { mediaTypeOf } from '../../../../shared/creatives/media'
import type { MediaUse } from '../../../../shared/creatives/mediaChecks'
import { mediaChecks } from '../../../../shared/creatives/mediaChecks'
import type { MediaType } from '../../../../shared/rules/limits'
import { LIMITS } from '../../../../shared/rules/limits'
import { Button } from '../../../components/Button'

export interface MediaSlotProps {
  use: MediaUse
  value: MediaRef | null
  onChange: (ref: MediaRef | null) => void
  /** Media already in the same place, for the rules that depend on them. */
  siblings?: MediaRef[]
  label: string
  disabled?: boolean
}

const TYPES_FOR_USE: Record<MediaUse, readonly MediaType[]> = {
  card_media: LIMITS.card.componentMediaTypes.values,
  carousel_item: LIMITS.card.componentMediaTypes.values,
  poll_media: LIMITS.pollCard.mediaTypes.values,
  conversation_video: ['VIDEO'],
  conversation_poster: ['IMAGE'],
  unlock_image: ['IMAGE'],
  unlock_video: ['VIDEO'],
  post_media: LIMITS.mediaLibrary.mediaTypes.values,
  library: LIMITS.mediaLibrary.mediaTypes.values,
}

const TYPE_LABELS: Record<MediaType, string> = { IMAGE: 'Image', GIF: 'GIF', VIDEO: 'Video' }

/**
 * One media slot of an editor. Until the media library picker lands this takes a media key
 * from the account's library by hand (with its type, so the per-use rules still run); the
 * props are the picker's, so swapping it in is one line.
 */
export function MediaSlot({ use, value, onChange, siblings = [], label, disabled = false }: MediaSlotProps) {
  const id = useId()
  const types = TYPES_FOR_USE[use]
  const [mediaKey, setMediaKey] = useState('')
  const [mediaType, setMediaType] = useState<MediaType>(types[0] ?? 'IMAGE')
  const [problem, setProblem] = useState<string | null>(null)

  if (value) {
    const type = mediaTypeOf(value)
    const Icon = type === 'VIDEO' ? Film : ImageIcon
    return (
      <div className="media-slot media-slot--filled" data-testid="media-slot">
        <span className="media-slot__thumb" aria-hidden="true">
          <Icon size={18} />
        </span>
        <span className="media-slot__text">
          <span className="media-slot__label">{label}</span>
          <span className="media-slot__value">
            {type ? TYPE_LABELS[type] : 'Medium'} · {value.source === 'library' ? value.mediaKey : value.path}
          </span>
        </span>
        <Button variant="ghost" onClick={() => onChange(null)} disabled={disabled} aria-label={`Remove ${label.toLowerCase()}`}>
          <X size={16} aria-hidden="true" />
        </Button>
      </div>
    )
  }

  const add = () => {
    const key = mediaKey.trim()
    if (key === '') {
      setProblem('Enter the media key from the account’s media library')
      return
    }
    const ref: MediaRef = { source: 'library', mediaKey: key, mediaType }
    const blocking = mediaChecks(use, ref, siblings).filter((issue) => issue.severity === 'error')
    if (blocking[0]) {
      setProblem(blocking[0].message)
      return
    }
    setProblem(null)
    setMediaKey('')
    onChange(ref)
  }

  return (
    <fieldset className="media-slot" disabled={disabled} data-testid="media-slot">
      <legend className="field__label">{label}</legend>
      <div className="media-slot__row">
        <input
          id={`${id}-key`}
          className="input media-slot__key"
          placeholder="Media key, e.g. 3_1234567890"
          aria-label={`${label}: media key`}
          value={mediaKey}
          onChange={(event) => setMediaKey(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add()
          }}
        />
        {types.length > 1 ? (
          <select
            className="input select"
            aria-label={`${label}: type`}
            value={mediaType}
            onChange={(event) => setMediaType(event.target.value as MediaType)}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        ) : null}
        <Button onClick={add}>Add</Button>
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  )
}
