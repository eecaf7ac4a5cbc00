import { useMemo, useRef } from 'react'

/** Whether keyboard focus can go back to `element`: still in the page, shown and enabled. */
function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  return (
    element !== null &&
    element.isConnected &&
    !element.matches(':disabled') &&
    element.closest('[hidden], [inert]') === null
  )
}

export interface OpenerFocus {
  onOpenAutoFocus(event: Event): void
  onCloseAutoFocus(event: Event): void
}

/**
 * Where focus goes when a dialog closes, for Radix dialog content (spread these two handlers on
 * it). Radix returns focus to the dialog's Trigger, and without one (a dialog opened from state:
 * a row's button, a toolbar action) leaves it on the page body. These remember the control that
 * had focus as the dialog opened and focus it again on close; when that control is gone, hidden
 * or disabled by then (the action it opened is running), the page's main region takes focus, so
 * a keyboard user carries on from the page rather than from the top of the document.
 */
export function useOpenerFocus(): OpenerFocus {
  const opener = useRef<HTMLElement | null>(null)
  return useMemo(
    () => ({
      // Radix calls this before moving focus into the dialog: focus is still on the opener.
      onOpenAutoFocus() {
        const active = document.activeElement
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      },
      onCloseAutoFocus(event: Event) {
        event.preventDefault()
        const target = canTakeFocus(opener.current)
          ? opener.current
          : document.querySelector<HTMLElement>('main')
        target?.focus()
        opener.current = null
      },
    }),
    [],
  )
}
