import { RadioGroup } from 'radix-ui'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

export interface SegmentedOption<T extends string> {
  value: T
  label: string
  icon?: LucideIcon
}

export interface SegmentedProps<T extends string> {
  label: string
  value: T
  options: readonly SegmentedOption<T>[]
  onChange: (value: T) => void
  testIdPrefix?: string
  describedBy?: string
}

/** A radio group styled as a segmented control: arrow keys move, Space chooses. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  testIdPrefix,
  describedBy,
}: SegmentedProps<T>) {
  return (
    <RadioGroup.Root
      className="segmented"
      aria-label={label}
      aria-describedby={describedBy}
      value={value}
      onValueChange={(next) => onChange(next as T)}
      orientation="horizontal"
    >
      {options.map(({ value: optionValue, label: optionLabel, icon: Icon }) => (
        <RadioGroup.Item
          key={optionValue}
          value={optionValue}
          className="segmented__item text-button"
          data-testid={testIdPrefix ? `${testIdPrefix}-${optionValue}` : undefined}
        >
          {Icon ? <Icon size={16} aria-hidden="true" /> : null}
          <span>{optionLabel}</span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}

/**
 * A segmented control under a field's label. Screen readers hear the label once, as the group's
 * name (`name`, when the visible label is short for it); `children` follow the control (a hint).
 */
export function SegmentedField<T extends string>({
  label,
  name = label,
  className = 'field',
  children,
  ...control
}: Omit<SegmentedProps<T>, 'label'> & {
  label: string
  name?: string
  className?: string
  children?: ReactNode
}) {
  return (
    <div className={className}>
      <span className="field__label" aria-hidden="true">
        {label}
      </span>
      <Segmented label={name} {...control} />
      {children}
    </div>
  )
}
