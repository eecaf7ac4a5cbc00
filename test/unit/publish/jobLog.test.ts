// The job book's lines in main's log: one per state change and per wait, by id, state, count and
// code, never the job's title, its steps' labels and params, or a failure's message.
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../src/main/log/logger'
import { createKnownSecrets } from '../../../src/main/log/scrub'
import { JOB_SCHEMA_VERSION, type OutboxJob } from '../../../src/main/publish/job'
import { createJobBook } from '../../../src/main/publish/jobBook'
import type { JobStore } from '../../../src/main/publish/jobStore'

function recordingBook() {
  const written: string[] = []
  const log = createLogger({ write: (line: string) => void written.push(line) }, createKnownSecrets())
  const store: JobStore = {
    dir: '',
    loadAll: async () => ({ jobs: [], unreadable: [] }),
    save: async () => undefined,
    remove: async () => undefined,
    close: async () => undefined,
  }
  const now = 1_000_000
  const book = createJobBook({
    store,
    now: () => now,
    creates: () => false,
    log: log.child({ module: 'outbox' }),
  })
  const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>)
  return { book, lines, written, now }
}

const job = (): OutboxJob => ({
  schema: JOB_SCHEMA_VERSION,
  id: 'job-1',
  seq: 1,
  area: 'audiences',
  title: 'Upload Summer buyers to Loyal customers',
  continueOnError: true,
  profileId: 'profile-1',
  accountId: 'acc-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  state: 'active',
  steps: [
    {
      kind: 'operation',
      id: 's1',
      op: 'audience.upload',
      status: 'done',
      attempts: 1,
      params: { emails: ['buyer@shop.example'] },
      label: 'Send Summer buyers',
    },
    {
      kind: 'operation',
      id: 's2',
      op: 'audience.upload',
      status: 'pending',
      attempts: 1,
      params: { users: [{ email: 'other@shop.example' }] },
      label: 'Send Winter buyers',
      error: { code: 'INVALID_USER', message: 'other@shop.example was refused' },
    },
  ],
})

/** A failure whose message quotes a list's name and a customer, as a platform's might. */
const LOCKED = {
  error: { code: 'AUDIENCE_LOCKED', message: 'The list “Summer buyers” is locked by buyer@shop.example' },
}

describe('job lines', () => {
  it('says a job was queued, and each change of state with its steps counted and its code', async () => {
    const { book, lines } = recordingBook()
    const queued = job()
    await book.add(queued)
    await book.setState(queued, 'failed', LOCKED)
    expect(lines()).toEqual([
      expect.objectContaining({
        module: 'outbox',
        msg: 'job queued',
        jobId: 'job-1',
        area: 'audiences',
        accountId: 'acc-1',
        to: 'active',
        steps: { done: 1, total: 2, failed: 1 },
      }),
      expect.objectContaining({
        msg: 'job state changed',
        jobId: 'job-1',
        from: 'active',
        to: 'failed',
        code: 'AUDIENCE_LOCKED',
      }),
    ])
  })

  it('writes nothing of the title, the steps or a message', async () => {
    const { book, written } = recordingBook()
    const queued = job()
    await book.add(queued)
    await book.setState(queued, 'failed', LOCKED)
    const text = written.join('')
    for (const word of ['Summer', 'Winter', 'Loyal', 'buyer@', 'other@', 'refused', 'locked by'])
      expect(text).not.toContain(word)
  })

  it('writes no line when the state stays as it was', async () => {
    const { book, lines } = recordingBook()
    const queued = job()
    await book.add(queued)
    await book.setState(queued, 'active')
    expect(lines().map((line) => line.msg)).toEqual(['job queued'])
  })

  it('says when a running job waits, for how long and why, but not the failure it quotes', () => {
    const { book, lines, now } = recordingBook()
    const waiting = job()
    book.setLive(waiting, { phase: 'running' })
    book.setLive(waiting, {
      phase: 'waiting_network',
      retryAt: now + 4_000,
      attempt: 3,
      waitCause: 'network',
      reason: 'ads-api.example did not answer for “Summer buyers”',
    })
    expect(lines()).toEqual([
      expect.objectContaining({
        msg: 'job waiting',
        jobId: 'job-1',
        phase: 'waiting_network',
        waitMs: 4_000,
        attempt: 3,
        cause: 'network',
      }),
    ])
    expect(JSON.stringify(lines())).not.toContain('Summer')
  })
})
