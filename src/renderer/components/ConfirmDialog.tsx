import { AlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { useOpenerFocus } from '../lib/useOpenerFocus'
import './confirmDialog.css'

/**
 * An accessible confirmation (Radix AlertDialog: focus trapped, Escape cancels). Opened by its
 * `trigger`, or controlled with `open` and `onOpenChange`. `children` list what will change (a
 * wider dialog); `tone: 'danger'`, the default, is for what cannot be undone. Closed, it gives
 * focus back to the control it was opened from, or to the page when the action disabled that
 * control (useOpenerFocus).
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  tone = 'danger',
  wide = false,
  onConfirm,
}: {
  trigger?: ReactNode
  open?: boolean
  onOpenChange?(open: boolean): void
  title: string
  description: ReactNode
  /** The list of what changes. */
  children?: ReactNode
  confirmLabel: string
  tone?: 'primary' | 'danger'
  wide?: boolean
  onConfirm(): void
}) {
  const openerFocus = useOpenerFocus()
  return (
    <AlertDialog.Root {...(open === undefined ? {} : { open })} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className={wide || children ? 'dialog dialog--wide' : 'dialog'}
          data-testid="confirm-changes"
          {...openerFocus}
        >
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          {children ? <div className="card-surface change-list">{children}</div> : null}
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
