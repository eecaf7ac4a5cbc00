import { COUNTRIES } from '../../shared/rules/countries'
import { Combobox, type ComboboxOption } from './Combobox'

const OPTIONS: readonly ComboboxOption[] = COUNTRIES.map((country) => ({
  value: country.code,
  label: country.name,
  detail: country.code,
}))

/** Countries by name or code; an exact code typed in goes first, so "US" then Enter picks the United States. */
function searchCountries(options: readonly ComboboxOption[], query: string): readonly ComboboxOption[] {
  const needle = query.trim().toLocaleLowerCase()
  if (needle === '') return options
  const found = options.filter(
    (option) =>
      option.value.toLocaleLowerCase() === needle || option.label.toLocaleLowerCase().includes(needle),
  )
  const exact = found.findIndex((option) => option.value.toLocaleLowerCase() === needle)
  return exact > 0 ? [found[exact]!, ...found.filter((_, index) => index !== exact)] : found
}

/** A searchable country picker. */
export function CountryPicker({
  value,
  onChange,
  describedBy,
  invalid,
}: {
  value: string
  onChange(code: string): void
  describedBy?: string | undefined
  invalid?: boolean
}) {
  return (
    <Combobox
      label="Country"
      value={value}
      options={OPTIONS}
      onChange={onChange}
      shown={(option) => `${option.label} (${option.value})`}
      search={searchCountries}
      placeholder="Search countries, e.g. Germany or DE"
      listLabel="Countries"
      noMatch={(query) => `No country matches “${query}”.`}
      describedBy={describedBy}
      invalid={invalid}
    />
  )
}
