import { useEffect, useMemo, useState } from 'react'
import type { LocationChoice } from '../../../shared/ipc/contracts/targeting'
import { Combobox, type ComboboxOption } from '../../components/Combobox'
import { studio, unwrap } from '../../lib/ipc'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { FieldAlert } from '../../components/Field'

/** A place chosen from the look-up: its targeting value and the name to show. */
export interface ChosenLocation {
  targetingValue: string
  name: string
}

const LOOKUP_PAUSE_MS = 250
const TYPE_WORDS: Record<string, string> = {
  COUNTRIES: 'country',
  REGIONS: 'region',
  METROS: 'metro area',
  CITIES: 'city',
  POSTAL_CODES: 'postal code',
}

function optionOf(place: LocationChoice): ComboboxOption {
  const where = [TYPE_WORDS[place.locationType] ?? place.locationType, place.countryCode]
  return {
    value: place.targetingValue,
    label: place.name,
    detail: where.filter(Boolean).join(' · '),
  }
}

/**
 * A searchable place picker backed by the platform's locations look-up (targeting.locations):
 * what it gives is a targeting value, which keyword insights and audience estimates take.
 * `countriesOnly` keeps to country-level places (keyword insights cover a single country).
 */
export function LocationPicker({
  profileId,
  label,
  value,
  onChange,
  countriesOnly = false,
  invalid,
  emptyLabel,
  'data-testid': testId,
}: {
  profileId: string
  label: string
  value: ChosenLocation | undefined
  onChange(location: ChosenLocation | undefined): void
  countriesOnly?: boolean
  invalid?: boolean
  /** Offered first, to choose no place at all; left out when a place is required. */
  emptyLabel?: string
  'data-testid'?: string
}) {
  const [typed, setTyped] = useState<string | null>(null)
  const [query] = useDebouncedValue(typed, LOOKUP_PAUSE_MS)
  const [found, setFound] = useState<LocationChoice[]>([])
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (query === null) return
    let current = true
    unwrap(
      studio().targeting.locations({
        profileId,
        query: query.trim(),
        ...(countriesOnly ? { locationType: 'COUNTRIES' as const } : {}),
      }),
    )
      .then((answer) => {
        if (!current) return
        setFound(answer.locations)
        setProblem(null)
      })
      .catch((error: unknown) => {
        if (current) setProblem(error instanceof Error ? error.message : 'The look-up did not answer')
      })
    return () => {
      current = false
    }
  }, [profileId, query, countriesOnly])

  const options = useMemo(() => {
    const listed = found.map(optionOf)
    const chosen =
      value && !listed.some((option) => option.value === value.targetingValue)
        ? [{ value: value.targetingValue, label: value.name }]
        : []
    const none = emptyLabel !== undefined ? [{ value: '', label: emptyLabel }] : []
    return [...none, ...chosen, ...listed]
  }, [found, value, emptyLabel])

  return (
    <div className="field">
      <Combobox
        label={label}
        value={value?.targetingValue ?? ''}
        options={options}
        // The look-up already matched the text; only the local "none" entry is filtered here.
        search={(all, text) => (text.trim() === '' ? all : all.filter((option) => option.value !== ''))}
        onQueryChange={setTyped}
        onChange={(targetingValue) => {
          const option = options.find((o) => o.value === targetingValue)
          onChange(option && targetingValue ? { targetingValue, name: option.label } : undefined)
        }}
        placeholder={countriesOnly ? 'Search countries, e.g. Germany' : 'Search places, e.g. London'}
        listLabel={countriesOnly ? 'Countries' : 'Places'}
        noMatch={(text) =>
          typed !== query ? 'Looking up…' : `No ${countriesOnly ? 'country' : 'place'} matches “${text}”.`
        }
        invalid={invalid}
        data-testid={testId}
      />
      <FieldAlert message={problem} />
    </div>
  )
}
