import { PRODUCT_FIELD_LABELS, type ProductField } from '../../../shared/catalog/product'
import type { IssueView } from '../../../shared/ipc/contracts/catalogs'

/** How many rows with problems a list shows; the rest wait until the file or the first ones are fixed. */
export const ROWS_SHOWN = 50

/** What the rules or the platform said about one row, each on its field. */
export function RowIssues({ issues }: { issues: readonly IssueView[] }) {
  return (
    <ul className="row-report__issues">
      {issues.map((issue, index) => (
        <li key={index} className={issue.severity === 'error' ? 'field__error' : 'field__warning'}>
          {issue.field ? (
            <strong>{PRODUCT_FIELD_LABELS[issue.field as ProductField] ?? issue.field}: </strong>
          ) : null}
          {issue.message}
        </li>
      ))}
    </ul>
  )
}
