import { useVirtualizer } from '@tanstack/react-virtual'
import { Check, Minus, PencilLine } from 'lucide-react'
import { Checkbox } from 'radix-ui'
import { useEffect, useRef } from 'react'
import type { LineItemView } from '../../../shared/ipc/contracts/campaign'
import { formatMicros } from '../../../shared/rules/money'
import { isPaused, lineItemName, objectiveLabel } from './lineItemForm'
import { IconButton } from '../../components/IconButton'

const ROW_HEIGHT = 60
/** The columns after the checkbox: numbers align right, the edit button's header is for screen readers. */
const COLUMNS: readonly { label: string; kind?: 'number' | 'action' }[] = [
  { label: 'Line item' },
  { label: 'Objective' },
  { label: 'Status' },
  { label: 'Budget', kind: 'number' },
  { label: 'Bid', kind: 'number' },
  { label: 'Edit', kind: 'action' },
]
/** Rows shown before the list scrolls inside itself. */
const VISIBLE_ROWS = 9

function StatusBadge({ item }: { item: LineItemView }) {
  const status = item.values.entity_status
  if (status === 'ACTIVE') return <span className="badge badge--success">Active</span>
  if (status === 'PAUSED') return <span className="badge badge--neutral">Paused</span>
  return <span className="badge badge--neutral">{status ?? 'Unknown'}</span>
}

function money(micros: string | null | undefined, currency: string | undefined): string | null {
  return micros ? formatMicros(micros, currency) : null
}

function SelectBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean | 'indeterminate'
  onChange(checked: boolean): void
  label: string
}) {
  return (
    <Checkbox.Root
      className="checkbox"
      checked={checked}
      onCheckedChange={(value) => onChange(value === true)}
      aria-label={label}
    >
      <Checkbox.Indicator>
        {checked === 'indeterminate' ? (
          <Minus size={12} aria-hidden="true" />
        ) : (
          <Check size={12} aria-hidden="true" />
        )}
      </Checkbox.Indicator>
    </Checkbox.Root>
  )
}

/**
 * The line items as a table that renders only the rows in view (an account can have thousands),
 * with a checkbox per row for bulk pause, activate and delete.
 */
export function LineItemsTable({
  items,
  selected,
  onSelect,
  onOpen,
  onEnd,
}: {
  items: readonly LineItemView[]
  selected: ReadonlySet<string>
  onSelect(ids: readonly string[], selected: boolean): void
  onOpen(item: LineItemView): void
  /** The last rows came into view: time to load the next page. */
  onEnd(): void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 900, height: ROW_HEIGHT * VISIBLE_ROWS },
  })
  const rows = virtualizer.getVirtualItems()
  const last = rows.at(-1)?.index
  useEffect(() => {
    if (last !== undefined && last >= items.length - 3) onEnd()
  }, [last, items.length, onEnd])

  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id))
  const someSelected = items.some((item) => selected.has(item.id))
  return (
    <div className="li-table" role="table" aria-label="Line items" aria-rowcount={items.length + 1}>
      <div role="rowgroup">
        <div className="li-row li-row--head" role="row" aria-rowindex={1}>
          <span role="columnheader" className="li-cell li-cell--check">
            <SelectBox
              checked={allSelected ? true : someSelected ? 'indeterminate' : false}
              onChange={(value) =>
                onSelect(
                  items.map((item) => item.id),
                  value,
                )
              }
              label="Select all line items"
            />
          </span>
          {COLUMNS.map(({ label, kind }) => (
            <span key={label} role="columnheader" className={kind ? `li-cell li-cell--${kind}` : 'li-cell'}>
              {kind === 'action' ? <span className="visually-hidden">{label}</span> : label}
            </span>
          ))}
        </div>
      </div>
      <div
        ref={scroller}
        className="li-table__body"
        role="rowgroup"
        style={{ height: Math.min(items.length, VISIBLE_ROWS) * ROW_HEIGHT }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {rows.map((row) => {
            const item = items[row.index] as LineItemView
            const name = lineItemName(item)
            const total = money(item.values.total_budget_amount_local_micro, item.currency)
            const daily = money(item.values.daily_budget_amount_local_micro, item.currency)
            const bid = money(item.values.bid_amount_local_micro, item.currency)
            const strategy = item.values.bid_strategy
            return (
              <div
                key={item.id}
                role="row"
                aria-rowindex={row.index + 2}
                aria-selected={selected.has(item.id)}
                className="li-row"
                data-testid="line-item-row"
                data-paused={isPaused(item) || undefined}
                style={{ transform: `translateY(${row.start}px)`, height: ROW_HEIGHT }}
              >
                <span role="cell" className="li-cell li-cell--check">
                  <SelectBox
                    checked={selected.has(item.id)}
                    onChange={(value) => onSelect([item.id], value)}
                    label={`Select ${name}`}
                  />
                </span>
                <span role="cell" className="li-cell li-cell--name">
                  <button type="button" className="truncate li-name" onClick={() => onOpen(item)}>
                    {name}
                  </button>
                  <span className="li-sub">
                    {item.campaignName ?? (item.campaignId ? `Campaign ${item.campaignId}` : '')}
                  </span>
                </span>
                <span role="cell" className="li-cell">
                  {objectiveLabel(item.objective)}
                  {item.placements.includes('PUBLISHER_NETWORK') ? (
                    <span className="li-sub">Publisher network</span>
                  ) : null}
                </span>
                <span role="cell" className="li-cell">
                  <StatusBadge item={item} />
                </span>
                <span role="cell" className="li-cell li-cell--number">
                  {total ?? <span className="li-sub">No total</span>}
                  {daily ? <span className="li-sub">{daily} a day</span> : null}
                </span>
                <span role="cell" className="li-cell li-cell--number">
                  {strategy === 'AUTO' || !strategy ? (
                    <span className="li-sub">Automatic</span>
                  ) : (
                    (bid ?? '—')
                  )}
                  {strategy && strategy !== 'AUTO' ? (
                    <span className="li-sub">{strategy === 'MAX' ? 'Maximum' : 'Target'}</span>
                  ) : null}
                </span>
                <span role="cell" className="li-cell li-cell--action">
                  <IconButton
                    icon={PencilLine}
                    label={`Edit ${name}`}
                    title="Edit"
                    onClick={() => onOpen(item)}
                  />
                </span>
              </div>
            )
          })}
        </div>
      </div>
    </div>
  )
}
