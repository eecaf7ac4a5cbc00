import { IMPORT_REPORT_PAGE_ROWS } from '../../../shared/catalog/feed'
import type { ImportCheckAnswer } from '../../../shared/ipc/contracts/catalogs'
import { Button } from '../../components/Button'
import { RowReportItem } from './RowReportItem'
import type { EditorTarget } from './ProductEditor'
import type { ImportImageCheck } from './useImportImages'
import type { CheckProgress } from './useImportReport'

const rowsWord = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`

/** While main checks the rows: how far it got (the report replaces this when it comes). */
export function ImportChecking({ progress }: { progress: CheckProgress }) {
  const known = progress.total > 0
  const label = known
    ? `Checking rows: ${progress.checked.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`
    : 'Checking the rows…'
  return (
    <div className="import-checking" data-testid="import-checking">
      <span className="muted">{label}</span>
      <progress
        className="import-checking__bar"
        aria-label="Checking the rows"
        // Never indeterminate: its animation would run while the designer works (rule P4).
        max={known ? progress.total : 1}
        value={known ? progress.checked : 0}
      />
    </div>
  )
}

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
  pagesRead,
  readingMore,
  onReadMore,
}: {
  profileId: string
  /** The counts, and the rows of the pages read so far, with those whose images main found at fault. */
  report: ImportCheckAnswer
  images: ImportImageCheck
  /** The mapping has an error: nothing can be sent. */
  blocked: boolean
  sending: boolean
  onSend(): void
  onEdit(target: EditorTarget): void
  pagesRead: number
  readingMore: boolean
  onReadMore(): void
}) {
  const morePages = pagesRead < report.pages
  return (
    <div className="nested-card" data-testid="import-report">
      <div className="import-report__head row row--spread">
        <h3 className="subsection-title">Check before sending</h3>
        <div className="cluster import-report__counts">
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
          {report.rows.map((row) => (
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
      {morePages ? (
        <div>
          <Button
            variant="secondary"
            onClick={onReadMore}
            busy={readingMore}
            data-testid="import-report-more"
          >
            Show up to {IMPORT_REPORT_PAGE_ROWS} more rows with problems
          </Button>
        </div>
      ) : report.truncated ? (
        <p className="muted">
          The first {report.rows.length.toLocaleString('en-US')} rows with problems are listed; fix the file
          for the rest.
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
