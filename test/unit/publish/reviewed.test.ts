import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { AnyOperationExecutor } from '../../../src/main/publish/operations/types'
import { createOutbox } from '../../../src/main/publish/outbox'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { image, post } from '../../integration/publish/fixtures'
import { createTestGrants } from '../../support/grantedMedia'
import { createFakeAds, fakeAccess, memoryDrafts } from './fakeAds'

/**
 * A publish job sends exactly what the review sheet showed, or stops and asks (issue 39, D12).
 * The designer may edit a draft while its job waits; the job notices before its next write.
 */

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

const { localFiles, chosenIn, close: closeGrants } = createTestGrants('outbox-reviewed')
afterAll(closeGrants)

const CHANGED = 'This draft changed after you reviewed it — review it again'

function postDraft(text: string, content = post('42', 'Spring post', text)): Draft {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    kind: 'post',
    name: 'Spring post',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    schemaVersion: 2,
    status: 'draft',
    content,
  }
}

/** An operation that holds its account's queue until released: the draft job behind it waits. */
function queueHolder() {
  const held = { release: undefined as (() => void) | undefined }
  const executor: AnyOperationExecutor = {
    op: 'test.hold',
    params: z.object({}).strict(),
    label: () => 'Hold the queue',
    retry: 'repeatable',
    run: () => new Promise((resolve) => (held.release = () => resolve({}))),
  }
  return { executor, held }
}

async function setup(draft: Draft) {
  const dataDir = await mkdtemp(join(tmpdir(), 'outbox-reviewed-'))
  dirs.push(dataDir)
  const fake = createFakeAds()
  const drafts = memoryDrafts([draft])
  const { executor, held } = queueHolder()
  const outbox = createOutbox({
    dataDir,
    drafts,
    access: fakeAccess(fake),
    localMedia: localFiles.reader,
    operations: [executor],
    options: { backoffBaseMs: 1, backoffMaxMs: 5 },
  })
  /** Queues the holder and waits until it runs: later jobs of the account wait behind it. */
  const holdQueue = async () => {
    await outbox.enqueueOperations({
      profileId: 'p',
      accountId: 'acc',
      area: 'test',
      title: 'Hold',
      steps: [{ op: 'test.hold', params: {} }],
    })
    await vi.waitFor(() => expect(held.release).toBeDefined())
  }
  const edit = (text: string) => {
    const current = drafts.all.get(draft.id)!
    drafts.all.set(draft.id, { ...current, content: { ...(current.content as object), text } })
  }
  const postTexts = () => fake.created.posts.map((created) => created.full_text)
  return { outbox, fake, drafts, holdQueue, release: () => held.release!(), edit, postTexts, dataDir }
}

describe('a publish job sends what was reviewed, or stops and asks', () => {
  it('retry after a cancel and an edit never sends the old text', async () => {
    const draft = postDraft('Old text')
    const { outbox, drafts, holdQueue, release, edit, postTexts } = await setup(draft)
    await holdQueue()
    const queued = await outbox.enqueue(draft.id)
    expect((await outbox.cancel(queued.id)).state).toBe('canceled')
    edit('New text')

    const retried = await outbox.retry(queued.id)
    release()
    await outbox.idle()
    expect(postTexts()).not.toContain('Old text')
    // Nothing was sent: the job asks for a new review instead of resuming the old snapshot.
    expect(postTexts()).toEqual([])
    expect(retried).toMatchObject({ state: 'needs_attention', problems: [{ message: CHANGED }] })
    expect(await outbox.job(queued.id)).toMatchObject({
      state: 'needs_attention',
      problems: [{ code: 'draft_changed', message: CHANGED, draftId: draft.id }],
    })
    expect(drafts.all.get(draft.id)?.status).not.toBe('published')
    await outbox.dispose()
  })

  it('a queued job whose draft was edited sends nothing the review did not show, and the draft is not marked published', async () => {
    const draft = postDraft('Reviewed text')
    const { outbox, drafts, holdQueue, release, edit, postTexts } = await setup(draft)
    await holdQueue()
    await outbox.review(draft.id)
    const queued = await outbox.enqueue(draft.id)
    edit('Edited after the review')

    release()
    await outbox.idle()
    expect(postTexts()).toEqual([])
    expect(await outbox.job(queued.id)).toMatchObject({
      state: 'needs_attention',
      stepsDone: 0,
      problems: [{ code: 'draft_changed', message: CHANGED, draftId: draft.id }],
    })
    expect(drafts.all.get(draft.id)?.status).toBe('failed')
    await outbox.dispose()
  })

  it('an edit while the job runs stops it before its next write; publishing again after review reuses what was made', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-reviewed-media-'))
    dirs.push(dir)
    const draft = postDraft(
      '',
      post('42', 'Spring post', 'Before', { media: [await image(chosenIn(dir), 'spring')] }),
    )
    const { outbox, fake, drafts, edit, postTexts } = await setup(draft)
    // The designer edits the text while the image is being added to the media library.
    const send = fake.send.bind(fake)
    fake.send = async (req) => {
      if (req.method === 'POST' && req.url.endsWith('/media_library')) edit('After')
      return send(req)
    }
    const queued = await outbox.enqueue(draft.id)
    await outbox.idle()
    expect(postTexts()).toEqual([])
    const stopped = await outbox.job(queued.id)
    expect(stopped).toMatchObject({ state: 'needs_attention', problems: [{ message: CHANGED }] })
    expect(stopped.steps.map((step) => [step.kind, step.status])).toEqual([
      ['upload', 'done'],
      ['library', 'done'],
      ['post', 'pending'],
    ])

    // Resume cannot stand in for the review; Publish from the review sheet queues the draft anew.
    await expect(outbox.retry(queued.id)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/review it again/),
    })
    expect(drafts.all.get(draft.id)?.status).toBe('failed')
    await outbox.review(draft.id)
    await outbox.enqueue(draft.id)
    await outbox.idle()
    expect(postTexts()).toEqual(['After'])
    // The image uploaded and added before the stop is used again, not sent twice.
    expect(fake.created.uploads).toBe(1)
    expect(fake.created.library).toHaveLength(1)
    expect((await outbox.list()).map((job) => job.state)).toEqual(['published'])
    expect(drafts.all.get(draft.id)?.status).toBe('published')
    await outbox.dispose()
  })

  it('an unchanged draft still resumes after a cancel, sending what was reviewed', async () => {
    const draft = postDraft('Same text')
    const { outbox, holdQueue, release, postTexts } = await setup(draft)
    await holdQueue()
    const queued = await outbox.enqueue(draft.id)
    await outbox.cancel(queued.id)
    await outbox.retry(queued.id)
    release()
    await outbox.idle()
    expect(postTexts()).toEqual(['Same text'])
    expect((await outbox.job(queued.id)).state).toBe('published')
    await outbox.dispose()
  })
})
