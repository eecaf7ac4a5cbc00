import { ArrowLeft, CheckCircle2, Play, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { UploadProgress } from '../../../shared/ipc/contracts/audiences'
import { formatNumber } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ProgressBar } from '../../components/ProgressBar'
import { useUploadProgress } from '../../kits/jobs/useUploadProgress'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

const TITLES: Partial<Record<string, string>> = {
  done: '3. Done',
  canceled: '3. Canceled',
  canceling: '3. Canceling',
  failed: '3. Stopped',
}

/**
 * Step 3: the upload on its way, followed until it ends, with Cancel while it runs and Resume once
 * it was canceled or stopped (main goes on from the last request the platform acknowledged).
 * A resume follows the upload afresh (a new run of the follower), starting from main's answer.
 */
export function UploadProgressStep({
  uploadId,
  fileName,
  onSettled,
  onFinished,
}: {
  uploadId: string
  fileName: string
  /** Whether the upload has stopped (done, failed or canceled), and this step shows the way out. */
  onSettled?: ((settled: boolean) => void) | undefined
  onFinished(): void
}) {
  const [run, setRun] = useState<{ count: number; seed: UploadProgress | null }>({ count: 0, seed: null })
  const action = useAction<'cancel' | 'resume', string>(
    (failure) => (failure as { error?: { message: string } }).error?.message ?? String(failure),
  )
  const resume = () =>
    action.run('resume', async () => {
      const seed = await unwrap(studio().audiences.resumeUpload({ uploadId }))
      setRun((current) => ({ count: current.count + 1, seed }))
    })
  const cancel = () =>
    action.run('cancel', async () => {
      await unwrap(studio().audiences.cancelUpload({ uploadId }))
    })
  return (
    <UploadRun
      key={run.count}
      uploadId={uploadId}
      fileName={fileName}
      seed={run.seed}
      busy={action.busy}
      problem={action.problem}
      onCancel={() => void cancel()}
      onResume={() => void resume()}
      onSettled={onSettled}
      onFinished={onFinished}
    />
  )
}

function UploadRun({
  uploadId,
  fileName,
  seed,
  busy,
  problem,
  onCancel,
  onResume,
  onSettled,
  onFinished,
}: {
  uploadId: string
  fileName: string
  /** Main's answer to Resume: shown until the follower has its own. */
  seed: UploadProgress | null
  busy: 'cancel' | 'resume' | null
  problem: string | null
  onCancel(): void
  onResume(): void
  onSettled?: ((settled: boolean) => void) | undefined
  onFinished(): void
}) {
  const followed = useUploadProgress(uploadId)
  const progress = followed.progress ?? seed
  const state = progress?.job?.state
  const finished = followed.finished
  useEffect(() => {
    onSettled?.(finished)
  }, [finished, onSettled])

  const total = progress?.expectedRecords ?? 0
  const acked = progress?.recordsAcked ?? 0
  const stopped = state === 'canceled' || state === 'failed'
  const sentLine = `${formatNumber(acked)} of ${formatNumber(total)} sent`
  return (
    <div className="stack" data-testid={state === 'done' ? 'upload-done' : 'upload-progress'}>
      <h3 className="audiences__step-title">{TITLES[state ?? ''] ?? '3. Sending'}</h3>
      {state === 'done' ? (
        <Banner tone="success">
          {formatNumber(acked)} hashed rows from {fileName} were acknowledged by the platform.
        </Banner>
      ) : null}
      {state === 'canceled' ? (
        <Banner tone="info">
          <span data-testid="upload-canceled">Canceled · {sentLine}</span>. The platform keeps the rows it
          acknowledged; Resume sends the rest, from where it stopped.
        </Banner>
      ) : null}
      {state === 'failed' ? (
        <Banner tone="error">
          {progress?.job?.error?.message ?? 'The upload stopped'} ({sentLine}). Resume goes on from there.
        </Banner>
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
          <dd data-testid="upload-acknowledged">
            {formatNumber(acked)} of {formatNumber(total)}
          </dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>
            {state === 'done' || stopped
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
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      <div className="audiences__actions">
        {!finished && progress?.job ? (
          <Button
            onClick={onCancel}
            busy={busy === 'cancel' || state === 'canceling'}
            disabled={state === 'canceling'}
            data-testid="upload-cancel"
          >
            {state === 'canceling' ? null : <X size={16} aria-hidden="true" />}
            {state === 'canceling' ? 'Canceling after this request…' : 'Cancel'}
          </Button>
        ) : null}
        {finished && stopped ? (
          <Button variant="primary" onClick={onResume} busy={busy === 'resume'} data-testid="upload-resume">
            <Play size={16} aria-hidden="true" />
            Resume
          </Button>
        ) : null}
        {finished ? (
          <Button
            variant={state === 'done' ? 'primary' : 'secondary'}
            onClick={onFinished}
            data-testid="upload-close"
          >
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
        ) : null}
      </div>
    </div>
  )
}
