import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import './jobs.css'

/**
 * A controlled confirmation (Radix AlertDialog: focus trapped, Escape cancels) that lists what
 * will change. `tone: 'danger'` is for what cannot be undone.
 */
export function ConfirmChanges({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = 'primary',
  onConfirm,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  description: ReactNode
  /** The list of what changes. */
  children?: ReactNode
  confirmLabel: string
  tone?: 'primary' | 'danger'
  onConfirm(): void
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog dialog--wide" data-testid="confirm-changes">
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          {children ? <div className="change-list">{children}</div> : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={`button button--${tone}`} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
