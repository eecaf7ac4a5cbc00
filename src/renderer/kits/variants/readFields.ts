import type { MediaRef } from '../../../shared/creatives/media'
import type { VariantField } from '../../../shared/ipc/contracts/variants'
import { messageOf } from '../../lib/failures'

/**
 * Shows the fields a dialog offers (to vary, or to set on a group) and the media they may take,
 * once main has read them. Returns the effect's cleanup: an answer that comes after the dialog
 * closed or moved to another draft is dropped.
 */
export function readFields(
  answer: Promise<{ fields: VariantField[]; media: MediaRef[] }>,
  show: {
    fields(fields: VariantField[]): void
    media(media: MediaRef[]): void
    problem(text: string): void
  },
): () => void {
  let live = true
  answer
    .then((read) => {
      if (!live) return
      show.fields(read.fields)
      show.media(read.media)
    })
    .catch((failure: unknown) => live && show.problem(messageOf(failure)))
  return () => {
    live = false
  }
}
