import type { CardContent } from '../../shared/creatives/card'
import { cardPayload } from '../../shared/creatives/card'
import { MediaCollector } from '../../shared/creatives/mediaCollector'
import { unresolvedMedia } from '../../shared/creatives/media'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import { videoConversationCardPayload } from '../../shared/creatives/videoConversationCard'
import type { Draft } from '../../shared/drafts/envelope'
import { AppFailure, appError, invalidInput, isAppFailure, type FieldIssue } from '../../shared/errors'
import type { ChangeState, PendingChangeView } from '../../shared/ipc/contracts/changes'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import { fingerprintOf } from '../mirror/kinds'
import type { MirrorStore } from '../mirror/store'
import type { OperationRequest } from '../publish/outbox'
import type { WithAdsContext } from '../session/session'
import { contentWith, fieldLabel, fieldsOf, layoutOf } from './changeFields'
import type { ChangeKind } from './changeFields'
import { PUBLISHED_CHANGE_OP, readPublished } from './changeOperation'
import type { ChangeParams } from './changeOperation'
import type { PendingChange, PendingChangesStore } from './pendingChanges'
import { diffFields, normal, rebase } from './threeWay'
import type { Choice } from './threeWay'

/**
 * Edits of published cards as changes against a recorded base (issue 42, items 2 to 5): begin
 * records the base, keep records the designer's field changes, list checks them, resolve
 * re-bases a conflict on the designer's choices, post sends each through the outbox.
 */

export interface PublishedChangesDeps {
  drafts: { get(id: string): Draft | undefined; flush(ids?: readonly string[]): Promise<void> }
  outbox: {
    enqueueOperations(request: OperationRequest): Promise<OutboxJobView>
    job(jobId: string): Promise<OutboxJobView>
  }
  withAdsContext: WithAdsContext
  pending: PendingChangesStore
  /** The account mirror, when kept: the base offline, and "changed on the platform" since it. */
  mirror?: MirrorStore
  /** The publish gate on a draft as changed (the same rules as a publish). */
  gate(candidate: Draft, profileId: string, accountId: string): Promise<FieldIssue[]>
  now?: () => number
}

const MIRROR_KIND = { card: 'cards', video_conversation_card: 'video_conversation_cards' } as const
const ENDED = new Set(['done', 'failed', 'canceled', 'published', 'needs_attention'])

type Content = CardContent | VideoConversationCardContent

/** The draft's content in the platform's shape, its media as placeholders. */
function wireOf(kind: ChangeKind, content: unknown): unknown {
  const media = new MediaCollector(unresolvedMedia)
  return kind === 'card'
    ? cardPayload(content as CardContent, media)
    : videoConversationCardPayload(content as VideoConversationCardContent, media)
}

export function createPublishedChanges(deps: PublishedChangesDeps) {
  const now = deps.now ?? Date.now

  async function publishedDraft(draftId: string) {
    await deps.drafts.flush([draftId])
    const draft = deps.drafts.get(draftId)
    if (!draft)
      throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted'))
    if (draft.kind !== 'card' && draft.kind !== 'video_conversation_card')
      throw invalidInput('Only component and video conversation cards are edited as changes')
    const { accountId, cardId } = draft.published ?? {}
    if (draft.status !== 'published' || !accountId || !cardId)
      throw invalidInput('This card is not published — edit the draft and publish it')
    return { draft, kind: draft.kind as ChangeKind, accountId, objectId: cardId }
  }

  /** The object as the app knows it now: the platform's copy, else the mirror's, else the draft's. */
  async function readBase(profileId: string, draft: Draft, kind: ChangeKind, accountId: string, id: string) {
    const readAt = new Date(now()).toISOString()
    try {
      const raw = await deps.withAdsContext(profileId, (ctx) => readPublished(ctx, accountId, kind, id))
      if (raw && raw.deleted !== true)
        return { source: 'platform' as const, readAt, raw, updatedAt: text(raw.updated_at) }
    } catch (error) {
      if (!isAppFailure(error)) throw error
    }
    const mirrored = deps.mirror
      ? (await (await deps.mirror.open(profileId, accountId, MIRROR_KIND[kind])).readRecords()).find(
          (record) => record.id === id,
        )
      : undefined
    if (mirrored && !mirrored.flagged)
      return {
        source: 'mirror' as const,
        readAt: mirrored.fetchedAt,
        raw: mirrored.raw,
        updatedAt: mirrored.updatedAt,
      }
    return { source: 'draft' as const, readAt, raw: wireOf(kind, draft.content), updatedAt: null }
  }

  /**
   * Records the base as the edit begins. A base is kept while there is something against it
   * (changes, or a conflict); without either, opening the edit again begins it afresh from the
   * platform's copy now and the draft as shown. `keep` takes the base recorded, whatever it is.
   */
  async function begin(profileId: string, draftId: string, again: boolean): Promise<PendingChange> {
    const existing = await deps.pending.get(draftId)
    if (existing && (!again || Object.keys(existing.changes).length > 0 || existing.conflict)) return existing
    const { draft, kind, accountId, objectId } = await publishedDraft(draftId)
    const base = await readBase(profileId, draft, kind, accountId, objectId)
    const change: PendingChange = {
      draftId,
      profileId,
      accountId,
      kind,
      objectId,
      name: draft.name,
      base,
      changes: {},
      content: draft.content,
    }
    await deps.pending.put(change)
    return change
  }

  async function stateOf(change: PendingChange): Promise<ChangeState | 'unchanged'> {
    if (change.conflict) return 'conflict'
    if (change.jobId) {
      const job = await deps.outbox.job(change.jobId).catch(() => undefined)
      if (job && !ENDED.has(job.state)) return 'sending'
    }
    if (Object.keys(change.changes).length > 0) return 'local'
    const entry = deps.mirror
      ? (await deps.mirror.open(change.profileId, change.accountId, MIRROR_KIND[change.kind])).get(
          change.objectId,
        )
      : undefined
    const newer =
      entry?.updatedAt &&
      (!change.base.updatedAt || Date.parse(entry.updatedAt) > Date.parse(change.base.updatedAt))
    return newer && entry.fingerprint !== fingerprintOf(MIRROR_KIND[change.kind], change.base.raw)
      ? 'downloaded'
      : 'unchanged'
  }

  async function viewOf(change: PendingChange, state: ChangeState): Promise<PendingChangeView> {
    const base = fieldsOf(change.kind, change.base.raw)
    const conflicts = new Map((change.conflict?.fields ?? []).map((field) => [field.path, field]))
    const draft = deps.drafts.get(change.draftId)
    const issues = draft
      ? await deps.gate({ ...draft, content: change.content as Content }, change.profileId, change.accountId)
      : [{ field: 'name', message: 'The draft of this card was deleted — discard the change' }]
    return {
      draftId: change.draftId,
      accountId: change.accountId,
      kind: change.kind,
      objectId: change.objectId,
      name: change.name,
      state,
      baseUpdatedAt: change.base.updatedAt,
      baseReadAt: change.base.readAt,
      fields: Object.entries(change.changes).map(([path, mine]) => {
        const conflict = conflicts.get(path)
        return {
          path,
          label: fieldLabel(change.kind, path),
          base: conflict ? conflict.base : normal(base[path]),
          mine,
          ...(conflict ? { theirs: conflict.theirs } : {}),
          conflict: conflict !== undefined,
        }
      }),
      issues,
      ...(change.conflict?.blocked ? { blocked: change.conflict.blocked } : {}),
      ...(change.conflict?.deleted ? { blocked: 'This card was deleted on the platform' } : {}),
      ...(change.jobId ? { jobId: change.jobId } : {}),
      content: change.content as Content,
    }
  }

  async function view(change: PendingChange): Promise<PendingChangeView> {
    const state = await stateOf(change)
    return viewOf(change, state === 'unchanged' ? 'local' : state)
  }

  async function mine(profileId: string, draftId: string): Promise<PendingChange> {
    const change = await deps.pending.get(draftId)
    if (!change || change.profileId !== profileId)
      throw new AppFailure(appError('not_found', 'There is no pending change to this card — edit it again'))
    return change
  }

  async function queue(change: PendingChange): Promise<OutboxJobView> {
    const params: ChangeParams = {
      draftId: change.draftId,
      kind: change.kind,
      objectId: change.objectId,
      name: change.name,
      base: {
        updatedAt: change.base.updatedAt,
        fields: fieldsOf(change.kind, change.base.raw),
        layout: layoutOf(change.kind, change.base.raw),
      },
      changes: change.changes,
    }
    const job = await deps.outbox.enqueueOperations({
      profileId: change.profileId,
      accountId: change.accountId,
      area: 'published',
      title: `Send the changes to “${change.name}”`,
      steps: [{ op: PUBLISHED_CHANGE_OP, params }],
    })
    await deps.pending.update(change.draftId, (current) => ({ ...current, jobId: job.id }))
    return job
  }

  return {
    async begin(profileId: string, draftId: string): Promise<ChangeState | 'unchanged'> {
      return stateOf(await begin(profileId, draftId, true))
    },

    /**
     * Keeps the designer's edit as field changes, measured from the card as the edit dialog
     * showed it (the draft with the changes kept so far); a field set back to its base value is
     * no longer a change. The rules of the edit itself (layout, media, the gate) are main's
     * publishedEdits, checked before this is called.
     */
    async keep(profileId: string, draftId: string, content: Content): Promise<PendingChange> {
      const change = await begin(profileId, draftId, false)
      if (change.conflict)
        throw invalidInput(
          'This card is in conflict with the platform — choose what to keep in Changes first',
        )
      // The edit dialog shows the card with the changes kept so far: what it sends is measured
      // from that, so a field set back to its value on the platform is no longer a change.
      const before = fieldsOf(change.kind, wireOf(change.kind, change.content))
      const after = fieldsOf(change.kind, wireOf(change.kind, content))
      const base = fieldsOf(change.kind, change.base.raw)
      const changes = { ...change.changes, ...diffFields(before, after) }
      for (const [path, value] of Object.entries(changes))
        if (normal(value) === normal(base[path])) delete changes[path]
      const { jobId: _sent, ...rest } = change
      const next: PendingChange = {
        ...rest,
        changes,
        content,
        name: content.name.trim() || change.name,
      }
      await deps.pending.put(next)
      return next
    },

    /** Keeps an edit and queues it at once ("Send update"). */
    async keepAndPost(profileId: string, draftId: string, content: Content): Promise<OutboxJobView> {
      await this.keep(profileId, draftId, content)
      return this.postOne(profileId, draftId)
    },

    /** Queues one kept change through the outbox. */
    async postOne(profileId: string, draftId: string): Promise<OutboxJobView> {
      const change = await mine(profileId, draftId)
      if (Object.keys(change.changes).length === 0)
        throw invalidInput('Nothing changed — edit a field, then save')
      return queue(change)
    },

    view,

    async list(profileId: string, accountId: string): Promise<PendingChangeView[]> {
      const views: PendingChangeView[] = []
      for (const change of await deps.pending.list({ profileId, accountId })) {
        const state = await stateOf(change)
        if (state !== 'unchanged') views.push(await viewOf(change, state))
      }
      return views
    },

    async resolve(
      profileId: string,
      draftId: string,
      choices: Record<string, Choice>,
    ): Promise<PendingChange> {
      const change = await mine(profileId, draftId)
      const conflict = change.conflict
      if (!conflict) throw invalidInput('This change is not in conflict any more')
      if (conflict.deleted || conflict.blocked)
        throw invalidInput(
          `${conflict.blocked ?? 'This card was deleted on the platform'} — discard the change`,
        )
      const missing = conflict.fields.find((field) => choices[field.path] === undefined)
      if (missing)
        throw new AppFailure(
          appError('invalid_input', `Choose which ${fieldLabel(change.kind, missing.path)} to keep`, {
            field: missing.path,
          }),
        )
      const changes = rebase(change.changes, conflict.fields, choices)
      const theirs = fieldsOf(change.kind, conflict.raw)
      const taken = Object.fromEntries(
        conflict.fields
          .filter((f) => choices[f.path] === 'theirs')
          .map((f) => [f.path, theirs[f.path] ?? null]),
      )
      const { conflict: _resolved, jobId: _sent, ...rest } = change
      // Every field taken as theirs: nothing of the designer's is left to send.
      if (Object.keys(changes).length === 0) {
        await deps.pending.remove(draftId)
        return { ...rest, changes }
      }
      const next: PendingChange = {
        ...rest,
        base: {
          source: 'platform',
          readAt: conflict.readAt,
          raw: conflict.raw,
          updatedAt: conflict.updatedAt,
        },
        changes,
        content: contentWith(change.kind, change.content as Content, taken),
      }
      await deps.pending.put(next)
      return next
    },

    async discard(profileId: string, draftId: string): Promise<void> {
      await mine(profileId, draftId)
      await deps.pending.remove(draftId)
    },

    /** Queues every change of the account that is local and passes the rules; the rest are skipped. */
    async post(profileId: string, accountId: string, draftIds?: readonly string[]) {
      const jobIds: string[] = []
      const skipped: string[] = []
      for (const change of await deps.pending.list({ profileId, accountId })) {
        if (draftIds && !draftIds.includes(change.draftId)) continue
        const state = await stateOf(change)
        if (state !== 'local') {
          if (state === 'conflict') skipped.push(change.draftId)
          continue
        }
        const { issues } = await viewOf(change, state)
        if (issues.length > 0) {
          skipped.push(change.draftId)
          continue
        }
        jobIds.push((await queue(change)).id)
      }
      return { jobIds, skipped }
    },
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

export type PublishedChanges = ReturnType<typeof createPublishedChanges>
