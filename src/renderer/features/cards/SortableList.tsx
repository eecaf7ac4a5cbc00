import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS as DndCss } from '@dnd-kit/utilities'
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react'
import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

/** The move buttons of an item, up then down. */
const MOVES = [
  { direction: 'up', by: -1, Icon: ArrowUp, title: 'Move up (Alt+↑)' },
  { direction: 'down', by: 1, Icon: ArrowDown, title: 'Move down (Alt+↓)' },
] as const

export interface ReorderControls {
  /** The drag handle: pointer drag, or Space/Enter to pick up, arrows to move, Space to drop. */
  handle: ReactNode
  /** Visible "Move up" / "Move down" buttons: the obvious keyboard path. */
  moveButtons: ReactNode
}

interface SortableListProps<T extends { id: string }> {
  items: readonly T[]
  /** "slide 2", "the DETAILS component": used in button names and announcements. */
  describe(item: T, index: number): string
  onMove(from: number, to: number): void
  renderItem(item: T, index: number, controls: ReorderControls): ReactNode
  className?: string
  label: string
  /**
   * Whether the move buttons are Tab stops. Lists whose items hold several controls take them
   * out of the Tab order (they stay clickable); Alt+↑/↓ moves an item from any control in it.
   */
  moveButtonsTabbable?: boolean
  /**
   * What an item's rendering depends on besides the item, its index and the list's length
   * (compared one by one). Given, an item is rendered again only when one of these changes
   * or the drag state does, so a keystroke in one item does not re-render its siblings; the
   * caller promises renderItem reads nothing else that changes.
   */
  itemDeps?(item: T, index: number): readonly unknown[]
}

// Module constants: options made anew each render would make new sensors, and with them new
// drag listeners for every item, so no item could skip a render.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } }
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates }

/** Puts focus back on the control the designer used once the moved item is re-rendered in its new place. */
function refocus(id: string, action: 'up' | 'down') {
  requestAnimationFrame(() => {
    const item = document.querySelector(`[data-sortable-id="${id}"]`)
    const wanted = item?.querySelector<HTMLButtonElement>(`:scope [data-move="${action}"]:not(:disabled)`)
    const fallback = item?.querySelector<HTMLButtonElement>(':scope [data-move]:not(:disabled)')
    ;(wanted ?? fallback)?.focus()
  })
}

/**
 * A vertical list reorderable by drag and drop (@dnd-kit, pointer and keyboard sensors) and
 * by explicit move buttons. Item ids are the content's client ids.
 */
export function SortableList<T extends { id: string }>({
  items,
  describe,
  onMove,
  renderItem,
  className,
  label,
  moveButtonsTabbable = true,
  itemDeps,
}: SortableListProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  )
  const ids = useSameIds(items.map((item) => item.id))
  const nameOf = (id: string | number) => {
    const index = ids.indexOf(String(id))
    const item = items[index]
    return item ? describe(item, index) : 'the item'
  }
  const positionOf = (id: string | number | undefined) => ids.indexOf(String(id)) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }

  // One handler for every item, reading the list as it is now: items skip renders (see
  // SortableItem), so a handler made in an earlier render must not act on an old list.
  const latest = useRef({ items, onMove })
  latest.current = { items, onMove }
  const [onItemKeyDown] = useState(() => (id: string, event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
    const { items: now, onMove: move } = latest.current
    const index = now.findIndex((item) => item.id === id)
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1
    event.preventDefault()
    if (index < 0 || to < 0 || to >= now.length) return
    // The same control keeps focus as the item moves (React moves its DOM node).
    const focused = document.activeElement as HTMLElement | null
    move(index, to)
    requestAnimationFrame(() => focused?.focus())
  })

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)))
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder, press Space or Enter to pick up, use the arrow keys to move, and press Space to drop.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          className={['sortable-list stack stack--tight plain-list', className].filter(Boolean).join(' ')}
          aria-label={label}
        >
          {items.map((item, index) => (
            <SortableItem
              key={item.id}
              id={item.id}
              deps={
                itemDeps
                  ? [item, index, items.length, moveButtonsTabbable, ...itemDeps(item, index)]
                  : undefined
              }
              onKeyDown={onItemKeyDown}
            >
              {(attributes, listeners) =>
                renderItem(item, index, {
                  handle: (
                    <button
                      type="button"
                      className="icon-button drag-handle"
                      aria-label={`Reorder ${describe(item, index)}`}
                      {...attributes}
                      {...listeners}
                    >
                      <GripVertical size={16} aria-hidden="true" />
                    </button>
                  ),
                  moveButtons: (
                    <>
                      {MOVES.map(({ direction, by, Icon, title }) => (
                        <button
                          key={direction}
                          type="button"
                          className="icon-button"
                          data-move={direction}
                          aria-label={`Move ${describe(item, index)} ${direction}`}
                          title={title}
                          tabIndex={moveButtonsTabbable ? undefined : -1}
                          disabled={index + by < 0 || index + by >= items.length}
                          onClick={() => {
                            latest.current.onMove(index, index + by)
                            refocus(item.id, direction)
                          }}
                        >
                          <Icon size={16} aria-hidden="true" />
                        </button>
                      ))}
                    </>
                  ),
                })
              }
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]))

/**
 * The previous array while the ids are the same: a new array per render made dnd-kit's
 * SortableContext a new value on every keystroke, which re-rendered every sortable item of every
 * list on the page (their contents cached, but not their useSortable) and re-sorted their rects.
 */
function useSameIds(ids: string[]): string[] {
  const [current, setCurrent] = useState(ids)
  if (sameValues(current, ids)) return current
  setCurrent(ids)
  return ids
}

interface SortableItemProps {
  id: string
  /** See itemDeps: undefined renders the item on every render of the list. */
  deps: readonly unknown[] | undefined
  children: (attributes: DraggableAttributes, listeners: DraggableSyntheticListeners) => ReactNode
  onKeyDown(id: string, event: KeyboardEvent<HTMLLIElement>): void
}

/**
 * With deps, an item whose deps are unchanged skips its render entirely (its useSortable still
 * renders when the drag state changes, through dnd-kit's contexts): a key typed in one item then
 * costs the list one item, not one useSortable per item. The caller promises `children` reads
 * nothing but the item, its index, the list's length and the deps.
 */
const SortableItem = memo(
  SortableItemView,
  (before: SortableItemProps, after: SortableItemProps) =>
    after.deps !== undefined &&
    before.deps !== undefined &&
    before.id === after.id &&
    before.onKeyDown === after.onKeyDown &&
    sameValues(before.deps, after.deps),
)

function SortableItemView({ id, deps, children, onKeyDown }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id })
  // The same element as last time lets React skip the item's whole subtree.
  const rendered = useRef<{ key: readonly unknown[]; node: ReactNode }>(undefined)
  const key = [attributes, listeners, ...(deps ?? [])]
  if (!deps || !rendered.current || !sameValues(rendered.current.key, key))
    rendered.current = { key, node: children(attributes, listeners) }
  return (
    <li
      ref={setNodeRef}
      className="sortable-item"
      data-sortable-id={id}
      data-dragging={isDragging || undefined}
      onKeyDown={(event) => onKeyDown(id, event)}
      style={{ transform: DndCss.Translate.toString(transform), transition }}
    >
      {rendered.current.node}
    </li>
  )
}
