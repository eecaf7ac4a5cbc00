import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { DraftJobV1 as Job } from '../../../src/main/publish/jobFormat'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { writeJobFileV1 } from '../../support/jobFiles'
import { useSandboxApps } from '../../support/sandboxApps'
import { pollCard, post } from './fixtures'
import { createDraft, waitFor, type App } from './harness'

/**
 * Regressions found by the security and reliability review (issue #10), driven through the real
 * services against the sandbox: a job that could never end, and a publication lost to false
 * adoption.
 */

const apps = useSandboxApps(
  'review faults',
  { port: 0, limits: { requestsPerWindow: 1_000_000 } },
  { resetFaults: true },
)

const jobById = async (app: App, jobId: string) =>
  (await app.call<{ jobs: OutboxJobView[] }>('outbox.list')).jobs.find((job) => job.id === jobId)

/** A post job as an older version of the app left it on disk (queued before text was checked). */
function postJob(
  seq: number,
  profile: { id: string; activeAccountId: string; userId: string },
  name: string,
  text: string,
): Job {
  const draftId = randomUUID()
  const now = new Date().toISOString()
  return {
    schema: 1,
    type: 'draft',
    id: randomUUID(),
    seq,
    draftId,
    draftName: name,
    kind: 'post',
    profileId: profile.id,
    accountId: profile.activeAccountId,
    userId: profile.userId,
    createdAt: now,
    updatedAt: now,
    state: 'active',
    drafts: { [draftId]: { kind: 'post', name, content: post(profile.userId, name, text) } },
    publishedCards: {},
    steps: [{ kind: 'post', id: 's1', status: 'pending', attempts: 0, draftId }],
  }
}

describe('a job whose request cannot be built (lone UTF-16 surrogate)', () => {
  it(
    'stops with a message, sends nothing, does not hold up the next job, and stays dismissable',
    { timeout: 60_000 },
    async () => {
      const dataDir = join(apps.workDir, 'surrogate')
      const { app: setup, profile } = await apps.connected('surrogate')
      await apps.close(setup)

      const broken = postJob(1, profile, 'Broken text', 'Half an emoji: \ud83d')
      const behind = postJob(2, profile, 'Queued behind it', 'A perfectly fine post')
      await writeJobFileV1(dataDir, broken)
      await writeJobFileV1(dataDir, behind)
      const postsBefore = apps.sandbox.created().posts

      const app = apps.open('surrogate')
      const failed = await waitFor(async () => {
        const job = await jobById(app, broken.id)
        return job && job.state !== 'queued' && job.state !== 'running' && job.state !== 'waiting_network'
          ? job
          : undefined
      }, 15_000)
      // The publish gate knows a broken character (issue 9): the preflight stops the job before
      // its first write, naming the field, instead of the client refusing to build the request.
      expect(failed.state).toBe('needs_attention')
      expect(failed.problems).toEqual([
        expect.objectContaining({
          contentPath: ['text'],
          message: expect.stringMatching(/broken character/i),
        }),
      ])
      const published = await waitFor(async () => {
        const job = await jobById(app, behind.id)
        return job?.state === 'published' ? job : undefined
      }, 15_000)
      expect(apps.sandbox.created().posts - postsBefore).toBe(1)
      expect(apps.sandbox.list('posts').some((p) => p.id === published.created.postId)).toBe(true)

      // It cannot wedge anything: cancel and dismiss always answer.
      expect((await app.call<{ job: OutboxJobView }>('outbox.cancel', { jobId: broken.id })).job.state).toBe(
        'needs_attention',
      )
      await app.call('outbox.dismiss', { jobId: broken.id })
      expect(await jobById(app, broken.id)).toBeUndefined()
      expect(apps.sandbox.created().posts - postsBefore).toBe(1)
    },
  )
})

describe('false adoption: identical content published again after the first job was dismissed', () => {
  const cases = [
    {
      kind: 'post' as const,
      path: 'POST [^ ]*/accounts/[^/]+/post$',
      list: 'posts' as const,
      idOf: (job: OutboxJobView) => job.created.postId,
      content: (userId: string, name: string) => post(userId, name, 'Exactly the same words'),
    },
    {
      kind: 'poll_card' as const,
      path: 'POST [^ ]*/accounts/[^/]+/cards/poll$',
      list: 'poll_cards' as const,
      idOf: (job: OutboxJobView) => job.created.cardId,
      content: (_userId: string, name: string) => pollCard(name, ['Same', 'Choices']),
    },
  ]
  const faults = [
    {
      fault: 'a dropped response (committed, answer lost)',
      set: { dropAfterCommitRate: 1 },
      count: 'drops' as const,
      times: 1,
    },
    // The sandbox answers 500 or 503 at random; only a 500 leaves the outcome unknown, so several
    // in a row make sure at least one reconciliation ran (the sequence is seeded).
    {
      fault: 'server errors before anything was committed',
      set: { errorRate: 1 },
      count: 'errors' as const,
      times: 4,
    },
  ]

  for (const c of cases) {
    for (const f of faults) {
      it(
        `${c.kind}, ${f.fault}: two objects on the platform, the second job owns the new one`,
        { timeout: 60_000 },
        async () => {
          const dirName = `adopt-${c.kind}-${f.count}`
          const { app, profile } = await apps.connected(dirName)
          const name = `Twin ${c.kind} ${f.count} ${randomUUID().slice(0, 8)}`
          const ofName = () => apps.sandbox.list(c.list).filter((item) => item.name === name)

          const first = await createDraft(app, c.kind, name, c.content(profile.userId, name))
          const queued = (await app.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId: first })).job
          const published = await waitFor(async () => {
            const job = await jobById(app, queued.id)
            return job?.state === 'published' ? job : undefined
          })
          const firstId = c.idOf(published)
          expect(firstId).toBeDefined()
          await app.call('outbox.dismiss', { jobId: queued.id })

          // Restart between the two: the dismissed job is gone from memory and from disk.
          await apps.close(app)
          const again = apps.open(dirName)
          const second = await createDraft(again, c.kind, name, c.content(profile.userId, name))
          const before = apps.sandbox.faultCounts()[f.count]
          apps.sandbox.setFaults({ ...f.set, pathPattern: c.path })
          const requeued = (await again.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId: second }))
            .job
          await waitFor(async () =>
            apps.sandbox.faultCounts()[f.count] >= before + f.times ? true : undefined,
          )
          apps.sandbox.setFaults({ errorRate: 0, dropAfterCommitRate: 0, pathPattern: undefined })
          const republished = await waitFor(async () => {
            const job = await jobById(again, requeued.id)
            return job?.state === 'published' || job?.state === 'failed' ? job : undefined
          })

          expect(republished.state).toBe('published')
          expect(ofName()).toHaveLength(2)
          expect(c.idOf(republished)).not.toBe(firstId)
          expect(ofName().map((item) => item.id)).toContain(c.idOf(republished))
        },
      )
    }
  }
})
