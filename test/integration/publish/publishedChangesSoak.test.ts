import { describe, expect, it } from 'vitest'
import type { CardContent } from '../../../src/shared/creatives/card'
import type { VideoConversationCardContent } from '../../../src/shared/creatives/videoConversationCard'
import type { PendingChangeView } from '../../../src/shared/ipc/contracts/changes'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { useSandboxApps } from '../../support/sandboxApps'
import { image, singleCard, video, videoConversationCard } from './fixtures'
import { createDraft, fastHttp, untilDraftJob, waitFor } from './harness'

/**
 * The target of issue 42: no silent overwrite. The sandbox's world edits the app's published
 * cards at random between the app's read (the base) and its write, while the designer edits a
 * random field of the same card; conflicts are resolved at random (keep mine / take theirs).
 * After each write, every field the world changed holds the world's value unless the designer
 * chose theirs-over-mine for it; every update request carries only the designer's field.
 *
 * Edits landing in the window between the re-read and the write cannot be caught by a re-read;
 * they are injected on purpose too, counted and reported apart. OUTSIDE_EDITS sets how many
 * outside edits to make (the target's run is 1,000; the test's default keeps it short).
 */

const OUTSIDE_EDITS = Number(process.env.OUTSIDE_EDITS ?? 40)
// The platform's rate limits would only make the outbox wait (as it should); lifted so the run
// measures the merge, not the waits.
const apps = useSandboxApps('published changes soak', { port: 0, limits: { requestsPerWindow: 1_000_000 } })

function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Kind = 'card' | 'video_conversation_card'
interface Target {
  kind: Kind
  draftId: string
  cardId: string
}
const OUTSIDE_KIND = { card: 'cards', video_conversation_card: 'video_conversation_cards' } as const
/** Fields the world edits and the designer edits, by kind (wire names). */
const WORLD_FIELDS = { card: ['name'], video_conversation_card: ['name', 'title', 'thank_you_text'] }
const MINE_FIELDS = {
  card: ['name', 'components.1.title'],
  video_conversation_card: ['name', 'title', 'thank_you_text'],
}

function edited(kind: Kind, content: unknown, field: string, value: string): unknown {
  if (kind === 'card') {
    const card = structuredClone(content) as CardContent
    if (field === 'name') card.name = value
    else {
      const details = card.components[1]
      if (details?.type !== 'DETAILS') throw new Error('the fixture has DETAILS second')
      details.title = value
    }
    return card
  }
  const vc = structuredClone(content) as VideoConversationCardContent
  if (field === 'name') vc.name = value
  if (field === 'title') vc.title = value
  if (field === 'thank_you_text') vc.thankYouText = value
  return vc
}

function platformValue(kind: Kind, stored: Record<string, unknown>, field: string): unknown {
  if (kind === 'card' && field === 'components.1.title')
    return (stored.components as { title?: string }[])[1]?.title
  return stored[field]
}

describe(`${OUTSIDE_EDITS} outside edits between the app's read and its write`, () => {
  it(
    'are never silently overwritten, and every update sends only the changed field',
    async () => {
      const rnd = random(42)
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!
      let counter = 0
      let windowEdits = 0
      let target: Target | undefined
      const late: { target: Target; field: string; value: string }[] = []
      /** The world's edits after the round's base was read: the last value of each field counts. */
      const world = new Map<string, string>()
      const { app, profile } = await apps.connected('soak', {
        http: fastHttp(),
        // An outside edit in the re-read → write window, now and then: counted, not caught.
        beforePublishedWrite: () => {
          if (!target || rnd() > 0.05) return
          const field = pick(WORLD_FIELDS[target.kind])
          const value = `Late ${++counter}`
          apps.sandbox.outsideChange({
            kind: OUTSIDE_KIND[target.kind],
            action: 'edit',
            id: target.cardId,
            fields: { [field]: value },
          })
          late.push({ target, field, value })
          // The world's earlier value of that field is superseded: the late edit is judged instead.
          world.delete(field)
          windowEdits++
        },
      })
      const profileId = profile.id
      const targets: Target[] = []
      let accountId = ''
      for (let n = 0; n < 2; n++) {
        const cardDraft = await createDraft(
          app,
          'card',
          `Soak ${n}`,
          singleCard(`Soak ${n}`, await image(app.media(apps.workDir), `soak-${n}`)),
        )
        const vcDraft = await createDraft(
          app,
          'video_conversation_card',
          `Soak vote ${n}`,
          videoConversationCard(`Soak vote ${n}`, await video(app.media(apps.workDir), 30 + n)),
        )
        for (const [kind, draftId] of [
          ['card', cardDraft],
          ['video_conversation_card', vcDraft],
        ] as const) {
          await app.call('outbox.enqueue', { draftId })
          await untilDraftJob(app, draftId, 'published')
          const draft = await app.call<{ published: { cardId: string; accountId: string } }>('drafts.get', {
            id: draftId,
          })
          accountId = draft.published.accountId
          targets.push({ kind, draftId, cardId: draft.published.cardId })
        }
      }
      const stored = (t: Target) =>
        apps.sandbox.list(OUTSIDE_KIND[t.kind]).find((card) => card.id === t.cardId) as Record<
          string,
          unknown
        >
      const finished = (jobId: string) =>
        waitFor(async () => {
          const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId })).job
          return job.state === 'done' || job.state === 'failed' ? job : undefined
        })

      let outside = 0
      let silentOverwrites = 0
      let windowOverwrites = 0
      let conflicts = 0
      let updates = 0
      const wrongBodies: string[][] = []
      while (outside < OUTSIDE_EDITS) {
        target = pick(targets)
        const t = target
        await app.call('changes.begin', { profileId, draftId: t.draftId })
        world.clear()
        const edits = Math.min(OUTSIDE_EDITS - outside, Math.floor(rnd() * 3))
        for (let e = 0; e < edits; e++) {
          const field = pick(WORLD_FIELDS[t.kind])
          const value = `World ${++counter}`
          apps.sandbox.outsideChange({
            kind: OUTSIDE_KIND[t.kind],
            action: 'edit',
            id: t.cardId,
            fields: { [field]: value },
          })
          world.set(field, value)
          outside++
        }
        const mineField = pick(MINE_FIELDS[t.kind])
        const draft = await app.call<{ content: unknown }>('drafts.get', { id: t.draftId })
        const content = edited(t.kind, draft.content, mineField, `Mine ${++counter}`)
        await app.call('changes.keep', {
          profileId,
          draftId: t.draftId,
          ...(t.kind === 'card' ? { card: content } : { videoConversationCard: content }),
        })
        const since = apps.sandbox.requestLog().at(-1)?.seq ?? 0
        const keptMine = new Set<string>()
        let conflicted = false
        for (;;) {
          const { jobIds, skipped } = await app.call<{ jobIds: string[]; skipped: string[] }>(
            'changes.post',
            {
              profileId,
              accountId,
            },
          )
          expect(skipped).toEqual([])
          // Every conflicting field taken as theirs: nothing of the designer's is left to send.
          if (jobIds.length === 0 && keptMine.size === 0 && conflicted) break
          expect(jobIds).toHaveLength(1)
          if ((await finished(jobIds[0]!)).state === 'done') break
          const change = (
            await app.call<{ changes: PendingChangeView[] }>('changes.list', { profileId, accountId })
          ).changes.find((c) => c.draftId === t.draftId)
          expect(change?.state).toBe('conflict')
          conflicts++
          conflicted = true
          const choices = Object.fromEntries(
            change!.fields.filter((f) => f.conflict).map((f) => [f.path, rnd() < 0.5 ? 'mine' : 'theirs']),
          )
          for (const [path, choice] of Object.entries(choices)) if (choice === 'mine') keptMine.add(path)
          await app.call('changes.resolve', { profileId, draftId: t.draftId, choices })
        }
        const now = stored(t)
        for (const [field, value] of world)
          if (platformValue(t.kind, now, field) !== value && !keptMine.has(field)) silentOverwrites++
        // A window edit stands unless the write after it carried the same field.
        windowOverwrites += late
          .splice(0)
          .filter(
            (edit) => platformValue(edit.target.kind, stored(edit.target), edit.field) !== edit.value,
          ).length
        const top = mineField.split('.')[0]
        for (const request of apps.sandbox.requestLog(since)) {
          if (request.method !== 'PUT') continue
          updates++
          if (request.fieldNames.join() !== top) wrongBodies.push(request.fieldNames)
        }
      }
      target = undefined
      // The figures the issue asks for, in the test's output.
      console.info(
        `published changes soak: ${outside} outside edits, ${conflicts} conflicts shown, ${silentOverwrites} silent overwrites; ${windowEdits} edits in the re-read → write window (${windowOverwrites} of them overwritten); ${updates} updates, ${wrongBodies.length} with fields not changed`,
      )
      expect(silentOverwrites).toBe(0)
      expect(wrongBodies).toEqual([])
      expect(conflicts).toBeGreaterThan(0)
    },
    120_000 + OUTSIDE_EDITS * 3_000,
  )
})
