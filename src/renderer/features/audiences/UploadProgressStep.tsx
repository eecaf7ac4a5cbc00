import { ArrowLeft, CheckCircle2 } from 'lucide-react'
import { useEffect } from 'react'
import { formatNumber } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ProgressBar } from '../../components/ProgressBar'
import { useUploadProgress } from '../../kits/jobs/useUploadProgress'

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const minutes = Math.round(seconds / 60)
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** Step 3: the upload on its way, followed until it ends; then the way out. */
export function UploadProgressStep({
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
