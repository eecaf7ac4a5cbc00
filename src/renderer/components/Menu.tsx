import { DropdownMenu } from 'radix-ui'
import type { ComponentPropsWithoutRef } from 'react'
import { inertOutsideRef } from '../lib/inertOutside'

/**
 * The open list of a DropdownMenu, in the app's menu look, beside its trigger. While it is
 * open the rest of the window is inert as well as hidden from screen readers (Radix hides it),
 * so nothing behind the menu can take focus.
 */
export function MenuContent({
  className,
  ...content
}: ComponentPropsWithoutRef<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        ref={inertOutsideRef}
        className={['menu', className].filter(Boolean).join(' ')}
        sideOffset={4}
        {...content}
      />
    </DropdownMenu.Portal>
  )
}
