import { RadioGroup } from 'radix-ui'
import type { LucideIcon } from 'lucide-react'

export interface SegmentedOption<T extends string> {
  value: T
  label: string
  icon?: LucideIcon
}

/** A radio group styled as a segmented control: arrow keys move, Space chooses. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  testIdPrefix,
  describedBy,
}: {
  label: string
  value: T
  options: readonly SegmentedOption<T>[]
  onChange: (value: T) => void
  testIdPrefix?: string
  describedBy?: string
}) {
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
