import type { RowReport } from '../../../shared/ipc/contracts/catalogs'
import { Button } from '../../components/Button'
import type { EditorTarget } from './ProductEditor'
import { ProductThumb } from './ProductThumb'
import { RowIssues } from './RowIssues'

/** One row of a feed with what the rules said about it, and a way to fix it and send it on its own. */
export function RowReportItem({
  profileId,
  row,
  onEdit,
  testId,
}: {
  profileId: string
  row: RowReport
  onEdit(target: EditorTarget): void
  testId: string
}) {
  const hasError = row.issues.some((issue) => issue.severity === 'error')
  return (
    <li className="row-report" data-severity={hasError ? 'error' : 'warning'} data-testid={testId}>
      <ProductThumb profileId={profileId} url={row.product.image_link} />
      <div className="row-report__title">
        <span className="row-report__row">Row {row.row}</span>
        <span className="row-report__id">{row.id ?? 'no ID'}</span>
        {row.title ? <span className="muted truncate row-report__name">{row.title}</span> : null}
      </div>
      <RowIssues issues={row.issues} />
      {hasError && row.id ? (
        <Button
          variant="ghost"
          className="row-report__fix"
          onClick={() => onEdit({ product: row.product, isNew: true })}
        >
          Fix and send
        </Button>
      ) : null}
    </li>
  )
}
