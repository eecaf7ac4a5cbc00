import { ArrowLeft, CheckCircle2, FileUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import {
  IDENTIFIER_LABELS,
  REJECT_REASON_LABELS,
  type IdentifierType,
  type RejectReason,
} from '../../../shared/audiences/identifiers'
import type { ListReport, TargetKind } from '../../../shared/ipc/contracts/audiences'
import { formatNumber } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DataTable } from '../../components/DataTable'
import { ProgressBar } from '../../components/ProgressBar'
import { Select } from '../../components/Select'
import { Segmented } from '../../components/Segmented'
import { Field } from '../../components/Field'
import { studio, unwrap } from '../../lib/ipc'
import { useUploadProgress } from '../../kits/jobs/useUploadProgress'

interface Opened {
  listId: string
  fileName: string
  sizeBytes: number
  hasHeader: boolean
  columns: { index: number; name: string; samples: string[] }[]
  mapping: { column: number; type: IdentifierType }[]
  allowedTypes: IdentifierType[]
}

type Step =
  | { kind: 'start' }
  | { kind: 'mapping'; opened: Opened }
  | { kind: 'report'; opened: Opened; report: ListReport }
  | { kind: 'progress'; uploadId: string; fileName: string }

const NONE = 'none'
/** A refusal from main, with the field it concerns when it names one (shown on that field). */
interface Problem {
  message: string
  field?: string | undefined
}

const problemOf = (failure: unknown): Problem => {
  const error = (failure as { error?: { message: string; field?: string } }).error
  return error ? { message: error.message, field: error.field } : { message: String(failure) }
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** Mapping → pre-send report (confirm) → progress → done. Main does every check again. */
export function UploadFlow({
  profileId,
  target,
  onSettled,
  onFinished,
}: {
  profileId: string
  target: { kind: TargetKind; id: string; name: string }
  /** The upload has finished (done, failed or canceled): its last step now shows the way out. */
  onSettled?(): void
  onFinished(): void
}) {
  const [step, setStep] = useState<Step>({ kind: 'start' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Problem | null>(null)
  const [mapping, setMapping] = useState<Record<number, IdentifierType>>({})
  const [countryCode, setCountryCode] = useState('')
  const [operation, setOperation] = useState<'Update' | 'Delete'>('Update')
  const [expiresAt, setExpiresAt] = useState('')
  /** The error of `field`, when main named it. */
  const errorOn = (field: string) => (error?.field === field ? error.message : undefined)
  /** The error, when it is not shown on one of `fields` (those on screen). */
  const generalError = (...fields: string[]) =>
    error && !(error.field && fields.includes(error.field)) ? error.message : null

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await work()
    } catch (failure) {
      setError(problemOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const choose = () =>
    run(async () => {
      const opened = await unwrap(
        studio().audiences.openList({ profileId, target: { kind: target.kind, id: target.id } }),
      )
      if (!opened.picked) return
      setMapping(Object.fromEntries(opened.mapping.map((entry) => [entry.column, entry.type])))
      setStep({ kind: 'mapping', opened })
    })

  const check = (opened: Opened) =>
    run(async () => {
      const report = await unwrap(
        studio().audiences.checkList({
          listId: opened.listId,
          mapping: Object.entries(mapping).map(([column, type]) => ({ column: Number(column), type })),
          ...(countryCode.trim() ? { defaultCountryCode: countryCode.trim() } : {}),
        }),
      )
      setStep({ kind: 'report', opened, report })
    })

  const send = (opened: Opened, report: ListReport) =>
    run(async () => {
      const sent = await unwrap(
        studio().audiences.sendList({
          listId: report.listId,
          operationType: operation,
          confirmedRecords: report.records,
          ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
        }),
      )
      setStep({ kind: 'progress', uploadId: sent.uploadId, fileName: opened.fileName })
    })

  if (step.kind === 'start')
    return (
      <div className="stack" data-testid="upload-start">
        <p className="muted">
          Choose a CSV or TXT export of the list. Ads Studio reads it on this computer, normalizes and hashes
          every identifier with SHA-256, and sends only the hashes. The file itself is never copied or sent.
        </p>
        {error ? <Banner tone="error">{error.message}</Banner> : null}
        <div>
          <Button variant="primary" busy={busy} onClick={() => void choose()} data-testid="upload-choose">
            <FileUp size={16} aria-hidden="true" />
            Choose a list…
          </Button>
        </div>
      </div>
    )

  if (step.kind === 'mapping') {
    const { opened } = step
    const options = [
      { value: NONE, label: 'Not sent' },
      ...opened.allowedTypes.map((type) => ({ value: type, label: IDENTIFIER_LABELS[type] })),
    ]
    const mapsPhone = Object.values(mapping).includes('phone_number')
    return (
      <div className="stack" data-testid="upload-mapping">
        <h3 className="audiences__step-title">1. What each column holds</h3>
        <p className="muted">
          {opened.fileName} · {formatNumber(Math.round(opened.sizeBytes / 1024))} KB ·{' '}
          {opened.hasHeader ? 'first line is a header' : 'no header line'}. Samples are masked.
        </p>
        <DataTable columns={['Column', 'Samples', 'Holds']} variant="form">
          {opened.columns.map((column) => (
            <tr key={column.index}>
              <th scope="row">{column.name}</th>
              <td className="audiences__samples">{column.samples.join(', ') || '—'}</td>
              <td>
                <Select
                  aria-label={`What “${column.name}” holds`}
                  value={mapping[column.index] ?? NONE}
                  options={options}
                  onChange={(value) =>
                    setMapping((current) => {
                      const next = { ...current }
                      for (const [key, type] of Object.entries(next))
                        if (type === value) delete next[Number(key)]
                      if (value === NONE) delete next[column.index]
                      else next[column.index] = value as IdentifierType
                      return next
                    })
                  }
                  data-testid={`map-${column.index}`}
                />
              </td>
            </tr>
          ))}
        </DataTable>
        {mapsPhone ? (
          <Field
            label="Country calling code (optional)"
            hint="Added to numbers written without “+” or “00”: 44 for the United Kingdom, 1 for the United States."
            className="audiences__short"
            inputMode="numeric"
            value={countryCode}
            placeholder="44"
            error={errorOn('defaultCountryCode')}
            onChange={(event) => {
              setCountryCode(event.target.value.replace(/\D/g, '').slice(0, 3))
              if (errorOn('defaultCountryCode')) setError(null)
            }}
          />
        ) : null}
        {generalError(...(mapsPhone ? ['defaultCountryCode'] : [])) ? (
          <Banner tone="error">{generalError(...(mapsPhone ? ['defaultCountryCode'] : []))}</Banner>
        ) : null}
        <div className="audiences__actions">
          <Button onClick={() => setStep({ kind: 'start' })}>Back</Button>
          <Button
            variant="primary"
            busy={busy}
            disabled={Object.keys(mapping).length === 0}
            onClick={() => void check(opened)}
            data-testid="upload-check"
          >
            Check the list
          </Button>
        </div>
      </div>
    )
  }

  if (step.kind === 'report') {
    const { opened, report } = step
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
          <div className="field">
            <span className="field__label" aria-hidden="true">
              Change
            </span>
            <Segmented
              label="Change"
              value={operation}
              onChange={(value) => setOperation(value)}
              testIdPrefix="upload-operation"
              options={[
                { value: 'Update', label: 'Add these people' },
                { value: 'Delete', label: 'Remove these people' },
              ]}
            />
          </div>
          <Field
            label="Membership ends (optional; default 13 months)"
            type="datetime-local"
            value={expiresAt}
            error={errorOn('expiresAt')}
            onChange={(event) => {
              setExpiresAt(event.target.value)
              if (errorOn('expiresAt')) setError(null)
            }}
          />
        </div>
        {generalError('expiresAt') ? <Banner tone="error">{generalError('expiresAt')}</Banner> : null}
        <div className="audiences__actions">
          <Button onClick={() => setStep({ kind: 'mapping', opened })}>Back</Button>
          <Button
            variant="primary"
            busy={busy}
            disabled={report.records === 0}
            onClick={() => void send(opened, report)}
            data-testid="upload-send"
          >
            {operation === 'Delete' ? 'Remove' : 'Send'} {formatNumber(report.records)} hashed{' '}
            {report.records === 1 ? 'row' : 'rows'}
          </Button>
        </div>
      </div>
    )
  }

  return (
    <Progress
      uploadId={step.uploadId}
      fileName={step.fileName}
      onSettled={onSettled}
      onFinished={onFinished}
    />
  )
}

function Progress({
  uploadId,
  fileName,
  onSettled,
  onFinished,
}: {
  uploadId: string
  fileName: string
  onSettled?: (() => void) | undefined
  onFinished(): void
}) {
  const { progress, finished } = useUploadProgress(uploadId)
  useEffect(() => {
    if (finished) onSettled?.()
  }, [finished, onSettled])

  const total = progress?.expectedRecords ?? 0
  const acked = progress?.recordsAcked ?? 0
  const state = progress?.job?.state
  return (
    <div className="stack" data-testid={state === 'done' ? 'upload-done' : 'upload-progress'}>
      <h3 className="audiences__step-title">{state === 'done' ? '3. Done' : '3. Sending'}</h3>
      {state === 'done' ? (
        <Banner tone="success">
          {formatNumber(acked)} hashed rows from {fileName} were acknowledged by the platform.
        </Banner>
      ) : null}
      {state === 'failed' ? (
        <Banner tone="error">{progress?.job?.error?.message ?? 'The upload stopped'}</Banner>
      ) : null}
      <ProgressBar label="Rows acknowledged" value={acked} max={total} showLabel={false} size="large" />
      <dl className="audiences__figures">
        <div>
          <dt>Rows read</dt>
          <dd>{formatNumber(progress?.rowsRead ?? 0)}</dd>
        </div>
        <div>
          <dt>Hashed</dt>
          <dd>{formatNumber(progress?.rowsHashed ?? 0)}</dd>
        </div>
        <div>
          <dt>Acknowledged</dt>
          <dd>
            {formatNumber(acked)} of {formatNumber(total)}
          </dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>
            {state === 'done'
              ? '—'
              : progress?.remainingSeconds !== undefined
                ? duration(progress.remainingSeconds)
                : 'measuring…'}
          </dd>
        </div>
      </dl>
      {progress && progress.chunkErrors.length > 0 ? (
        <div>
          <h4 className="audiences__subhead">Requests that needed another try</h4>
          <ul className="audiences__reasons" data-testid="chunk-errors">
            {progress.chunkErrors.map((entry) => (
              <li key={`${entry.chunk}-${entry.at}`}>
                Request {entry.chunk}: {entry.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {finished ? (
        <div>
          <Button variant="primary" onClick={onFinished} data-testid="upload-close">
            {state === 'done' ? (
              <>
                <CheckCircle2 size={16} aria-hidden="true" />
                Done
              </>
            ) : (
              <>
                <ArrowLeft size={16} aria-hidden="true" />
                Back to audiences
              </>
            )}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
