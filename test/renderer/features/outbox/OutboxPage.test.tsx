// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ROUTES } from '../../../../src/renderer/app/routes'
import { FailureBanner } from '../../../../src/renderer/kits/connection/FailureBanner'
import { failureOf } from '../../../../src/renderer/lib/failures'
import OutboxPage from '../../../../src/renderer/features/outbox/OutboxPage'
import { clockTime, stateLine } from '../../../../src/renderer/kits/jobs/outboxModel'
import { IpcFailure } from '../../../../src/renderer/lib/ipc'
import type { OutboxJobView } from '../../../../src/shared/ipc/contracts/outbox'

afterEach(cleanup)

const DRAFT_ID = '00000000-0000-4000-8000-00000000b001'

function job(id: string, overrides: Partial<OutboxJobView>): OutboxJobView {
  return {
    id,
    type: 'draft',
    title: `Job ${id}`,
    draftId: DRAFT_ID,
    kind: 'poll_card',
    profileId: 'p',
    accountId: 'acc',
    state: 'queued',
    steps: [
      { kind: 'upload', label: 'Upload hero.png', status: 'pending' },
      { kind: 'card', label: 'Create the poll card', status: 'pending' },
    ],
    stepsDone: 0,
    created: { mediaKeys: [] },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

function installOutbox(jobs: OutboxJobView[]) {
  const retry = vi.fn(({ jobId }: { jobId: string }) =>
    Promise.resolve({ ok: true as const, value: { job: jobs.find((entry) => entry.id === jobId)! } }),
  )
  const studio = {
    outbox: {
      list: () => Promise.resolve({ ok: true as const, value: { jobs } }),
      retry,
      cancel: vi.fn(),
      dismiss: vi.fn(),
    },
  }
  Object.defineProperty(window, 'studio', { value: studio, configurable: true })
  return { retry }
}

const route = ROUTES.find((entry) => entry.id === 'outbox')!
const inFuture = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()

describe('the outbox states a person can act on', () => {
  it('lists what the preflight found, says nothing was sent, and resumes', async () => {
    const attention = job('j1', {
      state: 'needs_attention',
      problems: [
        {
          code: 'needs_feature',
          message: 'Poll media need the PROMOTED_MEDIA_POLLS account feature',
          draftId: DRAFT_ID,
          contentPath: ['media'],
        },
      ],
    })
    const { retry } = installOutbox([attention])
    render(<OutboxPage route={route} />)
    const row = await screen.findByTestId('outbox-job')
    expect(within(row).getByTestId('outbox-state')).toHaveTextContent(
      'Needs attention — 1 thing to fix; nothing was sent',
    )
    const list = within(row).getByTestId('outbox-attention')
    expect(list).toHaveTextContent('Nothing was uploaded')
    expect(list).toHaveTextContent('PROMOTED_MEDIA_POLLS')
    expect(within(list).getByRole('button', { name: 'Open “Job j1” to fix it' })).toBeInTheDocument()
    fireEvent.click(within(row).getByRole('button', { name: 'Resume' }))
    await waitFor(() => expect(retry).toHaveBeenCalledWith({ jobId: 'j1' }))
  })

  it('a rate-limited job says when it resumes and offers Retry now', async () => {
    const retryAt = inFuture(600)
    const { retry } = installOutbox([job('j2', { state: 'rate_limited', retryAt })])
    render(<OutboxPage route={route} />)
    const row = await screen.findByTestId('outbox-job')
    expect(within(row).getByTestId('outbox-state')).toHaveTextContent(
      `Rate limited — resumes at ${clockTime(retryAt)}`,
    )
    fireEvent.click(within(row).getByRole('button', { name: 'Retry now' }))
    await waitFor(() => expect(retry).toHaveBeenCalledWith({ jobId: 'j2' }))
  })

  it('a job retrying after failures shows the attempt, the next try and the host that did not answer', async () => {
    const retryAt = inFuture(30)
    installOutbox([
      job('j3', {
        state: 'waiting_network',
        retryAt,
        attempt: 3,
        waitReason:
          'Nothing answered at 127.0.0.1:4010 — is the server (for example the local sandbox) running?',
      }),
    ])
    render(<OutboxPage route={route} />)
    const row = await screen.findByTestId('outbox-job')
    expect(within(row).getByTestId('outbox-state')).toHaveTextContent(
      new RegExp(`^Waiting for the network — attempt 3 at ${clockTime(retryAt, true)} \\(in \\d+ s\\)$`),
    )
    expect(within(row).getByTestId('outbox-wait-reason')).toHaveTextContent(
      'Nothing answered at 127.0.0.1:4010',
    )
    expect(within(row).getByRole('button', { name: 'Retry now' })).toBeInTheDocument()
  })

  it('a job retrying after server errors says the server answered with an error, not the network', () => {
    const retryAt = inFuture(30)
    const waiting = job('j6', { state: 'waiting_network', retryAt, attempt: 2, waitCause: 'server' })
    expect(stateLine(waiting, Date.now())).toMatch(
      new RegExp(
        `^The server answered with an error — attempt 2 at ${clockTime(retryAt, true)} \\(in \\d+ s\\)$`,
      ),
    )
  })

  it('names the running attempt, and a revoked profile in words that say what to do', () => {
    const running = job('j4', { state: 'running', attempt: 2 })
    expect(stateLine(running, Date.now())).toBe('Running step 1 of 2 (attempt 2): Upload hero.png')
    expect(stateLine(job('j5', { state: 'needs_connection' }), Date.now())).toBe(
      'Your access was revoked — authorize again',
    )
  })
})

describe('a rate limit on a screen that reads from the platform', () => {
  it('says when requests resume and retries now on request', () => {
    const now = Date.parse('2026-03-01T14:30:00')
    const failure = failureOf(
      new IpcFailure({
        code: 'rate_limited',
        message: 'The platform rate limit was reached',
        retryAfter: 120,
      }),
      now,
    )
    const onRetry = vi.fn()
    render(<FailureBanner failure={failure} onRetry={onRetry} />)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The platform rate limit was reached — resumes at 14:32',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Retry now' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
