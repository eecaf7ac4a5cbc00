import { memo, useId } from 'react'
import { Select, type SelectOption } from '../../components/Select'

/** A compact labelled select for list toolbars. */
function FilterSelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly SelectOption<T>[]
  onChange(value: T): void
}) {
  const id = useId()
  return (
    <div className="filter">
      <span className="filter__label" id={id}>
        {label}
      </span>
      <Select
        className="filter__trigger"
        aria-labelledby={id}
        value={value}
        options={options}
        onChange={onChange}
      />
    </div>
  )
}

/** Memoised: give it stable options and onChange. */
export const FilterSelect = memo(FilterSelectField) as typeof FilterSelectField
