import type { Dispatch, SetStateAction } from 'react'
import { IDENTIFIER_LABELS, type IdentifierType } from '../../../shared/audiences/identifiers'
import { formatNumber } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DataTable } from '../../components/DataTable'
import { Select } from '../../components/Select'
import { Field } from '../../components/Field'
import type { Opened, StepErrors } from './uploadSteps'

const NONE = 'none'

/** Step 1: what each column holds (one column per identifier type), with masked samples. */
export function UploadMapping({
  opened,
  mapping,
  onMappingChange,
  countryCode,
  onCountryCodeChange,
  busy,
  errors: { errorOn, generalError, clearError },
  onBack,
  onCheck,
}: {
  opened: Opened
  mapping: Record<number, IdentifierType>
  onMappingChange: Dispatch<SetStateAction<Record<number, IdentifierType>>>
  countryCode: string
  onCountryCodeChange(code: string): void
  busy: boolean
  errors: StepErrors
  onBack(): void
  onCheck(): void
}) {
  const options = [
    { value: NONE, label: 'Not sent' },
    ...opened.allowedTypes.map((type) => ({ value: type, label: IDENTIFIER_LABELS[type] })),
  ]
  const mapsPhone = Object.values(mapping).includes('phone_number')
  return (
    <div className="stack" data-testid="upload-mapping">
      <h3 className="audiences__step-title">1. What each column holds</h3>
      <p className="muted">
        {opened.fileName} · {formatNumber(Math.round(opened.sizeBytes / 1024))} KB ·{' '}
        {opened.hasHeader ? 'first line is a header' : 'no header line'}. Samples are masked.
      </p>
      <DataTable columns={['Column', 'Samples', 'Holds']} variant="form">
        {opened.columns.map((column) => (
          <tr key={column.index}>
            <th scope="row">{column.name}</th>
            <td className="audiences__samples">{column.samples.join(', ') || '—'}</td>
            <td>
              <Select
                aria-label={`What “${column.name}” holds`}
                value={mapping[column.index] ?? NONE}
                options={options}
                onChange={(value) =>
                  onMappingChange((current) => {
                    const next = { ...current }
                    for (const [key, type] of Object.entries(next))
                      if (type === value) delete next[Number(key)]
                    if (value === NONE) delete next[column.index]
                    else next[column.index] = value as IdentifierType
                    return next
                  })
                }
                data-testid={`map-${column.index}`}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      {mapsPhone ? (
        <Field
          label="Country calling code (optional)"
          hint="Added to numbers written without “+” or “00”: 44 for the United Kingdom, 1 for the United States."
          className="audiences__short"
          inputMode="numeric"
          value={countryCode}
          placeholder="44"
          error={errorOn('defaultCountryCode')}
          onChange={(event) => {
            onCountryCodeChange(event.target.value.replace(/\D/g, '').slice(0, 3))
            if (errorOn('defaultCountryCode')) clearError()
          }}
        />
      ) : null}
      {generalError(...(mapsPhone ? ['defaultCountryCode'] : [])) ? (
        <Banner tone="error">{generalError(...(mapsPhone ? ['defaultCountryCode'] : []))}</Banner>
      ) : null}
      <div className="audiences__actions">
        <Button onClick={onBack}>Back</Button>
        <Button
          variant="primary"
          busy={busy}
          disabled={Object.keys(mapping).length === 0}
          onClick={onCheck}
          data-testid="upload-check"
        >
          Check the list
        </Button>
      </div>
    </div>
  )
}
