import { useId } from 'react'
import { Select, type SelectOption } from '../../components/Select'

/** A compact labelled select for list toolbars. */
export function FilterSelect<T extends string>({
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
