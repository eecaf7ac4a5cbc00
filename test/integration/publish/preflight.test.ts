import { execFileSync } from 'node:child_process'
import { rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { LocalMediaRef } from '../../../src/shared/creatives/media'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { localMedium, pngOf } from '../../support/mediaFixtures'
import { buildMp4, validVideoSpec } from '../../support/mp4Writer'
import { useSandboxApps } from '../../support/sandboxApps'
import { image, pollCard, post, singleCard } from './fixtures'
import { createDraft, waitFor, draftJob, untilDraftJob } from './harness'

/**
 * The preflight a publish job passes before its first network write, against the sandbox: what
 * the account lacks, a file changed or gone since it was added, a library medium deleted. Each
 * stops the job in "needs attention" with nothing created; fixing the draft and resuming
 * publishes it once.
 */

const apps = useSandboxApps('preflight test')

/** What the import dialog answers next. */
const importAnswers: string[] = []

async function connectedApp(name: string, account: 'first' | 'without poll media' = 'first') {
  const { app, profile } = await apps.connected(name, {
    dialogs: {
      chooseExportPath: async () => null,
      chooseImportFile: async () => importAnswers.shift() ?? null,
    },
  })
  if (account === 'without poll media') {
    const accountId = apps.sandbox.demo.accountIds[1]!
    await app.call('accounts.select', { profileId: profile.id, accountId })
  }
  return { app, profile }
}

/** Objects the sandbox made through the API, uploads included. */
const createdTotal = () => Object.values(apps.sandbox.created()).reduce((sum, count) => sum + count, 0)

describe('the preflight before a publish job writes anything', () => {
  it('stops a poll card with media on an account without PROMOTED_MEDIA_POLLS before any upload, then publishes the fixed draft once', async () => {
    const { app } = await connectedApp('features', 'without poll media')
    const media = await image(app.media(apps.workDir), 'preflight-poll')
    const draftId = await createDraft(
      app,
      'poll_card',
      'Beta poll',
      pollCard('Beta poll', ['Yes', 'No'], media),
    )
    const before = apps.sandbox.created()
    const total = createdTotal()

    await app.call('outbox.enqueue', { draftId })
    const stopped = await untilDraftJob(app, draftId, 'needs_attention')
    expect(createdTotal()).toBe(total)
    expect(stopped.created.mediaKeys).toEqual([])
    expect(stopped.problems).toHaveLength(1)
    expect(stopped.problems![0]).toMatchObject({ code: 'needs_feature', draftId })
    expect(stopped.problems![0]!.message).toMatch(/PROMOTED_MEDIA_POLLS/)
    const draft = await app.call<{ status: string }>('drafts.get', { id: draftId })
    expect(draft.status).toBe('failed')

    // The designer removes the media and resumes: the job is made again from the draft as it is now.
    await app.call('drafts.update', { id: draftId, content: pollCard('Beta poll', ['Yes', 'No']) })
    await app.call('outbox.retry', { jobId: stopped.id })
    const published = await untilDraftJob(app, draftId, 'published')
    expect(published.problems).toBeUndefined()
    const after = apps.sandbox.created()
    expect(after.poll_cards - before.poll_cards).toBe(1)
    expect(after.media_library - before.media_library).toBe(0)
    expect(after.media_uploads - before.media_uploads).toBe(0)
    const jobs = (await app.call<{ jobs: OutboxJobView[] }>('outbox.list')).jobs
    expect(jobs.filter((job) => job.draftId === draftId)).toHaveLength(1)
  })

  it('catches a local file that changed or vanished since it was added, naming the file', async () => {
    const { app } = await connectedApp('files')
    const changing = await image(app.media(apps.workDir), 'preflight-changing')
    const vanishing = await image(app.media(apps.workDir), 'preflight-vanishing')
    const changedId = await createDraft(app, 'card', 'Changed card', singleCard('Changed card', changing))
    const vanishedId = await createDraft(app, 'card', 'Vanished card', singleCard('Vanished card', vanishing))
    await writeFile(changing.path, pngOf(1200, 628, 'a different picture'))
    await unlink(vanishing.path)
    const total = createdTotal()

    await app.call('outbox.enqueue', { draftId: changedId })
    await app.call('outbox.enqueue', { draftId: vanishedId })
    const changed = await untilDraftJob(app, changedId, 'needs_attention')
    const vanished = await untilDraftJob(app, vanishedId, 'needs_attention')
    expect(changed.problems).toEqual([
      expect.objectContaining({
        code: 'file_changed',
        message: expect.stringMatching(/^preflight-changing\.png changed/),
      }),
    ])
    expect(vanished.problems).toEqual([
      expect.objectContaining({ code: 'file_missing', message: expect.stringContaining(vanishing.path) }),
    ])
    expect(createdTotal()).toBe(total)
  })

  it('judges a local video by what main reads of the file, not by what the draft says of it', async () => {
    const { app } = await connectedApp('probed')
    const hevc = await localMedium(
      app.media(apps.workDir),
      'preflight-hevc.mp4',
      buildMp4(validVideoSpec({ codec: 'hvc1' })),
    )
    expect(hevc.probe?.videoCodec).toMatch(/^hvc1/)
    // A renderer that writes the draft itself can claim anything of the file.
    const claimed = { ...hevc, probe: { ...hevc.probe!, videoCodec: 'avc1.640028' } }
    const draftId = await createDraft(app, 'card', 'Claimed card', singleCard('Claimed card', claimed))
    const total = createdTotal()

    await app.call('outbox.enqueue', { draftId })
    const stopped = await untilDraftJob(app, draftId, 'needs_attention')
    expect(stopped.problems).toEqual([
      expect.objectContaining({
        code: 'media_content',
        draftId,
        message: expect.stringMatching(/HEVC.*H\.264/),
      }),
    ])
    expect(createdTotal()).toBe(total)
  })

  it('finds a library medium that was deleted since the draft chose it', async () => {
    const { app, profile } = await connectedApp('library')
    const gone = { source: 'library' as const, mediaKey: '3_999999999999999999', mediaType: 'IMAGE' as const }
    const draftId = await createDraft(
      app,
      'post',
      'Gone media',
      post(profile.userId, 'Gone media', 'Hello', { media: [gone] }),
    )
    const total = createdTotal()
    await app.call('outbox.enqueue', { draftId })
    const stopped = await untilDraftJob(app, draftId, 'needs_attention')
    expect(stopped.problems).toEqual([
      expect.objectContaining({ code: 'media_missing', contentPath: ['media', 0, 'media'] }),
    ])
    expect(createdTotal()).toBe(total)
  })

  it('stops a post whose card, picked by card_uri, was deleted on the platform or is not on the account, before any write', async () => {
    const { app, profile } = await connectedApp('card-uri')
    const scope = { profileId: profile.id, accountId: apps.sandbox.demo.accountIds[0]! }
    type Listed = { id: string; kind: 'component' | 'poll'; name: string; cardUri?: string }
    const cards = async () =>
      (await app.call<{ cards: Listed[] }>('library.cards', { ...scope, kinds: ['component', 'poll'] })).cards
    const publishPoll = async (name: string): Promise<Listed> => {
      const draftId = await createDraft(app, 'poll_card', name, pollCard(name, ['North', 'South']))
      await app.call('outbox.enqueue', { draftId })
      await untilDraftJob(app, draftId, 'published')
      const card = (await cards()).find((entry) => entry.kind === 'poll' && entry.name === name)
      if (!card?.cardUri) throw new Error(`the published poll card ${name} is not listed with its URI`)
      return card
    }
    const component = (await cards()).find((entry) => entry.kind === 'component')
    if (!component?.cardUri) throw new Error('the sandbox seed needs a component card on the first account')
    // Poll cards have no card_uris filter: the preflight finds them by the id their URI carries.
    const poll = await publishPoll('Which trail?')
    const withCard = (name: string, cardUri: string) => ({
      ...post(profile.userId, name, name, {}),
      card: { source: 'published' as const, cardUri },
    })
    const drafts = {
      component: await createDraft(app, 'post', 'Card gone', withCard('Card gone', component.cardUri)),
      poll: await createDraft(app, 'post', 'Poll gone', withCard('Poll gone', poll.cardUri!)),
      stranger: await createDraft(
        app,
        'post',
        'Not ours',
        withCard('Not ours', 'card://1000000000000000001'),
      ),
    }
    // Deleted on the platform after the designer picked them.
    await app.call('library.deleteCard', { ...scope, kind: 'component', cardId: component.id })
    await app.call('library.deleteCard', { ...scope, kind: 'poll', cardId: poll.id })

    const total = createdTotal()
    const messages: Record<string, string | undefined> = {}
    for (const [which, draftId] of Object.entries(drafts)) {
      await app.call('outbox.enqueue', { draftId })
      const stopped = await untilDraftJob(app, draftId, 'needs_attention')
      expect(stopped.problems).toEqual([
        expect.objectContaining({ code: 'card_missing', draftId, contentPath: ['card'] }),
      ])
      messages[which] = stopped.problems?.[0]?.message
    }
    expect(messages.component).toMatch(/was deleted — attach another card/)
    expect(messages.poll).toMatch(/was deleted — attach another card/)
    expect(messages.stranger).toMatch(/is not on this ad account — attach another card/)
    expect(createdTotal()).toBe(total)

    // A card that is still there passes, and the post is published once with it.
    const live = await publishPoll('Which season?')
    const postsBefore = apps.sandbox.created().posts
    const fine = await createDraft(app, 'post', 'Live card', withCard('Live card', live.cardUri!))
    await app.call('outbox.enqueue', { draftId: fine })
    await untilDraftJob(app, fine, 'published')
    expect(apps.sandbox.created().posts - postsBefore).toBe(1)
  })

  it('cleans up what a stopped job created: its library entry and card are deleted through the outbox', async () => {
    const { app, profile } = await connectedApp('clean-up')
    const media = await image(app.media(apps.workDir), 'clean-up')
    const pollId = await createDraft(
      app,
      'poll_card',
      'Clean poll',
      pollCard('Clean poll', ['A', 'B'], media),
    )
    const draftId = await createDraft(
      app,
      'post',
      'Clean post',
      post(profile.userId, 'Clean post', 'Vote', { cardDraftId: pollId }),
    )
    // The card request is slow: the cancel lands after it, before the post, with the library
    // entry and the card created.
    apps.sandbox.setFaults({ latencyMs: 1_500, pathPattern: '^POST .*/cards/poll$' })
    try {
      const queued = (await app.call<{ job: OutboxJobView }>('outbox.enqueue', { draftId })).job
      await waitFor(async () => {
        const job = await draftJob(app, draftId)
        return job && job.stepsDone >= 2 ? job : undefined
      })
      await app.call('outbox.cancel', { jobId: queued.id })
      const canceled = await untilDraftJob(app, draftId, 'canceled')
      expect(canceled.created.mediaKeys).toHaveLength(1)
      const mediaKey = canceled.created.mediaKeys[0]!
      const cardId = canceled.created.cardId

      const cleaning = (await app.call<{ job: OutboxJobView }>('outbox.cleanUp', { jobId: canceled.id })).job
      expect(cleaning).toMatchObject({ type: 'operation', title: 'Clean up after “Clean post”' })
      const done = await waitFor(async () => {
        const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: cleaning.id })).job
        return job.state === 'done' || job.state === 'failed' ? job : undefined
      })
      expect(done.state).toBe('done')
      expect(apps.sandbox.list('media_library').find((item) => item.media_key === mediaKey)?.deleted).toBe(
        true,
      )
      expect(cardId).toBeDefined()
      expect(apps.sandbox.list('poll_cards').find((card) => card.id === cardId)?.deleted).toBe(true)
      // The stopped job is gone from the list; the draft can be published afresh.
      const jobs = (await app.call<{ jobs: OutboxJobView[] }>('outbox.list')).jobs
      expect(jobs.some((job) => job.id === canceled.id)).toBe(false)
      expect((await app.call<{ status: string }>('drafts.get', { id: draftId })).status).toBe('draft')
    } finally {
      apps.sandbox.setFaults({ latencyMs: 0, pathPattern: undefined })
    }
  })
})

/**
 * Issue 39, D11: the outbox reads a local medium only through the designer's grant (a file chosen
 * or dropped), as the file that was granted. A draft that merely names a path — an imported draft
 * someone shared, say — reads nothing: its job stops in "needs attention" asking for the file to
 * be chosen again. A FIFO or a device named by a draft once wedged the account's queue for good.
 */
describe('local media in the outbox', () => {
  it('does not wait on a FIFO a draft names: the job stops at once and the queue goes on', async () => {
    const { app } = await connectedApp('fifo')
    const granted = await image(apps.workDir, 'fifo-template')
    const fifo = join(apps.workDir, 'named-pipe.png')
    execFileSync('mkfifo', [fifo])
    const ref: LocalMediaRef = { ...granted, path: fifo }
    delete ref.token
    const stuckId = await createDraft(app, 'card', 'Pipe card', singleCard('Pipe card', ref))
    await app.call('outbox.enqueue', { draftId: stuckId })
    const stopped = await untilDraftJob(app, stuckId, 'needs_attention')
    expect(stopped.problems).toEqual([
      expect.objectContaining({
        code: 'file_not_granted',
        message: expect.stringMatching(/choose the file again/),
      }),
    ])
    // The account's queue is not wedged: the next job of the account publishes.
    const fine = await image(app.media(apps.workDir), 'after-the-pipe')
    const fineId = await createDraft(app, 'card', 'Fine card', singleCard('Fine card', fine))
    await app.call('outbox.enqueue', { draftId: fineId })
    await untilDraftJob(app, fineId, 'published')
  })

  it('reads nothing an imported draft names: its media ask to be chosen again', async () => {
    const { app } = await connectedApp('imported')
    // Someone else's draft file naming a path on this computer that nobody chose here.
    const named = await image(apps.workDir, 'never-chosen')
    const shared = join(apps.workDir, 'shared-draft.json')
    await writeFile(
      shared,
      JSON.stringify({
        type: 'ads-studio/draft',
        version: 1,
        exportedAt: '2026-01-01T00:00:00.000Z',
        draft: {
          id: '7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a',
          kind: 'card',
          name: 'Shared card',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          schemaVersion: 2,
          status: 'draft',
          content: singleCard('Shared card', { ...named, token: 'A'.repeat(24) }),
        },
      }),
    )
    importAnswers.push(shared)
    const imported = await app.call<{ draft: { id: string; content: unknown } }>('drafts.import')
    expect(JSON.stringify(imported.draft.content)).not.toContain('"token"')
    const before = createdTotal()
    await app.call('outbox.enqueue', { draftId: imported.draft.id })
    const stopped = await untilDraftJob(app, imported.draft.id, 'needs_attention')
    expect(stopped.problems).toEqual([expect.objectContaining({ code: 'file_not_granted' })])
    expect(createdTotal()).toBe(before)
  })

  it('reads a granted file only while it is that file: another one put at its path is refused', async () => {
    const { app } = await connectedApp('replaced')
    const chosen = await image(app.media(apps.workDir), 'replaced-later')
    // The same bytes, but another file: written beside it and renamed over it.
    const twin = join(apps.workDir, 'twin.png')
    await writeFile(twin, pngOf(1200, 628, 'replaced-later'))
    await rename(twin, chosen.path)
    const draftId = await createDraft(app, 'card', 'Replaced card', singleCard('Replaced card', chosen))
    const before = createdTotal()
    await app.call('outbox.enqueue', { draftId })
    const stopped = await untilDraftJob(app, draftId, 'needs_attention')
    expect(stopped.problems).toEqual([
      expect.objectContaining({
        code: 'file_changed',
        message: expect.stringMatching(/replaced-later\.png changed or was replaced/),
      }),
    ])
    expect(createdTotal()).toBe(before)
  })
})
