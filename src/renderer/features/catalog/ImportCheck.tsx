import type { ImportReport } from '../../../shared/ipc/contracts/catalogs'
import { Button } from '../../components/Button'
import { RowReportItem } from './RowReportItem'
import type { EditorTarget } from './ProductEditor'
import { ROWS_SHOWN } from './RowIssues'
import type { ImportImageCheck } from './useImportImages'

const rowsWord = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`

/**
 * The check before sending: how many rows are ready, the rows the rules refuse (each can be fixed
 * and sent on its own), and Send for the valid ones.
 */
export function ImportCheck({
  profileId,
  report,
  images,
  blocked,
  sending,
  onSend,
  onEdit,
}: {
  profileId: string
  /** The rules' report with the rows whose images main found at fault. */
  report: ImportReport
  images: ImportImageCheck
  /** The mapping has an error: nothing can be sent. */
  blocked: boolean
  sending: boolean
  onSend(): void
  onEdit(target: EditorTarget): void
}) {
  return (
    <div className="nested-card" data-testid="import-report">
      <div className="import-report__head row row--spread">
        <h3 className="subsection-title">Check before sending</h3>
        <div className="import-report__counts">
          <span className="badge badge--success">{report.valid.toLocaleString('en-US')} ready</span>
          {report.invalid > 0 ? (
            <span className="badge badge--danger">
              {report.invalid.toLocaleString('en-US')} with problems
            </span>
          ) : null}
          {report.withWarnings > 0 ? (
            <span className="badge badge--neutral">
              {report.withWarnings.toLocaleString('en-US')} with warnings
            </span>
          ) : null}
        </div>
      </div>
      {images.checking ? (
        <p className="muted" role="status" data-testid="import-images-checking">
          Checking the images of {rowsWord(report.valid)}…
        </p>
      ) : null}
      {images.images && images.images.notChecked > 0 ? (
        <p className="field__warning" data-testid="import-images-unchecked">
          {rowsWord(images.images.notChecked)}: {images.images.notCheckedMessage}
        </p>
      ) : null}
      {report.rows.length > 0 ? (
        <ul className="row-reports stack stack--snug plain-list">
          {report.rows.slice(0, ROWS_SHOWN).map((row) => (
            <RowReportItem
              key={row.row}
              profileId={profileId}
              row={row}
              onEdit={onEdit}
              testId={`row-report-${row.row}`}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">Every row follows the rules.</p>
      )}
      {report.rows.length > ROWS_SHOWN || report.truncated ? (
        <p className="muted">
          The first {ROWS_SHOWN} rows with problems are shown; fix the file for the rest.
        </p>
      ) : null}
      <div className="actions import-report__actions">
        <Button
          variant="primary"
          onClick={onSend}
          busy={sending}
          disabled={report.valid === 0 || blocked}
          data-testid="import-send"
        >
          Send {report.valid.toLocaleString('en-US')} {report.valid === 1 ? 'product' : 'products'}
        </Button>
        {report.invalid > 0 ? (
          <span className="muted">
            {report.invalid.toLocaleString('en-US')} with problems will not be sent.
          </span>
        ) : null}
      </div>
    </div>
  )
}
