import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react'
import { LoaderCircle } from 'lucide-react'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

/**
 * The app's button. While `busy` (its action runs) it stays focusable and says it is unavailable
 * (aria-disabled) instead of being disabled: a disabled button loses keyboard focus to the page
 * body, and the designer who pressed it would have to find their place again. Presses while busy
 * do nothing, a form's submit included. `aria-disabled` alone, for the same reason, marks a button
 * that has nothing to do right now but keeps focus (Save once saved); its press still reaches its
 * handler, which may say why nothing happens.
 */
export function Button({
  variant = 'secondary',
  busy = false,
  children,
  className,
  disabled,
  onClick,
  'aria-disabled': unavailable,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  busy?: boolean
  ref?: Ref<HTMLButtonElement>
}) {
  const waiting = busy && !disabled
  return (
    <button
      type="button"
      {...rest}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-disabled={waiting || unavailable || undefined}
      aria-busy={busy || undefined}
      onClick={waiting ? ignorePress : onClick}
    >
      {busy ? <LoaderCircle className="spin" size={16} aria-hidden="true" /> : null}
      {children}
    </button>
  )
}

function ignorePress(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault()
}
