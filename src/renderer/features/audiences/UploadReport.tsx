import { REJECT_REASON_LABELS, type RejectReason } from '../../../shared/audiences/identifiers'
import type { ListReport } from '../../../shared/ipc/contracts/audiences'
import { formatNumber } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { SegmentedField } from '../../components/Segmented'
import { Field } from '../../components/Field'
import type { StepErrors } from './uploadSteps'

/** Step 2: what the check found, before anything is sent; the change and its end date. */
export function UploadReport({
  report,
  operation,
  onOperationChange,
  expiresAt,
  onExpiresAtChange,
  busy,
  errors: { errorOn, generalError, clearError },
  onBack,
  onSend,
}: {
  report: ListReport
  operation: 'Update' | 'Delete'
  onOperationChange(operation: 'Update' | 'Delete'): void
  expiresAt: string
  onExpiresAtChange(value: string): void
  busy: boolean
  errors: StepErrors
  onBack(): void
  onSend(): void
}) {
  const reasons = Object.entries(report.rejected) as [RejectReason, number][]
  const skipped = Object.entries(report.skippedValues) as [RejectReason, number][]
  const rejectedTotal = reasons.reduce((sum, [, count]) => sum + count, 0)
  return (
    <div className="stack" data-testid="upload-report">
      <h3 className="audiences__step-title">2. Before anything is sent</h3>
      <dl className="audiences__figures">
        <div>
          <dt>Rows read</dt>
          <dd>{formatNumber(report.rowsRead)}</dd>
        </div>
        <div>
          <dt>Rejected</dt>
          <dd>{formatNumber(rejectedTotal)}</dd>
        </div>
        <div>
          <dt>Duplicates removed</dt>
          <dd>{formatNumber(report.duplicatesRemoved)}</dd>
        </div>
        <div>
          <dt>To send, hashed</dt>
          <dd>{formatNumber(report.records)}</dd>
        </div>
      </dl>
      {reasons.length > 0 ? (
        <div>
          <h4 className="audiences__subhead">Rows rejected, by reason (never sent)</h4>
          <ul className="audiences__reasons">
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                {REJECT_REASON_LABELS[reason]}: {formatNumber(count)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {skipped.length > 0 ? (
        <p className="muted">
          In rows that were kept,{' '}
          {skipped
            .map(
              ([reason, count]) => `${formatNumber(count)} × ${REJECT_REASON_LABELS[reason].toLowerCase()}`,
            )
            .join(', ')}
          : those values are left out.
        </p>
      ) : null}
      {report.dedupeCapped ? (
        <Banner tone="info">
          This list is very long: duplicates were removed among the first few million people; any later ones
          are sent and the platform keeps each person once.
        </Banner>
      ) : null}
      <div className="audiences__options">
        <SegmentedField
          label="Change"
          value={operation}
          onChange={onOperationChange}
          testIdPrefix="upload-operation"
          options={[
            { value: 'Update', label: 'Add these people' },
            { value: 'Delete', label: 'Remove these people' },
          ]}
        />
        <Field
          label="Membership ends (optional; default 13 months)"
          type="datetime-local"
          value={expiresAt}
          error={errorOn('expiresAt')}
          onChange={(event) => {
            onExpiresAtChange(event.target.value)
            if (errorOn('expiresAt')) clearError()
          }}
        />
      </div>
      {generalError('expiresAt') ? <Banner tone="error">{generalError('expiresAt')}</Banner> : null}
      <div className="audiences__actions">
        <Button onClick={onBack}>Back</Button>
        <Button
          variant="primary"
          busy={busy}
          disabled={report.records === 0}
          onClick={onSend}
          data-testid="upload-send"
        >
          {operation === 'Delete' ? 'Remove' : 'Send'} {formatNumber(report.records)} hashed{' '}
          {report.records === 1 ? 'row' : 'rows'}
        </Button>
      </div>
    </div>
  )
}
