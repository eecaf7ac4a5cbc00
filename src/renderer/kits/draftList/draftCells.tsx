import { CircleAlert, CircleCheck } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import type { DraftKind, DraftStatus } from '../../../shared/drafts/envelope'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { plural } from '../../../shared/rules/issues'
import { fullDateTime, KIND_LABELS, relativeTime, STATUS_LABELS } from '../../state/drafts/draftListModel'

/** The drafts table's cells, shared by its rows and its column sizer so that both measure the same. */

// One clock for every "5 minutes ago" on screen: only those cells re-render when it ticks,
// never the rows or the table.
export const clock = (() => {
  const listeners = new Set<() => void>()
  let now = Date.now()
  let timer: ReturnType<typeof setInterval> | undefined
  return {
    subscribe(listener: () => void) {
      listeners.add(listener)
      if (!timer) {
        now = Date.now()
        timer = setInterval(() => {
          now = Date.now()
          for (const notify of listeners) notify()
        }, 30_000)
      }
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0 && timer) {
          clearInterval(timer)
          timer = undefined
        }
      }
    },
    now: () => now,
  }
})()

export function RelativeTime({ iso }: { iso: string }) {
  const now = useSyncExternalStore(clock.subscribe, clock.now)
  return (
    <time dateTime={iso} title={fullDateTime(iso)}>
      {relativeTime(iso, new Date(now))}
    </time>
  )
}

// Built once and shared by every row: lucide builds an icon's SVG children on each render.
const PROBLEMS_ICON = <CircleAlert size={12} aria-hidden="true" />
const READY_ICON = <CircleCheck size={12} aria-hidden="true" />

/**
 * The error count decides the badge. Warnings (local files still to upload, slide-count
 * advice) are shown in the editor; here they only add a tooltip.
 */
export function Validity({ draft }: { draft: DraftSummaryWithIssues }) {
  if (draft.errorCount > 0) return <ProblemsBadge count={draft.errorCount} />
  return (
    <ReadyBadge
      title={draft.warningCount > 0 ? `${plural(draft.warningCount, 'note')} in the editor` : undefined}
    />
  )
}

// The cells' contents, shared by the rows and the column sizer so that both measure the same.
export function KindChip({ kind }: { kind: DraftKind }) {
  return (
    <span className="kind-chip" data-kind={kind}>
      {KIND_LABELS[kind]}
    </span>
  )
}

export function StatusLabel({ status }: { status: DraftStatus }) {
  return <span className={`status status--${status}`}>{STATUS_LABELS[status]}</span>
}

export function ProblemsBadge({ count }: { count: number }) {
  return (
    <span className="badge badge--danger">
      {PROBLEMS_ICON} {plural(count, 'problem')}
    </span>
  )
}

export function ReadyBadge({ title }: { title?: string | undefined }) {
  return (
    <span className="badge badge--success" title={title}>
      {READY_ICON} Ready
    </span>
  )
}
