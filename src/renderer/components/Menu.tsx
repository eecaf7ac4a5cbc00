import { DropdownMenu } from 'radix-ui'
import { useCallback, type ComponentProps, type ReactNode, type Ref } from 'react'
import { inertOutsideRef } from '../lib/inertOutside'

function assign<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

/**
 * The open list of a DropdownMenu (inside its Portal), in the app's menu look, beside its
 * trigger. While it is open the rest of the window is inert as well as hidden from screen
 * readers (Radix hides it), so nothing behind the menu can take focus.
 */
export function MenuContent({ className, ref, ...content }: ComponentProps<typeof DropdownMenu.Content>) {
  // The Portal's Presence hands its own ref down; both must reach the element.
  const layerRef = useCallback(
    (node: HTMLDivElement | null) => {
      assign(ref, node)
      const undo = inertOutsideRef(node)
      return () => {
        undo?.()
        assign(ref, null)
      }
    },
    [ref],
  )
  return (
    <DropdownMenu.Content
      {...content}
      ref={layerRef}
      className={['menu', className].filter(Boolean).join(' ')}
      sideOffset={content.sideOffset ?? 4}
    />
  )
}

/** A menu item's words: its label, and under it a hint when there is one. */
export function MenuText({ label, hint }: { label: ReactNode; hint?: ReactNode }) {
  return (
    <span className="menu__text">
      <span className="menu__label">{label}</span>
      {hint ? <span className="menu__hint">{hint}</span> : null}
    </span>
  )
}
