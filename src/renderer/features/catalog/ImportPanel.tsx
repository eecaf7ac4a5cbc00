import { FileUp } from 'lucide-react'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { validateMapping, type FeedMapping } from '../../../shared/catalog/feed'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { failureOf, type Failure } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import { FailureBanner } from '../../kits/connection/FailureBanner'
import { FeedColumns, type OpenedFeed } from './FeedColumns'
import { ImportCheck, ImportChecking } from './ImportCheck'
import { ImportStatus } from './ImportStatus'
import type { EditorTarget } from './ProductEditor'
import { useImportImages, withImageRows } from './useImportImages'
import { useImportJob } from './useImportJob'
import { useImportReport } from './useImportReport'
import { useUnsentRows } from './unsentRows'
import { UnsentRowsCard } from './UnsentRowsCard'
import './import.css'

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
  const {
    busy,
    problem: failure,
    setProblem: setFailure,
    run: act,
  } = useAction<'open' | 'send' | 'resend', Failure>(failureOf)
  const sending = useImportJob({ profileId, version, visible, onChanged })
  const unsent = useUnsentRows((state) => state.byProfile[profileId])
  // Send goes with the check it belongs to: focus follows the import to its status.
  const statusRef = useRef<HTMLDivElement>(null)
  const sent = useRef(false)
  useEffect(() => {
    if (!sending.jobId || !sent.current) return
    sent.current = false
    statusRef.current?.focus()
  }, [sending.jobId])

  // The report follows the mapping: main maps and checks every row with the shared rules. While
  // another file is being chosen, the last file's check is stopped by main: not a failure to show.
  const choosing = useRef(false)
  const onReportFailure = useCallback(
    (error: unknown) => choosing.current || setFailure(failureOf(error)),
    [setFailure],
  )
  const checked = useImportReport(feed?.importId ?? null, mapping, onReportFailure)
  // The rules' report, and the rows main found with an image at fault among those it let through.
  const imageCheck = useImportImages(profileId, feed?.importId, mapping, checked.report)
  const report = useMemo(
    () => (checked.report ? withImageRows(checked.report, imageCheck.images) : null),
    [checked.report, imageCheck.images],
  )

  const mappingIssues = useMemo(() => (feed ? validateMapping(mapping, feed.columns) : []), [feed, mapping])

  const open = () =>
    act('open', async () => {
      choosing.current = true
      try {
        const opened = await unwrap(studio().catalog.importOpen({ profileId }))
        if (!opened.picked) return
        setFeed(opened)
        setMapping(opened.mapping)
        sending.forget()
      } finally {
        choosing.current = false
      }
    })

  const send = () =>
    act('send', async () => {
      if (!feed) return
      const result = await unwrap(
        studio().catalog.importSend({ profileId, importId: feed.importId, mapping }),
      )
      sent.current = true
      sending.follow(result.jobId)
      if (report && report.invalid > 0)
        useUnsentRows.getState().keep(profileId, {
          importId: feed.importId,
          fileName: feed.fileName,
          rows: report.rows.filter((row) => row.issues.some((issue) => issue.severity === 'error')),
          count: report.invalid,
        })
      else useUnsentRows.getState().dismiss(profileId)
      onChanged()
    })

  const resend = () =>
    act('resend', async () => {
      await unwrap(studio().catalog.resend({ profileId }))
      await sending.loadStatus()
      onChanged()
    })

  const fixRefused = async (id: string) => {
    try {
      const { product, row } = await unwrap(studio().catalog.product({ profileId, id }))
      onEdit({ product, isNew: false, messages: row.messages })
    } catch (error) {
      setFailure(failureOf(error))
    }
  }

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

      {feed && !sending.jobId ? (
        <>
          <div className="import-file">
            <strong>{feed.fileName}</strong>
            <span className="muted">
              {feed.format.toUpperCase()} · {feed.rowCount.toLocaleString('en-US')}{' '}
              {feed.rowCount === 1 ? 'row' : 'rows'} · {feed.columns.length} columns
            </span>
          </div>
          <FeedColumns feed={feed} mapping={mapping} onChange={setMapping} issues={mappingIssues} />
          {checked.checking ? <ImportChecking progress={checked.checking} /> : null}
          {report ? (
            <ImportCheck
              report={report}
              blocked={mappingIssues.some((issue) => issue.severity === 'error')}
              sending={busy === 'send'}
              onSend={() => void send()}
              onEdit={onEdit}
              profileId={profileId}
              images={imageCheck}
              pagesRead={checked.pagesRead}
              readingMore={checked.readingMore}
              onReadMore={checked.readMore}
            />
          ) : null}
        </>
      ) : null}

      {sending.jobId ? (
        <div ref={statusRef} tabIndex={-1} role="region" aria-label="Sending the import">
          {sending.job ? (
            <ImportStatus
              profileId={profileId}
              job={sending.job}
              counts={sending.counts}
              refused={sending.refused}
              unsentCount={unsent?.count ?? 0}
              resending={busy === 'resend'}
              onResend={() => void resend()}
              onFix={(id) => void fixRefused(id)}
            />
          ) : null}
        </div>
      ) : null}
      {unsent && !(feed && !sending.jobId) ? (
        <UnsentRowsCard profileId={profileId} unsent={unsent} onEdit={onEdit} />
      ) : null}
    </section>
  )
})
