import { describe, expect, it } from 'vitest'
import type { CardContent } from '../../../src/shared/creatives/card'
import type { VideoConversationCardContent } from '../../../src/shared/creatives/videoConversationCard'
import type { PendingChangeView } from '../../../src/shared/ipc/contracts/changes'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { useSandboxApps } from '../../support/sandboxApps'
import { image, singleCard, video, videoConversationCard } from './fixtures'
import { createDraft, fastHttp, untilDraftJob, waitFor, type App } from './harness'

/**
 * Edits of published cards as changes, not replacements (issue 42, items 2 to 5), against the
 * sandbox while "the rest of the world" edits the same cards (its admin outside-edit route):
 * a change the designer did not make is never overwritten, a field both changed stops the
 * item in conflict with nothing sent, and every update carries only the changed fields (read
 * from the sandbox's own request log).
 */

const apps = useSandboxApps('published changes test')

async function publish(app: App, draftId: string) {
  await app.call('outbox.enqueue', { draftId })
  await untilDraftJob(app, draftId, 'published')
  return app.call<{ published: { cardId?: string; accountId?: string }; content: unknown }>('drafts.get', {
    id: draftId,
  })
}

const finished = (app: App, jobId: string) =>
  waitFor(async () => {
    const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId })).job
    return job.state === 'done' || job.state === 'failed' ? job : undefined
  })

/** The update requests the sandbox received for one card since `since`, with what they set. */
function updatesOf(cardId: string, since: number) {
  return apps.sandbox
    .requestLog(since)
    .filter((entry) => entry.method === 'PUT' && entry.path.endsWith(`/${cardId}`))
}
const lastSeq = () => apps.sandbox.requestLog().at(-1)?.seq ?? 0

async function publishedCard(name: string) {
  const { app, profile } = await apps.connected(name, { http: fastHttp() })
  const draftId = await createDraft(
    app,
    'card',
    name,
    singleCard(name, await image(app.media(apps.workDir), name)),
  )
  const published = await publish(app, draftId)
  const cardId = published.published.cardId!
  const accountId = published.published.accountId!
  const stored = () =>
    apps.sandbox.list('cards').find((card) => card.id === cardId) as Record<string, unknown>
  return {
    app,
    profileId: profile.id,
    draftId,
    cardId,
    accountId,
    content: published.content as CardContent,
    stored,
  }
}

function withTitle(content: CardContent, title: string): CardContent {
  const next = structuredClone(content)
  const index = next.components.findIndex((c) => c.type === 'DETAILS')
  const details = next.components[index]
  if (details?.type !== 'DETAILS') throw new Error('the fixture has a DETAILS component')
  details.title = title
  return next
}

describe('an edit of a published card while someone else edits it', () => {
  it('keeps the other change and sends only the changed components', async () => {
    const { app, profileId, draftId, cardId, content, stored } = await publishedCard('Merge card')
    expect((await app.call<{ state: string }>('changes.begin', { profileId, draftId })).state).toBe(
      'unchanged',
    )
    apps.sandbox.outsideChange({
      kind: 'cards',
      action: 'edit',
      id: cardId,
      fields: { name: 'Renamed elsewhere' },
    })
    const since = lastSeq()

    const { job } = await app.call<{ job: OutboxJobView }>('published.updateCard', {
      profileId,
      draftId,
      content: withTitle(content, 'New headline'),
    })
    expect((await finished(app, job.id)).state).toBe('done')

    const updates = updatesOf(cardId, since)
    expect(updates).toHaveLength(1)
    expect(updates[0]!.fieldNames).toEqual(['components'])
    expect(stored().name).toBe('Renamed elsewhere')
    expect((stored().components as { title?: string }[]).find((c) => c.title)?.title).toBe('New headline')
    // The draft shows the card as the platform now holds it: both changes.
    const local = await app.call<{ name: string; content: CardContent }>('drafts.get', { id: draftId })
    expect(local.name).toBe('Renamed elsewhere')
  })

  it('stops in conflict with nothing sent, shows base, platform and mine, and sends after the choice', async () => {
    const { app, profileId, draftId, cardId, accountId, content, stored } = await publishedCard('Clash card')
    await app.call('changes.begin', { profileId, draftId })
    const kept = await app.call<PendingChangeView>('changes.keep', {
      profileId,
      draftId,
      card: withTitle({ ...content, name: 'Mine' }, 'My headline'),
    })
    expect(kept.state).toBe('local')
    expect(kept.fields.map((f) => [f.path, f.base, f.mine])).toEqual([
      ['name', 'Clash card', 'Mine'],
      ['components.1.title', expect.any(String), 'My headline'],
    ])
    apps.sandbox.outsideChange({ kind: 'cards', action: 'edit', id: cardId, fields: { name: 'Theirs' } })
    const since = lastSeq()

    const posted = await app.call<{ jobIds: string[] }>('changes.post', { profileId, accountId })
    expect(posted.jobIds).toHaveLength(1)
    const failed = await finished(app, posted.jobIds[0]!)
    expect(failed.state).toBe('failed')
    expect(updatesOf(cardId, since)).toEqual([])
    expect(stored().name).toBe('Theirs')

    const [conflict] = (
      await app.call<{ changes: PendingChangeView[] }>('changes.list', { profileId, accountId })
    ).changes
    expect(conflict?.state).toBe('conflict')
    expect(conflict?.fields.find((f) => f.path === 'name')).toMatchObject({
      base: 'Clash card',
      theirs: 'Theirs',
      mine: 'Mine',
      conflict: true,
    })
    // The title nobody else touched is not in conflict.
    expect(conflict?.fields.find((f) => f.path !== 'name')?.conflict).toBe(false)
    // A conflict is not posted again until the designer chooses.
    expect((await app.call<{ jobIds: string[] }>('changes.post', { profileId, accountId })).jobIds).toEqual(
      [],
    )

    const rebased = await app.call<PendingChangeView>('changes.resolve', {
      profileId,
      draftId,
      choices: { name: 'mine' },
    })
    expect(rebased.state).toBe('local')
    expect(rebased.fields.find((f) => f.path === 'name')).toMatchObject({ base: 'Theirs', mine: 'Mine' })
    const again = await app.call<{ jobIds: string[] }>('changes.post', { profileId, accountId })
    expect((await finished(app, again.jobIds[0]!)).state).toBe('done')
    const updates = updatesOf(cardId, since)
    expect(updates).toHaveLength(1)
    expect(updates[0]!.fieldNames).toEqual(['components', 'name'])
    expect(stored().name).toBe('Mine')
    expect(
      (await app.call<{ changes: unknown[] }>('changes.list', { profileId, accountId })).changes,
    ).toEqual([])
  })

  it('takes theirs when chosen: the platform’s value stands and only the rest is sent', async () => {
    const { app, profileId, draftId, cardId, accountId, content, stored } = await publishedCard('Theirs card')
    await app.call('changes.begin', { profileId, draftId })
    await app.call('changes.keep', {
      profileId,
      draftId,
      card: withTitle({ ...content, name: 'Mine' }, 'Kept'),
    })
    apps.sandbox.outsideChange({ kind: 'cards', action: 'edit', id: cardId, fields: { name: 'Theirs' } })
    const first = await app.call<{ jobIds: string[] }>('changes.post', { profileId, accountId })
    await finished(app, first.jobIds[0]!)
    await app.call('changes.resolve', { profileId, draftId, choices: { name: 'theirs' } })
    const since = lastSeq()
    const again = await app.call<{ jobIds: string[] }>('changes.post', { profileId, accountId })
    expect((await finished(app, again.jobIds[0]!)).state).toBe('done')
    expect(updatesOf(cardId, since).map((u) => u.fieldNames)).toEqual([['components']])
    expect(stored().name).toBe('Theirs')
  })
})

describe('an edit of a published video conversation card while someone else edits it', () => {
  it('sends only the designer’s field and keeps the other', async () => {
    const { app, profile } = await apps.connected('vcc changes', { http: fastHttp() })
    const draftId = await createDraft(
      app,
      'video_conversation_card',
      'Vote',
      videoConversationCard('Vote', await video(app.media(apps.workDir), 17)),
    )
    const published = await publish(app, draftId)
    const cardId = published.published.cardId!
    await app.call('changes.begin', { profileId: profile.id, draftId })
    apps.sandbox.outsideChange({
      kind: 'video_conversation_cards',
      action: 'edit',
      id: cardId,
      fields: { name: 'Vote (elsewhere)' },
    })
    const since = lastSeq()
    const content = { ...(published.content as VideoConversationCardContent), thankYouText: 'Counted!' }
    const { job } = await app.call<{ job: OutboxJobView }>('published.updateVideoConversationCard', {
      profileId: profile.id,
      draftId,
      content,
    })
    expect((await finished(app, job.id)).state).toBe('done')
    expect(updatesOf(cardId, since).map((u) => u.fieldNames)).toEqual([['thank_you_text']])
    const stored = apps.sandbox.list('video_conversation_cards').find((card) => card.id === cardId)
    expect(stored).toMatchObject({ name: 'Vote (elsewhere)', thank_you_text: 'Counted!' })
  })
})
