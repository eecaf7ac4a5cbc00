import { countChanges, usePendingChanges } from '../state/changes/changesStore'

/**
 * The sidebar's count of the account's pending edits of published items: conflicts first (they
 * wait for the designer), then changes waiting to be posted. Read out in words.
 */
export function ChangesCount() {
  const { changes } = usePendingChanges()
  const { conflicts, pending } = countChanges(changes)
  const total = conflicts + pending
  if (total === 0) return null
  const words = [
    conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'}` : '',
    pending > 0 ? `${pending} pending ${pending === 1 ? 'change' : 'changes'}` : '',
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <span
      className={`badge ${conflicts > 0 ? 'badge--danger' : 'badge--accent'} nav-link__count`}
      data-testid="changes-count"
      title={words}
    >
      <span aria-hidden="true">{total}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  )
}
