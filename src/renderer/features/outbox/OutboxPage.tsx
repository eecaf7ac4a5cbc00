import {
  CircleAlert,
  TriangleAlert,
  CircleCheck,
  CloudOff,
  Hourglass,
  LoaderCircle,
  Plug,
  RotateCcw,
  Timer,
  X,
} from 'lucide-react'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import type { RouteInfo } from '../../nav/routes'
import { navigate } from '../../nav/routes'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { CopyId } from '../../components/CopyId'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { PracticeBadge } from '../../components/PracticeBadge'
import { ProgressBar } from '../../components/ProgressBar'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import { useAccountsStore } from '../../state/accounts/accountsStore'
import { useIsPracticeProfile } from '../../state/connection/activeProfile'
import { EDITOR_ROUTES } from '../../state/drafts/draftListModel'
import {
  ACTIVE_STATES,
  formatBytes,
  jobKindWords,
  stateLine,
  WAITING_STATES,
} from '../../kits/jobs/outboxModel'
import { useNow, useOutboxJobs } from '../../kits/jobs/useOutbox'
import './outbox.css'

const STATE_ICONS: Record<OutboxJobView['state'], typeof CircleCheck> = {
  queued: Hourglass,
  running: LoaderCircle,
  waiting_network: CloudOff,
  rate_limited: Timer,
  needs_connection: Plug,
  needs_attention: TriangleAlert,
  canceling: LoaderCircle,
  canceled: X,
  failed: CircleAlert,
  published: CircleCheck,
  done: CircleCheck,
}

const TONES: Record<OutboxJobView['state'], string> = {
  queued: 'neutral',
  running: 'accent',
  waiting_network: 'warning',
  rate_limited: 'warning',
  needs_connection: 'warning',
  needs_attention: 'warning',
  canceling: 'neutral',
  canceled: 'neutral',
  failed: 'danger',
  published: 'success',
  done: 'success',
}

/**
 * What the job made on the platform, by name: the media as the designer named them, the card by
 * its draft, the post. Their platform ids are for other tools: copied on request, not shown.
 */
function CreatedIds({ job }: { job: OutboxJobView }) {
  const media = job.created.media ?? job.created.mediaKeys.map((mediaKey) => ({ mediaKey, name: 'Media' }))
  const rows: { term: string; name: string; id: string; what: string; copyLabel: string }[] = [
    ...media.map((item) => ({
      term: 'Media',
      name: item.name,
      id: item.mediaKey,
      what: item.name,
      copyLabel: 'Copy media key',
    })),
    ...(job.created.cardUri
      ? [
          {
            term: 'Card',
            name: 'Created',
            id: job.created.cardUri,
            what: 'the card',
            copyLabel: 'Copy card URI',
          },
        ]
      : []),
    ...(job.created.postId
      ? [
          {
            term: 'Post',
            name: 'Created',
            id: job.created.postId,
            what: 'the post',
            copyLabel: 'Copy post id',
          },
        ]
      : []),
  ]
  if (rows.length === 0) return null
  return (
    <dl className="outbox-ids">
      {rows.map((row) => (
        <div key={`${row.term}${row.id}`} className="outbox-ids__row row">
          <dt>{row.term}</dt>
          <dd>
            <span className="outbox-ids__name">{row.name}</span>
            <CopyId value={row.id} what={row.what} label={row.copyLabel} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** The ad account by its name when this profile's accounts are known; its id only on request. */
function AccountName({ job }: { job: OutboxJobView }) {
  const name = useAccountsStore((state) =>
    state.profileId === job.profileId
      ? state.accounts.find((account) => account.id === job.accountId)?.name
      : undefined,
  )
  return name ? (
    <>{name}</>
  ) : (
    <CopyId value={job.accountId} what="the ad account" label="Copy ad account id" />
  )
}

/** What the preflight found: each problem, and where to fix it. */
function AttentionList({ job }: { job: OutboxJobView }) {
  const problems = job.problems ?? []
  const editor = job.kind ? EDITOR_ROUTES[job.kind] : undefined
  return (
    <div className="outbox-attention" data-testid="outbox-attention">
      <p className="outbox-attention__lead">
        The check before publishing found {problems.length === 1 ? 'a problem' : 'these problems'}. Nothing
        was uploaded. Fix {problems.length === 1 ? 'it' : 'them'} in the draft, then resume.
      </p>
      <ul className="outbox-attention__list">
        {problems.map((item, index) => (
          <li key={index}>{item.message}</li>
        ))}
      </ul>
      {editor && job.draftId ? (
        <button type="button" className="link-button" onClick={() => navigate(editor, job.draftId)}>
          Open “{job.title || 'Untitled'}” to fix it
        </button>
      ) : null}
    </div>
  )
}

function JobRow({ job, now, onChanged }: { job: OutboxJobView; now: number; onChanged(): void }) {
  const { busy, problem, run } = useAction<'cancel' | 'retry' | 'dismiss' | 'cleanUp', string>(messageOf)
  const Icon = STATE_ICONS[job.state]
  const practice = useIsPracticeProfile(job.profileId)
  const act = (action: 'cancel' | 'retry' | 'dismiss' | 'cleanUp') =>
    run(action, async () => {
      const outbox = studio().outbox
      if (action === 'cancel') await unwrap(outbox.cancel({ jobId: job.id }))
      else if (action === 'retry') await unwrap(outbox.retry({ jobId: job.id }))
      else if (action === 'cleanUp') await unwrap(outbox.cleanUp({ jobId: job.id }))
      else await unwrap(outbox.dismiss({ jobId: job.id }))
      onChanged()
    })
  const cancellable = ACTIVE_STATES.has(job.state) && job.state !== 'canceling'
  const retryable = job.state === 'failed' || job.state === 'canceled'
  const resumable = job.state === 'needs_attention'
  const waiting = WAITING_STATES.has(job.state)
  // A stopped publish job that left objects on the account: they can be deleted in one go.
  const cleanable =
    job.type === 'draft' &&
    (job.state === 'failed' || job.state === 'canceled' || job.state === 'needs_attention') &&
    (job.created.mediaKeys.length > 0 || job.created.cardId !== undefined)
  const titleId = `outbox-job-${job.id}`
  const barTone = job.state === 'published' || job.state === 'done' ? 'success' : 'accent'
  return (
    <li
      className="outbox-job surface surface--raised"
      aria-labelledby={titleId}
      data-state={job.state}
      data-testid="outbox-job"
    >
      <div className="outbox-job__head">
        <div className="outbox-job__title-block">
          <h2 id={titleId} className="outbox-job__title">
            {job.title || 'Untitled'}
          </h2>
          <p className="outbox-job__meta">
            {jobKindWords(job)} · <AccountName job={job} />
            {practice ? <PracticeBadge /> : null}
          </p>
        </div>
        <span className={`outbox-state badge--${TONES[job.state]}`} data-testid="outbox-state">
          <Icon
            size={14}
            aria-hidden="true"
            className={job.state === 'running' || job.state === 'canceling' ? 'spin' : undefined}
          />
          {stateLine(job, now)}
        </span>
      </div>
      {job.state === 'needs_connection' ? (
        <p className="outbox-job__note">
          Publishing is paused until this profile is authorized again.{' '}
          <button type="button" className="link-button" onClick={() => navigate('connect')}>
            Go to Connect
          </button>
        </p>
      ) : null}
      {waiting && job.waitReason ? (
        <p className="outbox-job__note" data-testid="outbox-wait-reason">
          {job.waitReason}
        </p>
      ) : null}
      {job.state === 'needs_attention' ? <AttentionList job={job} /> : null}
      {job.state === 'failed' && job.error?.contentPath ? (
        <p className="outbox-job__note">
          The platform named the field <code>{job.error.apiField}</code>: fix it in the draft, then publish
          again.
        </p>
      ) : null}
      <div className="outbox-job__progress">
        <ProgressBar
          size="small"
          tone={barTone}
          label={`Steps ${job.stepsDone} of ${job.steps.length}`}
          value={job.stepsDone}
          max={job.steps.length}
        />
        {job.progress && job.progress.total > 0 ? (
          <ProgressBar
            size="small"
            tone={barTone}
            label={`${job.progress.detail ?? 'Sent'} ${job.progress.done.toLocaleString()} of ${job.progress.total.toLocaleString()}${job.progress.unit ? ` ${job.progress.unit}` : ''}`}
            value={job.progress.done}
            max={job.progress.total}
          />
        ) : null}
        {job.bytes && job.bytes.total > 0 ? (
          <ProgressBar
            size="small"
            tone={barTone}
            label={`Uploaded ${formatBytes(job.bytes.sent)} of ${formatBytes(job.bytes.total)}`}
            value={job.bytes.sent}
            max={job.bytes.total}
          />
        ) : null}
      </div>
      <ol className="outbox-steps" aria-label="Steps">
        {job.steps.map((step, index) => (
          <li key={index} className="outbox-steps__item" data-status={step.status}>
            <span className="outbox-steps__dot" aria-hidden="true" />
            <span>{step.label}</span>
            <span className="visually-hidden">
              {step.status === 'done' ? ' (done)' : step.status === 'attempting' ? ' (in progress)' : ''}
            </span>
            {step.error ? <span className="outbox-steps__error">{step.error.message}</span> : null}
          </li>
        ))}
      </ol>
      {cleanable ? (
        <p className="outbox-job__note">
          Created before it stopped — resume to use them, or delete them from the account:
        </p>
      ) : null}
      <CreatedIds job={job} />
      {problem ? (
        <p className="outbox-job__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cluster outbox-job__actions">
        {waiting ? (
          <Button variant="primary" onClick={() => void act('retry')} busy={busy === 'retry'}>
            <RotateCcw size={16} aria-hidden="true" />
            Retry now
          </Button>
        ) : null}
        {resumable ? (
          <Button variant="primary" onClick={() => void act('retry')} busy={busy === 'retry'}>
            <RotateCcw size={16} aria-hidden="true" />
            Resume
          </Button>
        ) : null}
        {cancellable ? (
          <Button onClick={() => void act('cancel')} busy={busy === 'cancel'}>
            <X size={16} aria-hidden="true" />
            Cancel
          </Button>
        ) : null}
        {retryable ? (
          <Button variant="primary" onClick={() => void act('retry')} busy={busy === 'retry'}>
            <RotateCcw size={16} aria-hidden="true" />
            {/* A canceled job goes on where it stopped; a failed one tries its failed step again. */}
            {job.state === 'canceled' ? 'Resume' : 'Retry'}
          </Button>
        ) : null}
        {cleanable ? (
          <Button onClick={() => void act('cleanUp')} busy={busy === 'cleanUp'}>
            Delete what it created
          </Button>
        ) : null}
        {!ACTIVE_STATES.has(job.state) && job.state !== 'needs_connection' ? (
          <Button variant="ghost" onClick={() => void act('dismiss')} busy={busy === 'dismiss'}>
            Remove from list
          </Button>
        ) : null}
      </div>
    </li>
  )
}

export default function OutboxPage({ route }: { route: RouteInfo }) {
  const { jobs, error, refresh } = useOutboxJobs()
  const now = useNow()
  const activeCount = jobs?.filter((job) => ACTIVE_STATES.has(job.state)).length ?? 0
  const attentionCount = jobs?.filter((job) => job.state === 'needs_attention').length ?? 0
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      {error ? <Banner tone="error">{error}</Banner> : null}
      {jobs && jobs.length === 0 ? (
        <EmptyState icon={route.icon} title="Nothing is waiting to publish">
          <p>Press Publish in an editor to send a draft here.</p>
        </EmptyState>
      ) : null}
      {jobs && jobs.length > 0 ? (
        <section aria-label="Outbox jobs">
          <p className="outbox-summary" role="status">
            {activeCount > 0
              ? `${activeCount} of ${jobs.length} still to publish`
              : attentionCount > 0
                ? `${attentionCount} of ${jobs.length} ${attentionCount === 1 ? 'needs' : 'need'} attention before publishing`
                : `Nothing left to publish (${jobs.length} ${jobs.length === 1 ? 'job' : 'jobs'} listed)`}
          </p>
          <ul className="outbox-list stack stack--tight plain-list">
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} now={now} onChanged={() => void refresh()} />
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
