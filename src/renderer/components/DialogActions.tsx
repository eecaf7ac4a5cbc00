import type { ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { Button, type ButtonVariant } from './Button'

/**
 * A dialog's row of actions: the button that closes it (Cancel unless it says otherwise),
 * then the dialog's own actions, the primary one last.
 */
export function DialogActions({
  closeLabel = 'Cancel',
  closeVariant,
  children,
}: {
  closeLabel?: string
  /** Primary where closing is the dialog's only action (Done). */
  closeVariant?: ButtonVariant
  children?: ReactNode
}) {
  return (
    <div className="dialog__actions">
      <Dialog.Close asChild>
        <Button variant={closeVariant}>{closeLabel}</Button>
      </Dialog.Close>
      {children}
    </div>
  )
}
