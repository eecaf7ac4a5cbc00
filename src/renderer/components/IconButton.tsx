import type { LucideIcon } from 'lucide-react'
import type { ButtonHTMLAttributes } from 'react'

/**
 * A button that shows only an icon: its name is said to assistive tech (`label`) and its title
 * shows on hover. The danger tone marks a remove or delete.
 */
export function IconButton({
  icon: Icon,
  label,
  tone,
  className,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  icon: LucideIcon
  label: string
  title: string
  tone?: 'danger'
}) {
  return (
    <button
      type="button"
      {...rest}
      className={['icon-button', tone ? `icon-button--${tone}` : null, className].filter(Boolean).join(' ')}
      aria-label={label}
    >
      <Icon size={16} aria-hidden="true" />
    </button>
  )
}
