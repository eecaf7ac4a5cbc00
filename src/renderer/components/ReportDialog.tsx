import type { ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { Banner } from './Banner'
import { DialogTitleBar } from './DialogTitleBar'

/**
 * An import's report as a dialog: the title and its ×, the report itself (which scrolls inside),
 * what went wrong on the last action, then the actions row. Shown while mounted; closing calls onClose.
 */
export function ReportDialog({
  title,
  className,
  testId,
  problem,
  actions,
  onClose,
  children,
}: {
  title: string
  className: string
  testId: string
  problem: string | null
  actions: ReactNode
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog dialog--column dialog--report ${className}`} data-testid={testId}>
          <DialogTitleBar>{title}</DialogTitleBar>
          {children}
          {problem ? <Banner tone="error">{problem}</Banner> : null}
          {actions}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
