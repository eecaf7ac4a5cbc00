import { Checkbox } from 'radix-ui'
import { Check } from 'lucide-react'
import type { ReactNode } from 'react'

/** A checkbox and its label side by side; clicking the label ticks the box. */
export function CheckboxRow({
  id,
  label,
  checked,
  onChange,
  className,
  disabled,
  describedBy,
  testId,
  iconSize = 14,
}: {
  id: string
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  className?: string
  disabled?: boolean
  describedBy?: string
  testId?: string
  iconSize?: number
}) {
  return (
    <div className={className ? `checkbox-row ${className}` : 'checkbox-row'}>
      <Checkbox.Root
        id={id}
        className="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        onCheckedChange={(next) => onChange(next === true)}
        data-testid={testId}
      >
        <Checkbox.Indicator>
          <Check size={iconSize} aria-hidden="true" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  )
}
