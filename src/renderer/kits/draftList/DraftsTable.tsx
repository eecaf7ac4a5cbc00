import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { Copy, Download, FileText, MoreHorizontal, Trash2 } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { DraftKind } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { hashFor } from '../../nav/routes'
import { MenuContent } from '../../components/Menu'
import { useAfterFirstPaint } from '../../lib/afterFirstPaint'
import { afterNextPaint } from '../../lib/afterNextPaint'
import { observeViewport, scrollParentOf, viewportGuess } from '../../lib/useVirtualRows'
import { ListThumb } from '../media/ListThumb'
import { ReviewMark } from '../review/ReviewMark'
import { DraftChangeChip } from '../changes/ChangeStateChip'
import {
  type ColumnContents,
  EDITOR_ROUTES,
  KIND_LABELS,
  relativeTimeExtremes,
} from '../../state/drafts/draftListModel'
import { clock, KindChip, ProblemsBadge, ReadyBadge, RelativeTime, StatusLabel, Validity } from './draftCells'
import {
  onRowClick,
  onRowMouseDown,
  SelectAllCell,
  SelectCell,
  useSelectionKeys,
  type SelectionHandlers,
} from './selectionCells'

export type RowAction = 'open' | 'duplicate' | 'export' | 'remove'

/** What a row measures with the design tokens (re-measured from the first row drawn). */
const ESTIMATED_ROW_HEIGHT = 49
const OVERSCAN_ROWS = 8

/**
 * The drafts as a table whose body holds only the rows in view (plus a few): 50,000 drafts cost
 * the DOM of about thirty rows. Spacer rows above and below keep the scroll height true.
 */
export const DraftsTable = memo(function DraftsTable({
  rows,
  contents,
  kind,
  onAction,
  onRowsPainted,
  selected,
  selection,
}: {
  rows: readonly DraftSummaryWithIssues[]
  /** What each column holds across the whole list, `rows` being what is left of it after search. */
  contents: ColumnContents
  /** The list is fixed to one kind: no kind column. */
  kind?: DraftKind | undefined
  onAction(action: RowAction, draft: DraftSummaryWithIssues): void
  /** Called once the first rows drawn have been painted. */
  onRowsPainted?: () => void
  /** The selected drafts' ids, with `selection`: the rows get checkboxes (multi-select). */
  selected?: ReadonlySet<string>
  selection?: SelectionHandlers | undefined
}) {
  const tableRef = useRef<HTMLTableElement>(null)
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const [scroller, setScroller] = useState<HTMLElement | null>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_HEIGHT)

  useLayoutEffect(() => setScroller(scrollParentOf(tableRef.current)), [])

  // Every row is as tall as the first (no per-row measuring), so the virtualizer keys its
  // positions by index, its default: a search that changes the rows then costs it one pass over
  // the count, not a new key per draft.
  const estimateSize = useCallback(() => rowHeight, [rowHeight])
  // The app's first frame draws the rows on screen only (a third fewer to build and lay out
  // while the app starts); the ones beyond follow once it is up.
  const firstFrameUp = useAfterFirstPaint()
  const virtualizer: Virtualizer<HTMLElement, Element> = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize,
    overscan: firstFrameUp ? OVERSCAN_ROWS : 0,
    scrollMargin,
    observeElementRect: observeViewport,
    initialRect: viewportGuess(),
  })

  // Where the body starts within the scrolling area, and how tall a row really is. Both change
  // only when something above the table changes size, so they are read after layout, not kept in sync.
  useLayoutEffect(() => {
    const body = bodyRef.current
    if (!body || !scroller) return
    const measure = () => {
      const top = body.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
      setScrollMargin((current) => (Math.abs(current - top) >= 1 ? top : current))
      const row = body.querySelector<HTMLElement>('tr[data-index]')
      const height = row?.getBoundingClientRect().height ?? 0
      if (height > 0) setRowHeight((current) => (Math.abs(current - height) >= 0.5 ? height : current))
    }
    measure()
    const parent = tableRef.current?.parentElement
    if (!parent || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(parent)
    return () => observer.disconnect()
  }, [scroller])

  // The positions depend on the row height, which the virtualizer does not watch: lay them out
  // again when it changes (not on mount, where they were just computed with it).
  const laidOutWith = useRef(rowHeight)
  useLayoutEffect(() => {
    if (laidOutWith.current === rowHeight) return
    laidOutWith.current = rowHeight
    virtualizer.measure()
  }, [virtualizer, rowHeight])

  const items = virtualizer.getVirtualItems()
  const hasRows = items.length > 0
  // From the commit that drew rows, after the frame that paints them.
  useLayoutEffect(() => {
    if (hasRows && onRowsPainted) return afterNextPaint(onRowsPainted)
  }, [hasRows, onRowsPainted])
  const first = items[0]
  const last = items.at(-1)
  const before = first ? first.start - scrollMargin : 0
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0
  const columns = (kind ? 5 : 6) + (selection ? 1 : 0)
  const onKeyDown = useSelectionKeys(rows, selection, virtualizer, tableRef)

  return (
    <table
      className="drafts-table surface surface--raised"
      ref={tableRef}
      aria-rowcount={rows.length + 1}
      onKeyDown={selection ? onKeyDown : undefined}
    >
      <caption className="visually-hidden">
        {kind ? `${KIND_LABELS[kind]} drafts` : 'Drafts'}, {rows.length} shown
      </caption>
      <thead>
        <tr aria-rowindex={1}>
          {selection ? (
            <SelectAllCell shown={rows.length} selected={selected?.size ?? 0} handlers={selection} />
          ) : null}
          <th scope="col">Name</th>
          {kind ? null : (
            <th scope="col" className="drafts-table__col-kind">
              Kind
            </th>
          )}
          <th scope="col" className="drafts-table__col-status">
            Status
          </th>
          <th scope="col" className="drafts-table__col-checks">
            Checks
          </th>
          <th scope="col" className="drafts-table__col-changed">
            Last changed
          </th>
          <th scope="col" className="drafts-table__col-actions">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        <ColumnSizer contents={contents} showKind={!kind} showSelect={selection !== undefined} />
        {before > 0 ? <Spacer height={before} columns={columns} /> : null}
        {/* Rows are keyed by their place, not by draft (rule P8, bench/PERFORMANCE.md): a search
            key that changes which drafts are in view updates the rows on screen in place instead
            of building new ones. What belongs to one draft follows the draft inside the row: the
            menu is open only for the draft it was opened on, and ListThumb settles afresh for each
            new picture. */}
        {items.map((item) => (
          <DraftRow
            key={item.index}
            index={item.index}
            draft={rows[item.index]!}
            showKind={!kind}
            onAction={onAction}
            selected={selection ? (selected?.has(rows[item.index]!.id) ?? false) : undefined}
            selection={selection}
          />
        ))}
        {after > 0 ? <Spacer height={after} columns={columns} /> : null}
      </tbody>
    </table>
  )
})

const MORE_ICON = <MoreHorizontal size={16} aria-hidden="true" />

/**
 * A row the table lays out but never shows (`visibility: collapse`), holding the widest text each
 * column gets anywhere in the list: its kinds and statuses, its most problems, the "Last changed"
 * texts its oldest and newest change span. Where the table sizes its columns to their content
 * (narrow windows), it sizes them to this rather than to the rows in view, so they stay still as
 * the list scrolls or is searched, and the name takes what is left.
 */
const ColumnSizer = memo(function ColumnSizer({
  contents,
  showKind,
  showSelect,
}: {
  contents: ColumnContents
  showKind: boolean
  showSelect: boolean
}) {
  const now = useSyncExternalStore(clock.subscribe, clock.now)
  const { newest, oldest } = contents
  const times = useMemo(
    () => (newest && oldest ? relativeTimeExtremes(newest, oldest, new Date(now)) : []),
    [newest, oldest, now],
  )
  return (
    <tr className="drafts-table__sizer" aria-hidden="true">
      {showSelect ? <td /> : null}
      <td />
      {showKind ? (
        <td>
          {contents.kinds.map((kind) => (
            <div key={kind}>
              <KindChip kind={kind} />
            </div>
          ))}
        </td>
      ) : null}
      <td>
        {contents.statuses.map((status) => (
          <div key={status}>
            <StatusLabel status={status} />
          </div>
        ))}
      </td>
      <td>
        {contents.mostProblems > 0 ? (
          <div>
            <ProblemsBadge count={contents.mostProblems} />
          </div>
        ) : null}
        {contents.anyReady ? (
          <div>
            <ReadyBadge />
          </div>
        ) : null}
      </td>
      <td className="muted drafts-table__changed">
        {times.map((text) => (
          <div key={text}>{text}</div>
        ))}
      </td>
      <td />
    </tr>
  )
})

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="drafts-table__spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  )
}

const DraftRow = memo(function DraftRow({
  index,
  draft,
  showKind,
  onAction,
  selected,
  selection,
}: {
  index: number
  draft: DraftSummaryWithIssues
  showKind: boolean
  onAction(action: RowAction, draft: DraftSummaryWithIssues): void
  /** Undefined: the list has no selection. */
  selected: boolean | undefined
  selection: SelectionHandlers | undefined
}) {
  const route = EDITOR_ROUTES[draft.kind]
  const [menuOpenFor, setMenuOpenFor] = useState<string | null>(null)
  return (
    <tr
      data-draft-id={draft.id}
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={selected}
      onClick={selection ? onRowClick(selection, draft.id) : undefined}
      onMouseDown={selection ? onRowMouseDown : undefined}
    >
      {selection ? (
        <SelectCell id={draft.id} name={draft.name} selected={selected === true} handlers={selection} />
      ) : null}
      <th scope="row" className="drafts-table__name">
        <span className="drafts-table__title">
          {/* Only rows in view are drawn, so only they ask for a thumbnail. Not keyed by the
              draft: the thumbnail follows the row's new draft itself (ListThumb). */}
          <ListThumb media={draft.cover} kind={draft.kind} />
          {route ? (
            <a href={hashFor(route, draft.id)} className="draft-link">
              {draft.name}
            </a>
          ) : (
            <span className="drafts-table__plain-name">{draft.name}</span>
          )}
          <ReviewMark draftId={draft.id} />
          <DraftChangeChip draftId={draft.id} />
        </span>
      </th>
      {showKind ? (
        <td>
          <KindChip kind={draft.kind} />
        </td>
      ) : null}
      <td>
        <StatusLabel status={draft.status} />
      </td>
      <td>
        <Validity draft={draft} />
      </td>
      <td className="muted drafts-table__changed">
        <RelativeTime iso={draft.updatedAt} />
      </td>
      <td className="drafts-table__actions">
        {/* Radix mounts the menu's content only while it is open. The row is reused for
            other drafts as the list scrolls or is searched, and the menu with it; it is open
            only for the draft it was opened on, so it closes if another draft moves in and
            never acts on that one. */}
        <DropdownMenu.Root
          open={menuOpenFor === draft.id}
          onOpenChange={(open) => setMenuOpenFor(open ? draft.id : null)}
        >
          <DropdownMenu.Trigger className="icon-button" aria-label={`Actions for ${draft.name}`}>
            {MORE_ICON}
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <MenuContent align="end">
              {route ? (
                <DropdownMenu.Item className="menu__item" onSelect={() => onAction('open', draft)}>
                  <FileText size={16} aria-hidden="true" className="menu__icon" /> Open
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Item className="menu__item" onSelect={() => onAction('duplicate', draft)}>
                <Copy size={16} aria-hidden="true" className="menu__icon" /> Duplicate
              </DropdownMenu.Item>
              <DropdownMenu.Item className="menu__item" onSelect={() => onAction('export', draft)}>
                <Download size={16} aria-hidden="true" className="menu__icon" /> Export as .json…
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="menu__separator" />
              <DropdownMenu.Item
                className="menu__item menu__item--danger"
                onSelect={() => onAction('remove', draft)}
              >
                <Trash2 size={16} aria-hidden="true" className="menu__icon" /> Move to trash
              </DropdownMenu.Item>
            </MenuContent>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </td>
    </tr>
  )
})
