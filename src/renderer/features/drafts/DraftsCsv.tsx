import { CircleHelp, FileSpreadsheet, FileUp } from 'lucide-react'
import { Dialog, Popover } from 'radix-ui'
import { useEffect, useState } from 'react'
import { CSV_COLUMNS, CSV_RULES } from '../../../shared/drafts/csvFormat'
import type { CsvImportRow } from '../../../shared/ipc/contracts/draftsCsv'
import { formatNumber } from '../../../shared/rules/issues'
import { Button } from '../../components/Button'
import { ReportDialog } from '../../components/ReportDialog'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import type { ListNotice } from '../../kits/draftList/DraftsList'
import './draftsCsv.css'
import { DialogActions } from '../../components/DialogActions'

interface Report {
  token: string
  fileName: string
  rows: CsvImportRow[]
  counts: { changed: number; unchanged: number; refused: number }
}

/** The report lists this many rows at most; the counts cover them all. */
const ROWS_SHOWN = 300

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`

/** The columns and rules, by the buttons: what the designer needs to edit the file by hand. */
function CsvHelp() {
  return (
    <Popover.Root>
      <Popover.Trigger className="button button--ghost" aria-label="How the drafts CSV works">
        <CircleHelp size={16} aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover-surface csv-help"
          align="end"
          sideOffset={6}
          aria-label="Drafts CSV"
          // Long enough to scroll on a small window: focusable, so the keyboard can scroll it too.
          tabIndex={0}
        >
          <h2 className="csv-help__title">Drafts as CSV</h2>
          <ul className="csv-help__rules">
            {CSV_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <dl className="csv-help__columns">
            {CSV_COLUMNS.map((column) => (
              <div key={column.name}>
                <dt className="code">{column.name}</dt>
                <dd>{column.help}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

function ReportRow({ row }: { row: CsvImportRow }) {
  return (
    <li className="report-row" data-outcome={row.outcome}>
      <span className="csv-report__line">Row {row.line}</span>
      <span className="report-row__name">{row.name ?? row.id ?? 'No draft'}</span>
      {row.outcome === 'changed' ? (
        <span className="muted">Changes {row.fields.join(', ')}</span>
      ) : (
        <ul className="csv-report__reasons">
          {row.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

/**
 * Export CSV (the drafts the list shows) and Import CSV (a report of what each row would change
 * or why it is refused, then "Apply N changes"). Main reads and writes the files.
 */
export function DraftsCsv({
  shownIds,
  selectedCount = 0,
  onNotice,
  onProblem,
}: {
  /** The selected drafts when there are any, else the drafts the list shows. */
  shownIds(): string[]
  /** How many drafts are selected: Export CSV exports those. */
  selectedCount?: number
  onNotice(notice: ListNotice): void
  /** A problem with the whole file or the export, for the page to show; null clears it. */
  onProblem(problem: string | null): void
}) {
  const [report, setReport] = useState<Report | null>(null)
  const action = useAction<'export' | 'import' | 'apply', string>(messageOf)
  useEffect(() => onProblem(report ? null : action.problem), [onProblem, report, action.problem])

  const exportCsv = () =>
    action.run('export', async () => {
      onNotice(null)
      const ids = shownIds()
      if (ids.length === 0) throw new Error('No drafts match the filters: there is nothing to export.')
      const result = await unwrap(studio().draftsCsv.export({ ids }))
      if (result.fileName)
        onNotice({
          tone: 'success',
          text: `${plural(result.exported, 'draft', 'drafts')} exported as ${result.fileName}.`,
        })
    })
  const importCsv = () =>
    action.run('import', async () => {
      onNotice(null)
      const result = await unwrap(studio().draftsCsv.preview({}))
      if (result.chosen) setReport(result)
    })
  const apply = (open: Report) =>
    action.run('apply', async () => {
      const result = await unwrap(studio().draftsCsv.apply({ token: open.token }))
      setReport(null)
      const skipped = result.skipped.map((row) => `Row ${row.line}: ${row.reason}`).join(' ')
      onNotice({
        tone: result.skipped.length > 0 ? 'info' : 'success',
        text: `${plural(result.applied, 'draft', 'drafts')} changed from ${open.fileName}.${skipped ? ` Not changed: ${skipped}` : ''}`,
      })
    })

  const listed = report?.rows ?? []
  return (
    <>
      <Button onClick={() => void exportCsv()} busy={action.busy === 'export'} data-testid="csv-export">
        <FileSpreadsheet size={16} aria-hidden="true" />
        {selectedCount > 0 ? `Export ${formatNumber(selectedCount)} as CSV` : 'Export CSV'}
      </Button>
      <Button onClick={() => void importCsv()} busy={action.busy === 'import'} data-testid="csv-import">
        <FileUp size={16} aria-hidden="true" />
        Import CSV…
      </Button>
      <CsvHelp />
      {report ? (
        <ReportDialog
          title={`Import ${report.fileName}`}
          className="csv-report"
          testId="csv-report"
          problem={action.problem}
          onClose={() => setReport(null)}
          actions={
            <DialogActions>
              <Button
                variant="primary"
                disabled={report.counts.changed === 0}
                busy={action.busy === 'apply'}
                onClick={() => void apply(report)}
                data-testid="csv-apply"
              >
                Apply {plural(report.counts.changed, 'change', 'changes')}
              </Button>
            </DialogActions>
          }
        >
          <Dialog.Description className="dialog__description">
            {plural(report.counts.changed, 'draft changes', 'drafts change')},{' '}
            {plural(report.counts.unchanged, 'row is', 'rows are')} unchanged,{' '}
            {plural(report.counts.refused, 'row is', 'rows are')} refused. Nothing changes until you apply.
          </Dialog.Description>
          {listed.length > 0 ? (
            <ul className="boxed-list report-rows" aria-label="Rows that change or are refused">
              {listed.slice(0, ROWS_SHOWN).map((row) => (
                <ReportRow key={row.line} row={row} />
              ))}
            </ul>
          ) : null}
          {listed.length > ROWS_SHOWN ? (
            <p className="muted">and {plural(listed.length - ROWS_SHOWN, 'more row', 'more rows')}.</p>
          ) : null}
        </ReportDialog>
      ) : null}
    </>
  )
}
