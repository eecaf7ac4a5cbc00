import type { FeedMapping, validateMapping } from '../../../shared/catalog/feed'
import {
  PRODUCT_FIELDS,
  PRODUCT_FIELD_LABELS,
  REQUIRED_PRODUCT_FIELDS,
  type ProductField,
} from '../../../shared/catalog/product'
import { DataTable } from '../../components/DataTable'
import { Select } from '../../components/Select'

/** A feed main has opened: its columns and first rows, never the file itself. */
export interface OpenedFeed {
  importId: string
  fileName: string
  format: 'csv' | 'json'
  columns: string[]
  preview: string[][]
  rowCount: number
}

const SKIP = '__skip__'
const OPTIONAL_FIELDS = PRODUCT_FIELDS.filter((field) => !REQUIRED_PRODUCT_FIELDS.includes(field))

function MappingRow({
  field,
  columns,
  mapping,
  onChange,
  error,
}: {
  field: ProductField
  columns: string[]
  mapping: FeedMapping
  onChange(next: FeedMapping): void
  error?: string | undefined
}) {
  const labelId = `map-${field}`
  return (
    <div className="mapping-row">
      <span id={labelId} className="mapping-row__field">
        {PRODUCT_FIELD_LABELS[field]}
        {REQUIRED_PRODUCT_FIELDS.includes(field) ? (
          <span className="mapping-row__required"> required</span>
        ) : null}
      </span>
      <Select
        aria-labelledby={labelId}
        value={mapping[field] ?? SKIP}
        onChange={(value) => {
          const next = { ...mapping }
          if (value === SKIP) delete next[field]
          else next[field] = value
          onChange(next)
        }}
        options={[
          { value: SKIP, label: 'Not imported' },
          ...columns.map((column) => ({ value: column, label: column })),
        ]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${labelId}-error` : undefined}
        data-testid={`map-${field}`}
      />
      {error ? (
        <p className="field__error mapping-row__error" id={`${labelId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Which column feeds each product field (required ones first), beside the feed's first rows. */
export function FeedColumns({
  feed,
  mapping,
  onChange,
  issues,
}: {
  feed: OpenedFeed
  mapping: FeedMapping
  onChange(next: FeedMapping): void
  issues: ReturnType<typeof validateMapping>
}) {
  const row = (field: ProductField) => (
    <MappingRow
      key={field}
      field={field}
      columns={feed.columns}
      mapping={mapping}
      onChange={onChange}
      error={issues.find((issue) => issue.path[0] === field)?.message}
    />
  )
  return (
    <div className="import-grid">
      <div className="nested-card">
        <h3 className="subsection-title">Columns</h3>
        <div className="mapping stack stack--snug">{REQUIRED_PRODUCT_FIELDS.map(row)}</div>
        <details className="mapping-more">
          <summary>
            Optional fields ({OPTIONAL_FIELDS.filter((field) => mapping[field]).length} mapped)
          </summary>
          <div className="mapping stack stack--snug">{OPTIONAL_FIELDS.map(row)}</div>
        </details>
      </div>

      <div className="nested-card import-preview">
        <h3 className="subsection-title" id="import-preview-title">
          Preview
        </h3>
        {/* Focusable so a keyboard user can scroll a wide feed sideways. */}
        <div
          className="import-preview__scroll"
          tabIndex={0}
          role="region"
          aria-labelledby="import-preview-title"
        >
          <DataTable columns={feed.columns} variant="preview">
            {feed.preview.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, at) => (
                  <td key={at} title={cell}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
        </div>
      </div>
    </div>
  )
}
