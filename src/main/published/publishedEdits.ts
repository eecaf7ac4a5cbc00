import { postingUserOf } from '../../shared/creatives/post'
import type { CardContent, ComponentDraft } from '../../shared/creatives/card'
import { cardPayload } from '../../shared/creatives/card'
import { MediaCollector } from '../../shared/creatives/mediaCollector'
import { unresolvedMedia } from '../../shared/creatives/media'
import type { PostContent } from '../../shared/creatives/post'
import type { VideoConversationCardContent } from '../../shared/creatives/videoConversationCard'
import { videoConversationCardPayload } from '../../shared/creatives/videoConversationCard'
import type { Draft, DraftKind } from '../../shared/drafts/envelope'
import type { FieldIssue } from '../../shared/errors'
import { AppFailure, appError, invalidInput } from '../../shared/errors'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import { plural } from '../../shared/rules/issues'
import type { PostLengthTier } from '../../shared/rules/limits'
import { LIMITS } from '../../shared/rules/limits'
import { loadPostLengthCounter } from '../../shared/rules/postLength'
import { checkDraftForPublish, publishErrors, publishIssueField } from '../../shared/creatives/publishGate'
import type { TeamRulesOf } from '../publish/teamRules'
import { listPosts } from '../api/ads'
import type { OperationRequest } from '../publish/outbox'
import type { WithAdsContext } from '../session/session'
import { PUBLISHED_EDIT_OPS, VIDEO_CONVERSATION_EDITABLE_FIELDS } from './editOperations'
import type { CardUpdateParams, PostRenameParams, VideoConversationUpdateParams } from './editOperations'

/**
 * Edits of published creatives (issue 9, "Published means read-only"): only what the spec lets
 * an update change, checked here with the shared rules, queued through the outbox as an
 * operation job. The renderer sends the draft as edited; main decides what that means.
 *
 * What may change:
 * - a component card: its name and the text of its components (card update; each supplied field
 *   replaces the stored one). Media and the layout stay as published: the draft may point at
 *   local files whose media keys only the platform's copy of the card still holds.
 * - a video conversation card: any of its text fields (its PUT takes "the same optional fields").
 *   Its video, poster and unlock media stay as published, for the same reason.
 * - a post: its name (PUT posts/:post_id/name); the text of a published post cannot change.
 */

export interface PublishedEditDeps {
  drafts: {
    get(id: string): Draft | undefined
    /** Writes pending editor saves, so the draft compared is the one on disk. */
    flush(ids?: readonly string[]): Promise<void>
  }
  outbox: { enqueueOperations(request: OperationRequest): Promise<OutboxJobView> }
  /** Signed calls, to find a post renamed by its id. */
  withAdsContext: WithAdsContext
  postLengthTier(profileId: string, userId: string | undefined): PostLengthTier
  /** The account's feature keys when known (a cache; never a network wait). */
  accountFeatures?(profileId: string, accountId: string): readonly string[] | undefined
  /** The account's team rule packs: an edit of published content follows them too. */
  teamRules?: TeamRulesOf
  /**
   * Edits of published cards kept as changes against their base (issue 42); without it a card
   * edit is queued as a replacement of the fields that differ from the draft.
   */
  changes?: {
    keepAndPost(
      profileId: string,
      draftId: string,
      content: CardContent | VideoConversationCardContent,
    ): Promise<OutboxJobView>
  }
}

const KIND_WORD: Record<DraftKind, string> = {
  card: 'card',
  poll_card: 'poll card',
  video_conversation_card: 'video conversation card',
  post: 'post',
  media_library: 'media library entry',
}

function refuse(issues: FieldIssue[], lead = 'to fix before this edit can be sent'): never {
  const [first] = issues
  const message =
    issues.length === 1 || !first
      ? (first?.message ?? 'This edit cannot be sent')
      : `${plural(issues.length, 'problem')} ${lead}. First: ${first.message}`
  throw new AppFailure(appError('invalid_input', message, { field: first?.field, issues }))
}

function nothingChanged(field: string): never {
  refuse([{ field, message: 'Nothing changed — edit a field, then save' }])
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/** The card an edit is of, and the name its job shows (the edited name, else the draft's). */
function cardNamed(draftId: string, cardId: string, draft: Draft, content: { name: string }) {
  return { draftId, cardId, name: content.name.trim() || draft.name }
}

function publishedCardId(published: { cardId?: string }): string {
  if (!published.cardId) throw invalidInput('This card has no card id on the platform')
  return published.cardId
}

/** The publish gate on an edited draft: the same rules, and the same context, as a publish. */
export function editGate(deps: Pick<PublishedEditDeps, 'postLengthTier' | 'accountFeatures' | 'teamRules'>) {
  return async (candidate: Draft, profileId: string, accountId: string): Promise<FieldIssue[]> => {
    const counter = candidate.kind === 'post' ? await loadPostLengthCounter() : undefined
    const features = deps.accountFeatures?.(profileId, accountId)
    const teamRules = await deps.teamRules?.(profileId, accountId)
    const issues = checkDraftForPublish(candidate, {
      postLengthTier: deps.postLengthTier(profileId, postingUserOf(candidate)),
      ...(features ? { features } : {}),
      ...(counter
        ? { weightedLength: (text: string) => counter(text, LIMITS.postLength.longForm.value).weightedLength }
        : {}),
      ...(teamRules ? { teamRules } : {}),
    })
    return publishErrors(issues).map((issue) => ({ field: publishIssueField(issue), message: issue.message }))
  }
}

export function createPublishedEdits(deps: PublishedEditDeps) {
  async function publishedDraft(draftId: string, kind: DraftKind) {
    await deps.drafts.flush([draftId])
    const draft = deps.drafts.get(draftId)
    if (!draft)
      throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted'))
    if (draft.kind !== kind)
      throw new AppFailure(appError('invalid_input', `That draft is not a ${KIND_WORD[kind]}`))
    const accountId = draft.published?.accountId
    if (draft.status !== 'published' || !accountId)
      throw new AppFailure(
        appError('invalid_input', `This ${KIND_WORD[kind]} is not published — edit the draft and publish it`),
      )
    return { draft, accountId, published: draft.published ?? {} }
  }

  /** Queues one edit of a published item in the account's outbox queue. */
  function queueEdit(
    profileId: string,
    accountId: string,
    title: string,
    step: { op: string; params: unknown },
  ): Promise<OutboxJobView> {
    return deps.outbox.enqueueOperations({ profileId, accountId, area: 'published', title, steps: [step] })
  }

  const gateErrors = editGate(deps)

  return {
    /** Refuses a card edit the spec or the rules do not allow; what changed, when allowed. */
    async checkCard(profileId: string, draftId: string, content: CardContent) {
      const { draft, accountId, published } = await publishedDraft(draftId, 'card')
      const cardId = publishedCardId(published)
      const before = draft.content as CardContent
      refuseLayoutChanges(before, content)
      const candidate: Draft = { ...draft, content }
      const errors = await gateErrors(candidate, profileId, accountId)
      if (errors.length > 0) refuse(errors)
      const payloadBefore = cardPayload(before, new MediaCollector(unresolvedMedia))
      const payloadAfter = cardPayload(content, new MediaCollector(unresolvedMedia))
      const update: CardUpdateParams['update'] = {}
      if (payloadAfter.name !== payloadBefore.name) update.name = payloadAfter.name
      if (payloadAfter.slides && !same(payloadAfter.slides, payloadBefore.slides))
        update.slides = payloadAfter.slides
      if (payloadAfter.components && !same(payloadAfter.components, payloadBefore.components))
        update.components = payloadAfter.components
      if (Object.keys(update).length === 0) nothingChanged('name')
      return { draft, accountId, cardId, update }
    },

    async updateCard(profileId: string, draftId: string, content: CardContent): Promise<OutboxJobView> {
      const { draft, accountId, cardId, update } = await this.checkCard(profileId, draftId, content)
      if (deps.changes) return deps.changes.keepAndPost(profileId, draftId, content)
      const params: CardUpdateParams = { ...cardNamed(draftId, cardId, draft, content), update, content }
      return queueEdit(profileId, accountId, `Update the card “${params.name}”`, {
        op: PUBLISHED_EDIT_OPS.cardUpdate,
        params,
      })
    },

    /** Refuses a video conversation card edit the spec or the rules do not allow. */
    async checkVideoConversationCard(
      profileId: string,
      draftId: string,
      content: VideoConversationCardContent,
    ) {
      const { draft, accountId, published } = await publishedDraft(draftId, 'video_conversation_card')
      const cardId = publishedCardId(published)
      const before = draft.content as VideoConversationCardContent
      const mediaIssues: FieldIssue[] = []
      for (const field of ['video', 'poster', 'unlockedImage', 'unlockedVideo'] as const) {
        if (!same(before[field], content[field]))
          mediaIssues.push({
            field,
            message:
              'The media of a published card stays as published — duplicate it as a new draft to change it',
          })
      }
      if (mediaIssues.length > 0) refuse(mediaIssues)
      const errors = await gateErrors({ ...draft, content }, profileId, accountId)
      if (errors.length > 0) refuse(errors)
      const wireBefore = videoConversationCardPayload(before, new MediaCollector(unresolvedMedia)) as object
      const wireAfter = videoConversationCardPayload(content, new MediaCollector(unresolvedMedia)) as object
      const fields: VideoConversationUpdateParams['fields'] = {}
      for (const field of VIDEO_CONVERSATION_EDITABLE_FIELDS) {
        const was = (wireBefore as Record<string, string | undefined>)[field] ?? ''
        const now = (wireAfter as Record<string, string | undefined>)[field] ?? ''
        // An emptied optional field is sent empty: the PUT keeps what is not supplied, so leaving
        // it out would keep the old value. (How the platform reads an empty value is not shown;
        // clearing it is the only reading under which the edit means what the designer did.)
        if (was !== now) fields[field] = now
      }
      if (Object.keys(fields).length === 0) nothingChanged('name')
      return { draft, accountId, cardId, fields }
    },

    async updateVideoConversationCard(
      profileId: string,
      draftId: string,
      content: VideoConversationCardContent,
    ): Promise<OutboxJobView> {
      const { draft, accountId, cardId, fields } = await this.checkVideoConversationCard(
        profileId,
        draftId,
        content,
      )
      if (deps.changes) return deps.changes.keepAndPost(profileId, draftId, content)
      const params: VideoConversationUpdateParams = {
        ...cardNamed(draftId, cardId, draft, content),
        fields,
        content,
      }
      return queueEdit(profileId, accountId, `Update the video conversation card “${params.name}”`, {
        op: PUBLISHED_EDIT_OPS.videoConversationUpdate,
        params,
      })
    },

    async renamePost(profileId: string, draftId: string, name: string): Promise<OutboxJobView> {
      const { draft, accountId, published } = await publishedDraft(draftId, 'post')
      const postId = published.postId
      if (!postId) throw new AppFailure(appError('invalid_input', 'This post has no post id on the platform'))
      const before = draft.content as PostContent
      if (name.trim() === '') refuse([{ field: 'name', message: 'Enter a name for the post' }])
      if (name === before.name) nothingChanged('name')
      const content: PostContent = { ...before, name }
      // Only the name is sent, so only the name's rules decide; the rest was checked at publish.
      const errors = (await gateErrors({ ...draft, content }, profileId, accountId)).filter(
        (issue) => issue.field === 'name',
      )
      if (errors.length > 0) refuse(errors)
      const params: PostRenameParams = { draftId, postId, name }
      return queueEdit(profileId, accountId, `Rename the post to “${name.trim()}”`, {
        op: PUBLISHED_EDIT_OPS.postRename,
        params,
      })
    },

    /**
     * The library's rename of any post on the account, by its id. The name is its only field,
     * bounded by the shared limit. A post id the account does not have is refused before the
     * rename is queued: a designer who typed a wrong id hears it at once, on the id, instead of
     * from a failed outbox job.
     */
    async renamePostById(
      profileId: string,
      accountId: string,
      postId: string,
      name: string,
    ): Promise<OutboxJobView> {
      const trimmed = name.trim()
      if (trimmed === '') refuse([{ field: 'name', message: 'Enter a name' }])
      if (trimmed.length > LIMITS.post.name.max)
        refuse([{ field: 'name', message: `A post name has at most ${LIMITS.post.name.max} characters` }])
      await deps.withAdsContext(profileId, async (ctx) => {
        const found = await listPosts(ctx, accountId, { postIds: [postId], trimUser: true })
        if (found.data.some((post) => post.id_str === postId)) return
        throw new AppFailure(
          appError('not_found', `This account has no post ${postId} — check the id`, { field: 'postId' }),
        )
      })
      const params: PostRenameParams = { postId, name: trimmed }
      return queueEdit(profileId, accountId, `Rename the post to “${trimmed}”`, {
        op: PUBLISHED_EDIT_OPS.postRename,
        params,
      })
    },
  }
}

export type PublishedEdits = ReturnType<typeof createPublishedEdits>

/**
 * A published card keeps its mode, its components (type and order) and its media; only text
 * changes. Each refusal names the component it concerns.
 */
function refuseLayoutChanges(before: CardContent, after: CardContent): void {
  const layout = 'duplicate it as a new draft to change'
  if (before.mode !== after.mode)
    refuse([{ field: 'mode', message: `A published card keeps its layout — ${layout} it` }])
  const issues: FieldIssue[] = []
  const compare = (was: readonly ComponentDraft[], now: readonly ComponentDraft[], path: string) => {
    if (was.length !== now.length) {
      issues.push({ field: path, message: `A published card keeps its components — ${layout} them` })
      return
    }
    now.forEach((component, index) => {
      const old = was[index]
      const field = `${path}.${index}`
      if (!old || old.type !== component.type)
        issues.push({ field, message: `A published card keeps its components — ${layout} them` })
      else if (!same(mediaOf(old), mediaOf(component)))
        issues.push({ field, message: `The media of a published card stays as published — ${layout} it` })
    })
  }
  if (after.mode === 'multi_destination') {
    if (before.slides.length !== after.slides.length)
      issues.push({ field: 'slides', message: `A published card keeps its slides — ${layout} them` })
    else
      after.slides.forEach((slide, index) =>
        compare(before.slides[index]?.components ?? [], slide.components, `slides.${index}.components`),
      )
  } else {
    compare(before.components, after.components, 'components')
  }
  if (issues.length > 0) refuse(issues, 'in this edit')
}

function mediaOf(component: ComponentDraft): unknown {
  if (component.type === 'MEDIA') return component.media
  if (component.type === 'SWIPEABLE_MEDIA') return component.items.map((item) => item.media)
  return null
}
