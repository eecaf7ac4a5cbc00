import { RotateCcw } from 'lucide-react'
import type { ProductCounts, ProductRow } from '../../../shared/ipc/contracts/catalogs'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ProgressBar } from '../../components/ProgressBar'
import type { ImportProgress } from './useImportJob'
import { ProductThumb } from './ProductThumb'
import { RowIssues } from './RowIssues'

/**
 * An import on its way: the batches the platform has answered, the counts, and each product it
 * refused, to fix and re-send (only those are sent again).
 */
export function ImportStatus({
  profileId,
  job,
  counts,
  refused,
  unsentCount,
  resending,
  onResend,
  onFix,
}: {
  profileId: string
  job: ImportProgress
  counts: ProductCounts | null
  refused: readonly ProductRow[]
  /** Rows of the file the rules kept back: the import is not all on the platform while any are. */
  unsentCount: number
  resending: boolean
  onResend(): void
  onFix(id: string): void
}) {
  const fixedCount = counts?.fixed ?? 0
  const refusedCount = counts?.refused ?? 0
  return (
    <div className="nested-card" data-testid="import-status">
      <ProgressBar
        value={job.answered}
        max={job.total}
        label={job.running ? 'Sending in batches of 25' : 'Batches answered'}
        testId="import-progress"
      />
      {counts ? (
        <div className="cluster import-report__counts">
          <span className="badge badge--success">{counts.sent.toLocaleString('en-US')} on the platform</span>
          {counts.pending > 0 ? (
            <span className="badge badge--neutral">{counts.pending.toLocaleString('en-US')} waiting</span>
          ) : null}
          {refusedCount > 0 ? (
            <span className="badge badge--danger">{refusedCount.toLocaleString('en-US')} refused</span>
          ) : null}
          {fixedCount > 0 ? (
            <span className="badge badge--accent">
              {fixedCount.toLocaleString('en-US')} fixed, not re-sent
            </span>
          ) : null}
        </div>
      ) : null}
      {job.state === 'waiting_network' || job.state === 'rate_limited' ? (
        <p className="muted">
          {job.state === 'rate_limited'
            ? 'The platform asked to slow down; sending resumes by itself.'
            : 'Offline: sending resumes when the connection is back.'}
        </p>
      ) : null}
      {job.state === 'needs_connection' ? (
        <Banner tone="error">Your access was revoked: authorize again and sending resumes.</Banner>
      ) : null}
      {refused.length > 0 ? (
        <ul className="row-reports stack stack--snug plain-list" aria-label="Refused products">
          {refused.map((row) => (
            <li
              key={row.id}
              className="row-report"
              data-severity={row.status === 'fixed' ? 'fixed' : 'error'}
              data-testid={`refused-${row.id}`}
            >
              <ProductThumb profileId={profileId} url={row.imageLink} />
              <div className="row-report__title">
                <span className="row-report__id">{row.id}</span>
                <span className="muted truncate row-report__name">{row.title}</span>
                {row.status === 'fixed' ? <span className="badge badge--accent">Fixed</span> : null}
              </div>
              {row.status === 'refused' ? <RowIssues issues={row.messages} /> : null}
              <Button
                variant="ghost"
                className="row-report__fix"
                onClick={() => onFix(row.id)}
                data-testid={`fix-${row.id}`}
              >
                {row.status === 'fixed' ? 'Edit again' : 'Fix'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {!job.running && (refusedCount > 0 || fixedCount > 0) ? (
        <div className="actions">
          <Button
            variant="primary"
            onClick={onResend}
            busy={resending}
            disabled={fixedCount === 0}
            data-testid="import-resend"
          >
            <RotateCcw size={16} aria-hidden="true" />
            Re-send {fixedCount > 0 ? `${fixedCount} fixed` : 'fixed'}{' '}
            {fixedCount === 1 ? 'product' : 'products'}
          </Button>
          {refusedCount > 0 ? (
            <span className="muted">Fix each refused product first; only those are sent again.</span>
          ) : null}
        </div>
      ) : null}
      {!job.running && refusedCount === 0 && fixedCount === 0 && job.state === 'done' ? (
        unsentCount > 0 ? (
          <Banner tone="info">
            Every product sent is on the platform. {unsentCount.toLocaleString('en-US')} of the file’s rows
            were not sent: they are listed below.
          </Banner>
        ) : (
          <Banner tone="success">Every product sent with this import is on the platform.</Banner>
        )
      ) : null}
    </div>
  )
}
