import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import type { EditablePost } from '../../../src/shared/ipc/contracts/organic'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

let sandbox: Sandbox
let app: ConnectedApp
let accountId: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  accountId = sandbox.demo.accountIds[0]!
  app = await openConnectedApp(sandbox, {
    keychainService: `Ads Studio organic test ${process.pid}`,
    config: { outbox: { backoffBaseMs: 20, backoffMaxMs: 100 } },
  })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const base = () => ({ profileId: app.profile.id, accountId, paidPartnership: false })
async function publish(request: Record<string, unknown>): Promise<OutboxJobView> {
  const { job } = await app.call<{ job: OutboxJobView }>('organic.publish', { ...base(), ...request })
  await app.services.outbox.idle()
  return (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })).job
}
const posts = () => sandbox.list('posts') as Record<string, unknown>[]
const newest = () => posts().at(-1)!
const editable = (postId: string) =>
  app.call<{ post: EditablePost }>('organic.editable', { profileId: app.profile.id, postId })

describe('organic posts through POST /2/posts', () => {
  it('posts to the timeline with the paid-partnership label, in a community shared with followers', async () => {
    const job = await publish({
      text: 'Our spring collection is here',
      paidPartnership: true,
      communityId: sandbox.demo.communityId,
      shareWithFollowers: true,
    })
    expect(job.state).toBe('done')
    expect(newest()).toMatchObject({
      text: 'Our spring collection is here',
      paid_partnership: true,
      community_id: sandbox.demo.communityId,
      share_with_followers: true,
    })
  })

  it('edits its own post within the hour, telling how long is left', async () => {
    const start = Date.now()
    await publish({ text: 'Sale starts Monday' })
    const original = String(newest().id)
    const { post } = await editable(original)
    expect(post.notEditable).toBeUndefined()
    expect(post.editableUntil - start).toBeGreaterThan(59 * 60_000)
    expect(post.editableUntil - start).toBeLessThanOrEqual(60 * 60_000 + 5_000)
    const job = await publish({ text: 'Sale starts Tuesday', previousPostId: original })
    expect(job.state).toBe('done')
    const edited = String(newest().id)
    expect(newest()).toMatchObject({ text: 'Sale starts Tuesday' })
    expect(edited).not.toBe(original)
    expect((await editable(edited)).post.editableUntil).toBe(post.editableUntil)
  })

  it("explains the platform's premium requirement when it refuses an edit", async () => {
    await publish({ text: 'Premium only' })
    const postId = String(newest().id)
    const set = (premium: boolean) =>
      fetch(`${sandbox.apiUrl}/__admin/users/${app.profile.userId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ premium }),
      })
    expect((await set(false)).status).toBe(200)
    try {
      const job = await publish({ text: 'Premium only, edited', previousPostId: postId })
      expect(job.state).toBe('failed')
      expect(job.error?.message).toMatch(/requires the premium subscription on the account that posted it/)
    } finally {
      await set(true)
    }
  })
})
