import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdsContext } from '../../../src/main/api/adsRequest'
import type { PublishAccess } from '../../../src/main/publish/access'
import { createAccountFeaturesCache } from '../../../src/main/publish/accountFeatures'
import { createOutbox } from '../../../src/main/publish/outbox'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { AppFailure, appError } from '../../../src/shared/errors'
import type { OutboxError } from '../../../src/shared/ipc/contracts/outbox'
import { emptyPostContent } from '../../../src/shared/creatives/post'
import { pollCard } from '../../integration/publish/fixtures'
import { createFakeAds, fakeAccess, memoryDrafts } from './fakeAds'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

const ctx = {} as AdsContext

describe('the account features cache', () => {
  it('answers from the cache while young, fetches again when old or invalidated, and keeps the time', async () => {
    let clock = 1_000
    const answers = [['A'], ['A', 'B'], ['A', 'B', 'C']]
    const fetched: string[] = []
    const cache = createAccountFeaturesCache({
      now: () => clock,
      maxAgeMs: 100,
      fetch: async (_ctx, accountId) => {
        fetched.push(accountId)
        return answers.shift()!
      },
    })
    expect(await cache.get(ctx, 'acc')).toEqual({ features: ['A'], fetchedAt: 1_000 })
    clock = 1_050
    expect((await cache.get(ctx, 'acc')).features).toEqual(['A'])
    clock = 1_100
    expect(await cache.get(ctx, 'acc')).toEqual({ features: ['A', 'B'], fetchedAt: 1_100 })
    cache.invalidate('acc')
    expect(cache.peek('acc')).toBeUndefined()
    expect((await cache.get(ctx, 'acc')).features).toEqual(['A', 'B', 'C'])
    expect(fetched).toEqual(['acc', 'acc', 'acc'])
  })
})

const poll: Draft = {
  id: '00000000-0000-4000-8000-00000000a001',
  kind: 'poll_card',
  name: 'Poll',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  schemaVersion: 2,
  status: 'draft',
  content: pollCard('Poll', ['A', 'B']),
}

async function outboxWith(
  preflight: () => Promise<OutboxError[]>,
  options: { backoffBaseMs: number; backoffMaxMs: number } = { backoffBaseMs: 1, backoffMaxMs: 5 },
) {
  const dataDir = await mkdtemp(join(tmpdir(), 'preflight-unit-'))
  dirs.push(dataDir)
  const fake = createFakeAds()
  const drafts = memoryDrafts([structuredClone(poll)])
  const outbox = createOutbox({ dataDir, drafts, access: fakeAccess(fake), options, preflight })
  return { outbox, fake, drafts }
}

describe('the runner and its preflight', () => {
  it('stops in needs_attention with the problems and sends nothing when the preflight finds any', async () => {
    const problem: OutboxError = {
      code: 'needs_feature',
      message: 'Needs PROMOTED_MEDIA_POLLS',
      draftId: poll.id,
    }
    const { outbox, fake, drafts } = await outboxWith(async () => [problem])
    await outbox.enqueue(poll.id)
    await outbox.idle()
    const [job] = await outbox.list()
    expect(job).toMatchObject({ state: 'needs_attention', problems: [problem], stepsDone: 0 })
    expect(fake.posts).toEqual([])
    expect(drafts.all.get(poll.id)?.status).toBe('failed')
    await outbox.dispose()
  })

  it('waits out network trouble during the preflight, showing the attempt, and publishes once it passes', async () => {
    let failuresLeft = 2
    const { outbox, fake } = await outboxWith(
      async () => {
        // First nothing answers, then the server answers with an error: each wait says which.
        if (failuresLeft-- > 0)
          throw new AppFailure(
            failuresLeft === 1
              ? appError('offline', 'no network')
              : appError('server_unavailable', 'The server had an error'),
          )
        return []
      },
      { backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
    )
    await outbox.enqueue(poll.id)
    const waiting = async (attempt: number) => {
      for (let i = 0; i < 500; i++) {
        const job = (await outbox.list())[0]
        if (job?.state === 'waiting_network' && job.attempt === attempt) return job
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      throw new Error(`never waited before attempt ${attempt}`)
    }
    const first = await waiting(2)
    expect(Date.parse(first.retryAt!)).toBeGreaterThan(Date.now())
    expect(first.waitCause).toBe('network')
    // "Retry now" ends the wait at once.
    await outbox.retry(first.id)
    expect((await waiting(3)).waitCause).toBe('server')
    await outbox.retry(first.id)
    await outbox.idle()
    expect((await outbox.list())[0]).toMatchObject({ state: 'published' })
    expect((await outbox.list())[0]!.attempt).toBeUndefined()
    expect(fake.posts).toEqual(['cards/poll'])
    await outbox.dispose()
  })

  it('resuming a job that needs attention makes it again from the draft as it is now', async () => {
    let calls = 0
    const { outbox, fake, drafts } = await outboxWith(async () =>
      ++calls === 1 ? [{ code: 'file_changed', message: 'hero.png changed', draftId: poll.id }] : [],
    )
    await outbox.enqueue(poll.id)
    await outbox.idle()
    const stopped = (await outbox.list())[0]!
    drafts.all.set(poll.id, { ...drafts.all.get(poll.id)!, content: pollCard('Poll', ['Yes', 'No']) })
    const resumed = await outbox.retry(stopped.id)
    expect(resumed.id).not.toBe(stopped.id)
    await outbox.idle()
    const jobs = await outbox.list()
    expect(jobs).toHaveLength(1)
    expect(jobs[0]).toMatchObject({ state: 'published' })
    expect(fake.created.polls.map((p) => [p.first_choice, p.second_choice])).toEqual([['Yes', 'No']])
    await outbox.dispose()
  })

  it('refuses to queue for a revoked profile with what to do, before any rule speaks of the advertiser', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'preflight-unit-'))
    dirs.push(dataDir)
    const fake = createFakeAds()
    const post: Draft = {
      ...poll,
      id: '00000000-0000-4000-8000-00000000a002',
      kind: 'post',
      name: 'Post',
      // A revoked profile has no user: a new post's advertiser stays empty.
      content: { ...emptyPostContent(''), text: 'Hello' },
    }
    const revoked: PublishAccess = { ...fakeAccess(fake), status: () => 'expired' }
    const outbox = createOutbox({ dataDir, drafts: memoryDrafts([post]), access: revoked })
    await expect(outbox.enqueue(post.id)).rejects.toMatchObject({
      code: 'token_expired',
      message: 'Your access was revoked — authorize again',
    })
    expect(await outbox.list()).toEqual([])
    await outbox.dispose()
  })

  it('the review sheet refuses exactly as the queue does: no profile, a revoked one, no ad account', async () => {
    const fake = createFakeAds()
    const cases: { access: PublishAccess; refusal: { code: string; message: string } }[] = [
      {
        access: { ...fakeAccess(fake), active: () => undefined },
        refusal: { code: 'token_expired', message: 'Connect a profile before publishing' },
      },
      {
        access: { ...fakeAccess(fake), status: () => 'expired' },
        refusal: { code: 'token_expired', message: 'Your access was revoked — authorize again' },
      },
      {
        access: { ...fakeAccess(fake), active: () => ({ profileId: 'p', userId: '42', label: 'P' }) },
        refusal: {
          code: 'invalid_input',
          message: 'Pick an ad account on the Connect page before publishing',
        },
      },
    ]
    for (const { access, refusal } of cases) {
      const dataDir = await mkdtemp(join(tmpdir(), 'preflight-unit-'))
      dirs.push(dataDir)
      const outbox = createOutbox({ dataDir, drafts: memoryDrafts([poll]), access })
      await expect(outbox.review(poll.id)).rejects.toMatchObject(refusal)
      await expect(outbox.enqueue(poll.id)).rejects.toMatchObject(refusal)
      expect(await outbox.list()).toEqual([])
      await outbox.dispose()
    }
  })
})
