import { Download, X } from 'lucide-react'
import { useState } from 'react'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf } from '../../lib/failures'
import type { EditorTarget } from './ProductEditor'
import { RowReportItem } from './RowReportItem'
import { ROWS_SHOWN } from './RowIssues'
import { useUnsentRows, type UnsentRows } from './unsentRows'

const rowsWord = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`

/**
 * The rows an import left out because they break a rule: listed with their problems until the
 * designer dismisses them, each to fix and send on its own, or all exported to fix in the file.
 */
export function UnsentRowsCard({
  profileId,
  unsent,
  onEdit,
}: {
  profileId: string
  unsent: UnsentRows
  onEdit(target: EditorTarget): void
}) {
  const [exported, setExported] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const exportRows = async () => {
    setExporting(true)
    try {
      const result = await unwrap(studio().catalog.importExportUnsent({ importId: unsent.importId }))
      setProblem(null)
      if (result.saved) setExported(`${rowsWord(result.rows)} written to ${result.fileName ?? 'the file'}.`)
    } catch (error) {
      setProblem(failureOf(error).message)
    } finally {
      setExporting(false)
    }
  }
  return (
    <section
      className="nested-card stack stack--tight"
      aria-labelledby="unsent-title"
      data-testid="unsent-rows"
    >
      <div className="row row--spread">
        <h3 id="unsent-title" className="subsection-title">
          {rowsWord(unsent.count)} of {unsent.fileName} not sent
        </h3>
        <span className="badge badge--danger">{unsent.count.toLocaleString('en-US')} not sent</span>
      </div>
      <p className="muted">
        They break a rule, so they stayed on this computer. Fix each one here and send it, or export them to
        fix in the file and import it again.
      </p>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {exported ? <Banner tone="success">{exported}</Banner> : null}
      {unsent.rows.length > 0 ? (
        <ul className="row-reports stack stack--snug plain-list" aria-label="Rows not sent">
          {unsent.rows.slice(0, ROWS_SHOWN).map((row) => (
            <RowReportItem
              key={row.row}
              profileId={profileId}
              row={row}
              onEdit={onEdit}
              testId={`unsent-${row.row}`}
            />
          ))}
        </ul>
      ) : null}
      {unsent.count > Math.min(unsent.rows.length, ROWS_SHOWN) ? (
        <p className="muted">
          The first {Math.min(unsent.rows.length, ROWS_SHOWN)} are listed; the export has all of them.
        </p>
      ) : null}
      <div className="actions">
        <Button onClick={() => void exportRows()} busy={exporting} data-testid="unsent-export">
          <Download size={16} aria-hidden="true" />
          Export {rowsWord(unsent.count)} as CSV…
        </Button>
        <Button
          variant="ghost"
          onClick={() => useUnsentRows.getState().dismiss(profileId)}
          data-testid="unsent-dismiss"
        >
          <X size={16} aria-hidden="true" />
          Dismiss
        </Button>
      </div>
    </section>
  )
}
