import { FileUp } from 'lucide-react'
import { useState } from 'react'
import type { IdentifierType } from '../../../shared/audiences/identifiers'
import type { ListReport, TargetKind } from '../../../shared/ipc/contracts/audiences'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import { UploadMapping } from './UploadMapping'
import { UploadProgressStep } from './UploadProgressStep'
import { UploadReport } from './UploadReport'
import type { Opened } from './uploadSteps'

type Step =
  | { kind: 'start' }
  | { kind: 'mapping'; opened: Opened }
  | { kind: 'report'; opened: Opened; report: ListReport }
  | { kind: 'progress'; uploadId: string; fileName: string }

/** A refusal from main, with the field it concerns when it names one (shown on that field). */
interface Problem {
  message: string
  field?: string | undefined
}

const problemOf = (failure: unknown): Problem => {
  const error = (failure as { error?: { message: string; field?: string } }).error
  return error ? { message: error.message, field: error.field } : { message: String(failure) }
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
  /** Whether the upload has stopped (done, failed or canceled): its last step then shows the way out. */
  onSettled?(settled: boolean): void
  onFinished(): void
}) {
  const [step, setStep] = useState<Step>({ kind: 'start' })
  const action = useAction<'working', Problem>(problemOf)
  const busy = action.busy !== null
  const { problem: error, setProblem: setError } = action
  const [mapping, setMapping] = useState<Record<number, IdentifierType>>({})
  const [countryCode, setCountryCode] = useState('')
  const [operation, setOperation] = useState<'Update' | 'Delete'>('Update')
  const [expiresAt, setExpiresAt] = useState('')
  /** The error of `field`, when main named it. */
  const errorOn = (field: string) => (error?.field === field ? error.message : undefined)
  /** The error, when it is not shown on one of `fields` (those on screen). */
  const generalError = (...fields: string[]) =>
    error && !(error.field && fields.includes(error.field)) ? error.message : null

  const run = (work: () => Promise<void>) => action.run('working', work)

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

  const errors = { errorOn, generalError, clearError: () => setError(null) }
  if (step.kind === 'mapping') {
    const { opened } = step
    return (
      <UploadMapping
        opened={opened}
        mapping={mapping}
        onMappingChange={setMapping}
        countryCode={countryCode}
        onCountryCodeChange={setCountryCode}
        busy={busy}
        errors={errors}
        onBack={() => setStep({ kind: 'start' })}
        onCheck={() => void check(opened)}
      />
    )
  }

  if (step.kind === 'report') {
    const { opened, report } = step
    return (
      <UploadReport
        report={report}
        operation={operation}
        onOperationChange={setOperation}
        expiresAt={expiresAt}
        onExpiresAtChange={setExpiresAt}
        busy={busy}
        errors={errors}
        onBack={() => setStep({ kind: 'mapping', opened })}
        onSend={() => void send(opened, report)}
      />
    )
  }

  return (
    <UploadProgressStep
      uploadId={step.uploadId}
      fileName={step.fileName}
      onSettled={onSettled}
      onFinished={onFinished}
    />
  )
}
