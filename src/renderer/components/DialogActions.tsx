import type { ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { Button } from './Button'

/**
 * A dialog's row of actions: the button that closes it (Cancel unless it says otherwise),
 * then the dialog's own actions, the primary one last.
 */
export function DialogActions({
  closeLabel = 'Cancel',
  children,
}: {
  closeLabel?: string
  children?: ReactNode
}) {
  return (
    <div className="dialog__actions">
      <Dialog.Close asChild>
        <Button>{closeLabel}</Button>
      </Dialog.Close>
      {children}
    </div>
  )
}
