import { FileUp, RotateCcw } from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { validateMapping, type FeedMapping } from '../../../shared/catalog/feed'
import {
  PRODUCT_FIELDS,
  PRODUCT_FIELD_LABELS,
  REQUIRED_PRODUCT_FIELDS,
  type ProductField,
} from '../../../shared/catalog/product'
import type { ImportReport, ProductCounts, ProductRow } from '../../../shared/ipc/contracts/catalogs'
import type { OutboxState } from '../../../shared/ipc/contracts/outbox'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DataTable } from '../../components/DataTable'
import { ProgressBar } from '../../components/ProgressBar'
import { Select } from '../../components/Select'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { FailureBanner } from '../../kits/connection/FailureBanner'
import { ACTIVE_STATES } from '../../kits/jobs/outboxModel'
import { followJob, type JobFollower } from '../../kits/jobs/followJob'
import type { EditorTarget } from './ProductEditor'

interface OpenedFeed {
  importId: string
  fileName: string
  format: 'csv' | 'json'
  columns: string[]
  preview: string[][]
  rowCount: number
}

const SKIP = '__skip__'
const ROWS_SHOWN = 50
const OPTIONAL_FIELDS = PRODUCT_FIELDS.filter((field) => !REQUIRED_PRODUCT_FIELDS.includes(field))

function MappingRow({
  field,
  columns,
  mapping,
  onChange,
  error,
}: {
  field: ProductField
  columns: string[]
  mapping: FeedMapping
  onChange(next: FeedMapping): void
  error?: string | undefined
}) {
  const labelId = `map-${field}`
  return (
    <div className="mapping-row">
      <span id={labelId} className="mapping-row__field">
        {PRODUCT_FIELD_LABELS[field]}
        {REQUIRED_PRODUCT_FIELDS.includes(field) ? (
          <span className="mapping-row__required"> required</span>
        ) : null}
      </span>
      <Select
        aria-labelledby={labelId}
        value={mapping[field] ?? SKIP}
        onChange={(value) => {
          const next = { ...mapping }
          if (value === SKIP) delete next[field]
          else next[field] = value
          onChange(next)
        }}
        options={[
          { value: SKIP, label: 'Not imported' },
          ...columns.map((column) => ({ value: column, label: column })),
        ]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${labelId}-error` : undefined}
        data-testid={`map-${field}`}
      />
      {error ? (
        <p className="field__error mapping-row__error" id={`${labelId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** What the panel shows of the import's outbox job: a few numbers, not its hundreds of steps. */
interface JobProgress {
  state: OutboxState
  /** Batches in the job, and batches the platform has answered (sent, or refused). */
  total: number
  answered: number
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}

/** Keeps the current value when the new one reads the same, so polling re-renders only on news. */
function unlessSame<T>(next: T): (current: T | null) => T | null {
  return (current) => (sameJson(current, next) ? current : next)
}

/**
 * Import a product feed: choose a file (main reads it), map columns to fields, see a preview
 * and a per-row report, then send the valid rows in batches of 25 through the outbox, with
 * per-item status as the platform answers and a way to fix and re-send only what it refused.
 */
export const ImportPanel = memo(function ImportPanel({
  profileId,
  hasCatalog,
  onEdit,
  onChanged,
  version,
  visible,
}: {
  profileId: string
  hasCatalog: boolean
  onEdit(target: EditorTarget): void
  onChanged(): void
  version: number
  /** Whether the Import tab shows: a hidden panel does not look at its job until shown again. */
  visible: boolean
}) {
  const [feed, setFeed] = useState<OpenedFeed | null>(null)
  const [mapping, setMapping] = useState<FeedMapping>({})
  const [report, setReport] = useState<ImportReport | null>(null)
  const [busy, setBusy] = useState<'open' | 'send' | 'resend' | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [jobId, setJobId] = useState<string | null>(null)
  const [job, setJob] = useState<JobProgress | null>(null)
  const [counts, setCounts] = useState<ProductCounts | null>(null)
  const [refused, setRefused] = useState<ProductRow[]>([])

  const mappingIssues = useMemo(() => (feed ? validateMapping(mapping, feed.columns) : []), [feed, mapping])
  const mappingError = (field: ProductField) =>
    mappingIssues.find((issue) => issue.path[0] === field)?.message

  const open = async () => {
    setBusy('open')
    setFailure(null)
    try {
      const opened = await unwrap(studio().catalog.importOpen({ profileId }))
      if (!opened.picked) return
      setFeed(opened)
      setMapping(opened.mapping)
      setJobId(null)
      setJob(null)
      setReport(null)
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(null)
    }
  }

  // The report follows the mapping: main maps and checks every row with the shared rules.
  useEffect(() => {
    if (!feed) return
    let stale = false
    void unwrap(studio().catalog.importCheck({ importId: feed.importId, mapping }))
      .then((next) => !stale && setReport(next))
      .catch((error: unknown) => !stale && setFailure(failureOf(error)))
    return () => {
      stale = true
    }
  }, [feed, mapping])

  const loadStatus = useCallback(async () => {
    if (!jobId) return
    const [view, rows] = await Promise.all([
      unwrap(studio().outbox.get({ jobId })),
      unwrap(
        studio().catalog.products({ profileId, jobId, status: 'refused', offset: 0, limit: ROWS_SHOWN }),
      ),
    ])
    // The counts are the job's: fixed rows are asked for only when there are some.
    const fixed =
      rows.counts.fixed > 0
        ? await unwrap(
            studio().catalog.products({ profileId, jobId, status: 'fixed', offset: 0, limit: ROWS_SHOWN }),
          )
        : { rows: [] }
    const progress: JobProgress = {
      state: view.job.state,
      total: view.job.steps.length,
      answered: view.job.stepsDone + view.job.steps.filter((step) => step.error).length,
    }
    // Each answer is a new object; state changes only with news, so a poll that finds nothing
    // new renders nothing.
    setJob(unlessSame(progress))
    setCounts(unlessSame(rows.counts))
    const listed = [...rows.rows, ...fixed.rows]
    setRefused((current) => (sameJson(current, listed) ? current : listed))
    return progress
  }, [jobId, profileId])

  // Poll while the job runs (the outbox has no push); tell the page once it has finished.
  const onChangedRef = useRef(onChanged)
  useEffect(() => {
    onChangedRef.current = onChanged
  })
  // The page bumps `version` about once a second while anything is sending; a running poll
  // already follows the job, so only a stopped one looks again (after a re-send, an edit).
  const polling = useRef(false)
  const [pollRound, setPollRound] = useState(0)
  useEffect(() => {
    if (!polling.current) setPollRound((round) => round + 1)
  }, [version])
  const visibleRef = useRef(visible)
  const follower = useRef<JobFollower | null>(null)
  useEffect(() => {
    visibleRef.current = visible
    if (visible) follower.current?.poke()
  }, [visible])
  useEffect(() => {
    if (!jobId) return
    polling.current = true
    const following = followJob({
      look: async () => {
        const current = await loadStatus()
        return current ? ACTIVE_STATES.has(current.state) || current.state === 'needs_connection' : undefined
      },
      isVisible: () => visibleRef.current,
      onEnd: (wasActive) => {
        polling.current = false
        if (wasActive) onChangedRef.current()
      },
    })
    follower.current = following
    return () => {
      following.stop()
      if (follower.current === following) follower.current = null
      polling.current = false
    }
  }, [jobId, loadStatus, pollRound])

  const send = async () => {
    if (!feed) return
    setBusy('send')
    setFailure(null)
    try {
      const result = await unwrap(
        studio().catalog.importSend({ profileId, importId: feed.importId, mapping }),
      )
      setJobId(result.jobId)
      onChanged()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(null)
    }
  }

  const resend = async () => {
    setBusy('resend')
    setFailure(null)
    try {
      await unwrap(studio().catalog.resend({ profileId }))
      await loadStatus()
      onChanged()
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setBusy(null)
    }
  }

  const fixRefused = async (id: string) => {
    try {
      const { product, row } = await unwrap(studio().catalog.product({ profileId, id }))
      onEdit({ product, isNew: false, messages: row.messages })
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

  const total = job?.total ?? 0
  const running = job ? ACTIVE_STATES.has(job.state) : false
  const fixedCount = counts?.fixed ?? 0
  const refusedCount = counts?.refused ?? 0

  return (
    <section className="import-panel stack" aria-labelledby="import-title">
      <div className="import-panel__intro">
        <div>
          <h2 id="import-title" className="section-title">
            Import a product feed
          </h2>
          <p className="muted">
            A CSV with a header row (UTF-8), or a JSON list of products. Nothing is sent until you press Send;
            rows that break a rule are listed and never sent.
          </p>
        </div>
        <Button
          variant={feed ? 'secondary' : 'primary'}
          onClick={() => void open()}
          busy={busy === 'open'}
          disabled={!hasCatalog}
          data-testid="import-choose"
        >
          <FileUp size={16} aria-hidden="true" />
          {feed ? 'Choose another file' : 'Choose a file…'}
        </Button>
      </div>
      {!hasCatalog ? <Banner tone="info">Create the catalog first: give it a name above.</Banner> : null}
      <FailureBanner failure={failure} />

      {feed && !jobId ? (
        <>
          <div className="import-file">
            <strong>{feed.fileName}</strong>
            <span className="muted">
              {feed.format.toUpperCase()} · {feed.rowCount.toLocaleString('en-US')}{' '}
              {feed.rowCount === 1 ? 'row' : 'rows'} · {feed.columns.length} columns
            </span>
          </div>

          <div className="import-grid">
            <div className="nested-card">
              <h3 className="subsection-title">Columns</h3>
              <div className="mapping">
                {REQUIRED_PRODUCT_FIELDS.map((field) => (
                  <MappingRow
                    key={field}
                    field={field}
                    columns={feed.columns}
                    mapping={mapping}
                    onChange={setMapping}
                    error={mappingError(field)}
                  />
                ))}
              </div>
              <details className="mapping-more">
                <summary>
                  Optional fields ({OPTIONAL_FIELDS.filter((field) => mapping[field]).length} mapped)
                </summary>
                <div className="mapping">
                  {OPTIONAL_FIELDS.map((field) => (
                    <MappingRow
                      key={field}
                      field={field}
                      columns={feed.columns}
                      mapping={mapping}
                      onChange={setMapping}
                      error={mappingError(field)}
                    />
                  ))}
                </div>
              </details>
            </div>

            <div className="nested-card import-preview">
              <h3 className="subsection-title" id="import-preview-title">
                Preview
              </h3>
              {/* Focusable so a keyboard user can scroll a wide feed sideways. */}
              <div
                className="import-preview__scroll"
                tabIndex={0}
                role="region"
                aria-labelledby="import-preview-title"
              >
                <DataTable columns={feed.columns} variant="preview">
                  {feed.preview.map((row, index) => (
                    <tr key={index}>
                      {row.map((cell, at) => (
                        <td key={at} title={cell}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </DataTable>
              </div>
            </div>
          </div>

          {report ? (
            <div className="nested-card" data-testid="import-report">
              <div className="import-report__head">
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
              {report.rows.length > 0 ? (
                <ul className="row-reports">
                  {report.rows.slice(0, ROWS_SHOWN).map((row) => {
                    const hasError = row.issues.some((issue) => issue.severity === 'error')
                    return (
                      <li
                        key={row.row}
                        className="row-report"
                        data-severity={hasError ? 'error' : 'warning'}
                        data-testid={`row-report-${row.row}`}
                      >
                        <div className="row-report__title">
                          <span className="row-report__row">Row {row.row}</span>
                          <span className="row-report__id">{row.id ?? 'no ID'}</span>
                          {row.title ? <span className="muted row-report__name">{row.title}</span> : null}
                        </div>
                        <ul className="row-report__issues">
                          {row.issues.map((issue, index) => (
                            <li
                              key={index}
                              className={issue.severity === 'error' ? 'field__error' : 'field__warning'}
                            >
                              {issue.field ? (
                                <strong>
                                  {PRODUCT_FIELD_LABELS[issue.field as ProductField] ?? issue.field}:{' '}
                                </strong>
                              ) : null}
                              {issue.message}
                            </li>
                          ))}
                        </ul>
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
                  })}
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
                  onClick={() => void send()}
                  busy={busy === 'send'}
                  disabled={report.valid === 0 || mappingIssues.some((issue) => issue.severity === 'error')}
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
          ) : null}
        </>
      ) : null}

      {jobId && job ? (
        <div className="nested-card" data-testid="import-status">
          <ProgressBar
            value={job.answered}
            max={total}
            label={running ? 'Sending in batches of 25' : 'Batches answered'}
            testId="import-progress"
          />
          {counts ? (
            <div className="import-report__counts">
              <span className="badge badge--success">
                {counts.sent.toLocaleString('en-US')} on the platform
              </span>
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
            <ul className="row-reports" aria-label="Refused products">
              {refused.map((row) => (
                <li
                  key={row.id}
                  className="row-report"
                  data-severity={row.status === 'fixed' ? 'fixed' : 'error'}
                  data-testid={`refused-${row.id}`}
                >
                  <div className="row-report__title">
                    <span className="row-report__id">{row.id}</span>
                    <span className="muted row-report__name">{row.title}</span>
                    {row.status === 'fixed' ? <span className="badge badge--accent">Fixed</span> : null}
                  </div>
                  {row.status === 'refused' ? (
                    <ul className="row-report__issues">
                      {row.messages.map((message, index) => (
                        <li
                          key={index}
                          className={message.severity === 'error' ? 'field__error' : 'field__warning'}
                        >
                          {message.field ? (
                            <strong>
                              {PRODUCT_FIELD_LABELS[message.field as ProductField] ?? message.field}:{' '}
                            </strong>
                          ) : null}
                          {message.message}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <Button
                    variant="ghost"
                    className="row-report__fix"
                    onClick={() => void fixRefused(row.id)}
                    data-testid={`fix-${row.id}`}
                  >
                    {row.status === 'fixed' ? 'Edit again' : 'Fix'}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {!running && (refusedCount > 0 || fixedCount > 0) ? (
            <div className="actions">
              <Button
                variant="primary"
                onClick={() => void resend()}
                busy={busy === 'resend'}
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
          {!running && refusedCount === 0 && fixedCount === 0 && job.state === 'done' ? (
            <Banner tone="success">Every product of this import is on the platform.</Banner>
          ) : null}
        </div>
      ) : null}
    </section>
  )
})
