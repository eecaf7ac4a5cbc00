import { Plus, RefreshCw, Trash2 } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import {
  FILTER_ATTRIBUTE_LABELS,
  FILTER_OPERATOR_LABELS,
  isNumericAttribute,
  operatorsFor,
  validateFilters,
  type ProductFilter,
} from '../../../shared/catalog/filters'
import type { ProductRow, ProductSetView } from '../../../shared/ipc/contracts/catalogs'
import { LIMITS } from '../../../shared/rules/limits'
import { Button } from '../../components/Button'
import { Segmented } from '../../components/Segmented'
import { Select } from '../../components/Select'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { FailureBanner } from '../../kits/connection/FailureBanner'

const ATTRIBUTES = LIMITS.productSet.filterAttributes.values
const PICK_SHOWN = 40
const PROCESSING_WORDS: Record<string, string> = {
  DONE: 'Ready',
  PROCESSING: 'Processing…',
  FAILED: 'Failed on the platform',
}

function SetCard({ set, onRefresh }: { set: ProductSetView; onRefresh(): void }) {
  const tone =
    set.status === 'failed' || set.processingStatus === 'FAILED'
      ? 'badge--danger'
      : set.status === 'pending' || set.processingStatus === 'PROCESSING'
        ? 'badge--neutral'
        : 'badge--success'
  const status =
    set.status === 'failed'
      ? 'Not created'
      : set.status === 'pending'
        ? 'Waiting in the outbox'
        : (PROCESSING_WORDS[set.processingStatus ?? ''] ?? 'Created')
  return (
    <li className="card-surface set-card" data-testid={`set-${set.name}`}>
      <div className="set-card__head">
        <div>
          <h3 className="set-card__name">{set.name}</h3>
          <p className="muted set-card__meta">
            {set.type === 'MANUAL' ? 'Picked products' : 'Filtered'} ·{' '}
            {set.productIds.length.toLocaleString('en-US')}{' '}
            {set.productIds.length === 1 ? 'product' : 'products'}
          </p>
        </div>
        <span className={`badge ${tone}`}>{status}</span>
      </div>
      {set.filters.length > 0 ? (
        <ul className="plain-list cluster set-card__filters">
          {set.filters.map((filter, index) => (
            <li key={index} className="filter-chip">
              {FILTER_ATTRIBUTE_LABELS[filter.attribute] ?? filter.attribute}{' '}
              <span className="muted">
                {FILTER_OPERATOR_LABELS[filter.operator as keyof typeof FILTER_OPERATOR_LABELS] ??
                  filter.operator}
              </span>{' '}
              “{filter.value}”
            </li>
          ))}
        </ul>
      ) : null}
      {set.error ? <p className="field__error">{set.error}</p> : null}
      {set.id ? (
        <Button variant="ghost" onClick={onRefresh} aria-label={`Check on the platform: ${set.name}`}>
          <RefreshCw size={14} aria-hidden="true" />
          Check on the platform
        </Button>
      ) : null}
    </li>
  )
}

function FilterRow({
  filter,
  index,
  onChange,
  onRemove,
  messages,
}: {
  filter: ProductFilter
  index: number
  onChange(next: ProductFilter): void
  onRemove(): void
  messages: { field: string; message: string }[]
}) {
  const operators = operatorsFor(filter.attribute)
  const at = (field: string) => messages.find((message) => message.field === field)?.message
  // The row's one message names what is wrong with the comparison or the value.
  const errorId = useId()
  const describedBy = at('operator') || at('value') ? errorId : undefined
  return (
    <div className="filter-row" data-testid={`filter-${index}`}>
      <Select
        aria-label={`Filter ${index + 1} attribute`}
        value={filter.attribute || null}
        placeholder="Attribute"
        onChange={(attribute) => {
          const fits = operatorsFor(attribute)
          onChange({
            ...filter,
            attribute,
            operator: fits.includes(filter.operator as never) ? filter.operator : (fits[0] ?? ''),
          })
        }}
        options={ATTRIBUTES.map((attribute) => ({
          value: attribute,
          label: FILTER_ATTRIBUTE_LABELS[attribute] ?? attribute,
        }))}
        data-testid={`filter-${index}-attribute`}
      />
      <Select
        aria-label={`Filter ${index + 1} comparison`}
        value={filter.operator || null}
        placeholder="Comparison"
        disabled={!filter.attribute}
        onChange={(operator) => onChange({ ...filter, operator })}
        options={operators.map((operator) => ({ value: operator, label: FILTER_OPERATOR_LABELS[operator] }))}
        aria-invalid={at('operator') ? true : undefined}
        aria-describedby={describedBy}
        data-testid={`filter-${index}-operator`}
      />
      <input
        className="input"
        aria-label={`Filter ${index + 1} value`}
        placeholder={
          isNumericAttribute(filter.attribute) ? (filter.attribute === 'inventory' ? '10' : '20 USD') : 'Text'
        }
        value={filter.value}
        aria-invalid={at('value') ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange({ ...filter, value: event.target.value })}
        data-testid={`filter-${index}-value`}
      />
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove filter ${index + 1}`}
        onClick={onRemove}
      >
        <Trash2 size={16} aria-hidden="true" />
      </button>
      {at('operator') || at('value') ? (
        <p className="field__error filter-row__error" id={errorId}>
          {at('operator') ?? at('value')}
        </p>
      ) : null}
    </div>
  )
}

/** Product sets: those made here, and a form to make a MANUAL (picked) or FILTERED one. */
export function ProductSets({
  profileId,
  sets,
  hasCatalog,
  onChanged,
}: {
  profileId: string
  sets: ProductSetView[]
  hasCatalog: boolean
  onChanged(): void
}) {
  const [type, setType] = useState<'FILTERED' | 'MANUAL'>('FILTERED')
  const [name, setName] = useState('')
  const [filters, setFilters] = useState<ProductFilter[]>([
    { attribute: 'price', operator: 'LESS_THAN', value: '' },
  ])
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [search, setSearch] = useState('')
  const [candidates, setCandidates] = useState<ProductRow[]>([])
  const [preview, setPreview] = useState<{ total: number; sample: ProductRow[] } | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [saving, setSaving] = useState(false)

  const issues = useMemo(() => validateFilters(filters), [filters])
  const messagesOf = (index: number) =>
    issues
      .filter((issue) => issue.path[1] === index)
      .map((issue) => ({ field: String(issue.path[2]), message: issue.message }))
  const filtersValid = !issues.some((issue) => issue.severity === 'error')

  // Which local products the filters select, before anything is saved.
  useEffect(() => {
    if (type !== 'FILTERED' || !filtersValid) {
      setPreview(null)
      return
    }
    let stale = false
    const timer = setTimeout(() => {
      void unwrap(studio().catalog.previewSet({ profileId, filters }))
        .then((result) => !stale && setPreview(result))
        .catch(() => undefined)
    }, 150)
    return () => {
      stale = true
      clearTimeout(timer)
    }
  }, [type, filters, filtersValid, profileId])

  useEffect(() => {
    if (type !== 'MANUAL') return
    let stale = false
    void unwrap(
      studio().catalog.products({
        profileId,
        offset: 0,
        limit: PICK_SHOWN,
        ...(search.trim() ? { q: search.trim() } : {}),
      }),
    )
      .then((result) => !stale && setCandidates(result.rows.filter((row) => row.status !== 'deleting')))
      .catch(() => undefined)
    return () => {
      stale = true
    }
  }, [type, search, profileId])

  const create = async () => {
    setSaving(true)
    setFailure(null)
    try {
      await unwrap(
        studio().catalog.createSet({
          profileId,
          name,
          type,
          ...(type === 'MANUAL' ? { productIds: [...picked] } : { filters }),
        }),
      )
      setName('')
      setPicked(new Set())
      onChanged()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setSaving(false)
    }
  }

  const refresh = async (localId: string) => {
    try {
      await unwrap(studio().catalog.refreshSet({ profileId, localId }))
      onChanged()
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

  const canCreate = hasCatalog && name.trim() !== '' && (type === 'MANUAL' ? picked.size > 0 : filtersValid)

  return (
    <div className="sets-layout">
      <section className="nested-card set-builder" aria-labelledby="set-builder-title">
        <h2 id="set-builder-title" className="section-title">
          New product set
        </h2>
        <Field
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={failure?.field === 'name' ? failure.message : undefined}
          data-testid="set-name"
        />
        <Segmented
          label="Kind of set"
          value={type}
          onChange={setType}
          options={[
            { value: 'FILTERED', label: 'Filtered' },
            { value: 'MANUAL', label: 'Picked products' },
          ]}
          testIdPrefix="set-type"
        />
        {type === 'FILTERED' ? (
          <div className="stack stack--tight">
            <p className="muted">
              Products that pass every filter belong to the set, now and as the catalog changes.
            </p>
            {filters.map((filter, index) => (
              <FilterRow
                key={index}
                index={index}
                filter={filter}
                messages={messagesOf(index).filter(
                  (message) => message.field !== 'value' || filter.value.trim() !== '',
                )}
                onChange={(next) => setFilters(filters.map((current, at) => (at === index ? next : current)))}
                onRemove={() => setFilters(filters.filter((_, at) => at !== index))}
              />
            ))}
            <div>
              <Button
                variant="ghost"
                onClick={() => setFilters([...filters, { attribute: '', operator: '', value: '' }])}
                data-testid="add-filter"
              >
                <Plus size={16} aria-hidden="true" />
                Add a filter
              </Button>
            </div>
            <div className="set-preview" aria-live="polite" data-testid="set-preview">
              {preview ? (
                <>
                  <p>
                    <strong>{preview.total.toLocaleString('en-US')}</strong> of your products match
                  </p>
                  {preview.sample.length > 0 ? (
                    <ul className="set-preview__list">
                      {preview.sample.slice(0, 8).map((row) => (
                        <li key={row.id}>
                          <span className="set-preview__id">{row.id}</span> {row.title}{' '}
                          <span className="muted">{row.price}</span>
                        </li>
                      ))}
                      {preview.total > 8 ? (
                        <li className="muted">and {(preview.total - 8).toLocaleString('en-US')} more</li>
                      ) : null}
                    </ul>
                  ) : null}
                </>
              ) : (
                <p className="muted">Complete the filters to see which products match.</p>
              )}
            </div>
          </div>
        ) : (
          <div className="stack stack--tight">
            <input
              className="input"
              type="search"
              aria-label="Find products to pick"
              placeholder="Find products by title or ID"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <ul className="pick-list" aria-label="Products">
              {candidates.map((row) => (
                <li key={row.id}>
                  <label className="checkbox-row">
                    <input
                      type="checkbox"
                      className="checkbox"
                      checked={picked.has(row.id)}
                      onChange={() => {
                        const next = new Set(picked)
                        if (next.has(row.id)) next.delete(row.id)
                        else next.add(row.id)
                        setPicked(next)
                      }}
                    />
                    <span>
                      {row.title} <span className="muted">{row.id}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <p className="muted">{picked.size.toLocaleString('en-US')} picked</p>
          </div>
        )}
        <FailureBanner failure={failure && failure.field !== 'name' ? failure : null} />
        <div className="actions">
          <Button
            variant="primary"
            disabled={!canCreate}
            busy={saving}
            onClick={() => void create()}
            data-testid="set-create"
          >
            Create set
          </Button>
          {!hasCatalog ? <span className="muted">Create the catalog first.</span> : null}
        </div>
      </section>
      <section aria-labelledby="sets-title">
        <h2 id="sets-title" className="section-title">
          Sets made here
        </h2>
        {sets.length === 0 ? (
          <p className="muted">No product sets yet.</p>
        ) : (
          <ul className="set-list">
            {sets.map((set) => (
              <SetCard key={set.localId} set={set} onRefresh={() => void refresh(set.localId)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
