import { CircleAlert, CircleCheck, LoaderCircle, RotateCcw } from 'lucide-react'
import type { OutboxJobView, OutboxStepView } from '../../../shared/ipc/contracts/outbox'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { stateLine } from './outboxModel'
import { useNow } from './useOutbox'
import type { JobState } from './useJob'
import './jobs.css'

/** What a finished step means to a person: "already deleted" is a success, said as such. */
function stepNote(step: OutboxStepView): string | undefined {
  if (step.error) return step.error.message
  const result = step.result
  if (result && typeof result === 'object' && !Array.isArray(result) && result.alreadyDeleted === true)
    return 'Already deleted — nothing left to do'
  return undefined
}

function StepList({ job }: { job: OutboxJobView }) {
  if (job.steps.length < 2 && !job.steps.some((step) => stepNote(step))) return null
  return (
    <ul className="job-steps" aria-label="Each item">
      {job.steps.map((step, index) => {
        const note = stepNote(step)
        const failed = step.error !== undefined
        const done = step.status === 'done'
        return (
          <li
            key={index}
            className="job-steps__item"
            data-testid="job-step"
            data-outcome={failed ? 'failed' : done ? 'done' : 'pending'}
          >
            {failed ? (
              <CircleAlert size={16} aria-hidden="true" className="job-steps__icon job-steps__icon--failed" />
            ) : done ? (
              <CircleCheck size={16} aria-hidden="true" className="job-steps__icon job-steps__icon--done" />
            ) : (
              <LoaderCircle size={16} aria-hidden="true" className="job-steps__icon" />
            )}
            <span>
              <span className="job-steps__label">{step.label}</span>
              {note ? <span className="job-steps__note"> — {note}</span> : null}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The outcome of a queued write, item by item: done ones stay done, failed ones say why and
 * can be sent again. While it runs it says what the outbox is doing (waiting for the network…).
 */
export function JobReport({
  state,
  onRetry,
  done,
}: {
  state: JobState
  onRetry(): void
  /** The success sentence; the job's title by default. */
  done?: (job: OutboxJobView) => string
}) {
  const now = useNow()
  if (state.phase === 'idle' || state.phase === 'sending') return null
  if (state.phase === 'refused') return <Banner tone="error">{state.message}</Banner>
  const { job } = state
  if (state.phase === 'following') {
    return (
      <div className="job-report" data-testid="job-report" data-state={job.state}>
        <Banner tone="info">
          <strong>{job.title}</strong> — {stateLine(job, now)}.{' '}
          <span className="muted">
            It carries on in the{' '}
            <a href="#/outbox" className="inline-link">
              Outbox
            </a>{' '}
            if you leave this page.
          </span>
        </Banner>
      </div>
    )
  }
  if (job.state === 'done' || job.state === 'published') {
    return (
      <div className="job-report" data-testid="job-report" data-state={job.state}>
        <Banner tone="success">
          {done ? done(job) : `${job.title} — done.`}
          <StepList job={job} />
        </Banner>
      </div>
    )
  }
  return (
    <div className="job-report" data-testid="job-report" data-state={job.state}>
      <Banner tone="error">
        <div className="job-report__head row row--spread">
          <span>
            <strong>{job.title}</strong> — {job.error?.message ?? stateLine(job, now)}
          </span>
          {job.state === 'failed' || job.state === 'canceled' ? (
            <Button onClick={onRetry} data-testid="job-retry">
              <RotateCcw size={16} aria-hidden="true" />
              {job.steps.length > 1 ? 'Retry the failed ones' : 'Retry'}
            </Button>
          ) : null}
        </div>
        <StepList job={job} />
      </Banner>
    </div>
  )
}
