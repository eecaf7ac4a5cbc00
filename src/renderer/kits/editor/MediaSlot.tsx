import type { MediaRef } from '../../../shared/creatives/media'
import type { MediaUse } from '../../../shared/creatives/mediaChecks'
import { ReadOnlyFieldset } from '../../components/ReadOnlyFieldset'
import { MediaPicker } from '../media/MediaPicker'
import type { FieldMessage } from '../../components/Field'

export interface MediaSlotProps {
  use: MediaUse
  value: MediaRef | null
  onChange: (ref: MediaRef | null) => void
  /** Media already in the same place, for the rules that depend on them. */
  siblings?: MediaRef[]
  label: string
  /** What the draft's validator says about this medium (the picker adds its own per-use checks). */
  message?: FieldMessage | undefined
  disabled?: boolean
}

/** One media slot of an editor: the shared media picker, disabled as a whole when the editor is read-only. */
export function MediaSlot({ message, disabled = false, ...picker }: MediaSlotProps) {
  return (
    <ReadOnlyFieldset className="media-slot" readOnly={disabled}>
      <MediaPicker
        {...picker}
        issues={message ? [{ message: message.text, severity: message.severity }] : []}
      />
    </ReadOnlyFieldset>
  )
}
