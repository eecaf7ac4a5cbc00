import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'

/** The × that closes a dialog or a sheet, named "Close" for screen readers. */
export function DialogCloseButton({
  size = 18,
  className = 'icon-button',
}: {
  size?: number
  className?: string
}) {
  return (
    <Dialog.Close className={className} aria-label="Close" type="button">
      <X size={size} aria-hidden="true" />
    </Dialog.Close>
  )
}
