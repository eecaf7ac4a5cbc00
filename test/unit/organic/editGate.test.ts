// The edit gate: an edit of a post whose hour is over is refused before anything is sent, by the
// service when it is queued and by the outbox step when it runs later, with the time it ended.
import { describe, expect, it, vi } from 'vitest'
import { AppFailure, appError } from '../../../src/shared/errors'
import { organicPostOperation } from '../../../src/main/organic/operations'
import { createOrganicService } from '../../../src/main/organic/organicService'
import type { JobEnv } from '../../../src/main/publish/executor'

const CREATED = Date.parse('2026-12-07T10:00:00Z')
const UNTIL = CREATED + 60 * 60_000
const POST_ID = '1700000000000000042'
const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'

function fakeContext(answers: Record<string, unknown>) {
  const send = vi.fn(async (request: { method: string; url: string }) => {
    if (request.method === 'GET') return { status: 200, headers: {}, text: '', json: answers.read }
    if (answers.create instanceof Error) throw answers.create
    return { status: 201, headers: {}, text: '', json: answers.create }
  })
  const ctx = {
    http: { send, exchange: send, clockOffsetMs: () => 0 },
    hosts: { apiUrl: 'http://platform', adsUrl: 'http://ads', adsSandboxUrl: 'http://sbx' },
    credentials: { consumerKey: 'k', consumerSecret: 's', token: 't', tokenSecret: 'ts' },
  }
  return { ctx, send }
}

const readAnswer = {
  data: {
    id: POST_ID,
    text: 'Original',
    author_id: '42',
    created_at: new Date(CREATED).toISOString(),
    edit_history_post_ids: [POST_ID],
    edit_controls: {
      edits_remaining: 5,
      is_edit_eligible: true,
      editable_until: new Date(UNTIL).toISOString(),
    },
  },
}

function service(now: number) {
  const { ctx, send } = fakeContext({ read: readAnswer })
  const enqueueOperations = vi.fn(async () => ({ id: 'job' }) as never)
  const organic = createOrganicService({
    withAdsContext: (_profileId, work) => work(ctx as never),
    userIdOf: () => '42',
    outbox: { enqueueOperations },
    now: () => now,
  })
  return { organic, send, enqueueOperations }
}

const editRequest = {
  profileId: PROFILE_ID,
  accountId: 'acc1',
  text: 'Fixed',
  paidPartnership: false,
  previousPostId: POST_ID,
}

describe('editing a post within its hour', () => {
  it('queues an edit before the hour ends, carrying the end of the hour', async () => {
    const { organic, enqueueOperations } = service(UNTIL - 60_000)
    await organic.publish(editRequest)
    expect(enqueueOperations).toHaveBeenCalledWith(
      expect.objectContaining({
        steps: [
          {
            op: 'post.organic',
            params: {
              text: 'Fixed',
              paidPartnership: false,
              edit: { previousPostId: POST_ID, editableUntil: UNTIL },
            },
          },
        ],
      }),
    )
  })

  it('refuses it after the hour, with the time it ended, and queues nothing', async () => {
    const { organic, send, enqueueOperations } = service(UNTIL + 1)
    await expect(organic.publish(editRequest)).rejects.toMatchObject({
      code: 'local_failure',
      field: 'previousPostId',
      message: expect.stringContaining('ended at 2026-12-07T11:00:00Z'),
    })
    expect(enqueueOperations).not.toHaveBeenCalled()
    expect(send.mock.calls.filter(([request]) => request.method === 'POST')).toEqual([])
  })

  it('the step refuses an edit queued in time that runs after the hour, without sending', async () => {
    const { ctx, send } = fakeContext({
      create: { data: { id: '1', text: 'x', edit_history_post_ids: ['1'] } },
    })
    const env = { ctx, now: () => UNTIL + 5_000 } as unknown as JobEnv
    const params = {
      text: 'Fixed',
      paidPartnership: false,
      edit: { previousPostId: POST_ID, editableUntil: UNTIL },
    }
    await expect(organicPostOperation.run(env, { params, attempts: 0 })).rejects.toMatchObject({
      code: 'local_failure',
      message: expect.stringContaining('ended at 2026-12-07T11:00:00Z'),
    })
    expect(send).not.toHaveBeenCalled()
    const inTime = { ...env, now: () => UNTIL - 5_000 } as JobEnv
    await expect(organicPostOperation.run(inTime, { params, attempts: 0 })).resolves.toEqual({
      postId: '1',
      editOf: POST_ID,
    })
    expect(send.mock.calls[0]?.[0]).toMatchObject({
      method: 'POST',
      url: 'http://platform/2/posts',
      body: {
        kind: 'json',
        value: { text: 'Fixed', paid_partnership: false, edit_options: { previous_post_id: POST_ID } },
      },
    })
  })

  it('explains the premium requirement when the platform refuses the edit', async () => {
    const refused = new AppFailure(
      appError(
        'forbidden',
        'Not allowed: Editing posts requires the premium subscription; @designer has none',
      ),
    )
    const { ctx } = fakeContext({ create: refused })
    const env = { ctx, now: () => UNTIL - 5_000 } as unknown as JobEnv
    const params = {
      text: 'Fixed',
      paidPartnership: false,
      edit: { previousPostId: POST_ID, editableUntil: UNTIL },
    }
    await expect(organicPostOperation.run(env, { params, attempts: 0 })).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/requires the premium subscription on the account that posted it/),
    })
  })

  it("refuses someone else's post before queueing", async () => {
    const { organic, enqueueOperations } = service(UNTIL - 60_000)
    const other = createOrganicService({
      withAdsContext: (_p, work) => work(fakeContext({ read: readAnswer }).ctx as never),
      userIdOf: () => '7',
      outbox: { enqueueOperations },
      now: () => UNTIL - 60_000,
    })
    await expect(other.publish(editRequest)).rejects.toMatchObject({ message: /not yours/ })
    expect(organic).toBeDefined()
    expect(enqueueOperations).not.toHaveBeenCalled()
  })
})
