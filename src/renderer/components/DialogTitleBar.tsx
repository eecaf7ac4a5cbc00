import type { ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { DialogCloseButton } from './DialogCloseButton'

/** A dialog's title with its × at the far end of the same row. */
export function DialogTitleBar({
  children,
  className,
  closeSize = 16,
}: {
  children: ReactNode
  /** Classes beside the row's own (a dialog's head spacing). */
  className?: string
  closeSize?: number
}) {
  return (
    <div className={[className, 'row row--spread'].filter(Boolean).join(' ')}>
      <Dialog.Title className="dialog__title">{children}</Dialog.Title>
      <DialogCloseButton size={closeSize} />
    </div>
  )
}
