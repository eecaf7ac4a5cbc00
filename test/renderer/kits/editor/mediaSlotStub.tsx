// Stands in for the media picker (which reads files through main): a button per slot that
// "picks" the next medium the test queued.

import type { MediaRef } from '../../../../src/shared/creatives/media'
import type { MediaSlotProps } from '../../../../src/renderer/kits/editor/MediaSlot'

export const pickQueue: MediaRef[] = []

export function image(mediaKey: string): MediaRef {
  return { source: 'library', mediaKey, mediaType: 'IMAGE', width: 1200, height: 628 }
}
export function video(mediaKey: string): MediaRef {
  return { source: 'library', mediaKey, mediaType: 'VIDEO', aspectRatio: '16:9' }
}
export function gif(mediaKey: string): MediaRef {
  return { source: 'library', mediaKey, mediaType: 'GIF' }
}

export function MediaSlot({ label, value, onChange, message }: MediaSlotProps) {
  return (
    <div data-testid={`slot-${label}`}>
      {value ? <span>{value.source === 'library' ? value.mediaKey : value.path}</span> : null}
      <button type="button" onClick={() => onChange(pickQueue.shift() ?? null)}>
        Pick {label}
      </button>
      {message ? <p>{message.text}</p> : null}
    </div>
  )
}
