import { basename } from 'node:path'
import type { ContentByKind } from '../../shared/creatives/content'
import { contentSchemas } from '../../shared/creatives/content'
import type { LocalMediaRef } from '../../shared/creatives/media'
import { localMediaRefSchema, mediaTypeFromMime } from '../../shared/creatives/media'
import type { Draft, DraftKind } from '../../shared/drafts/envelope'
import { AppFailure, appError } from '../../shared/errors'
import { plural } from '../../shared/rules/issues'
import type { PublishContext } from '../../shared/creatives/publishGate'
import { checkDraftForPublish, publishErrors, publishIssueField } from '../../shared/creatives/publishGate'
import type { CardKind, CardStep, DraftSnapshot, LibraryStep, PostStep, PublishStep, UploadStep } from './job'
import { PUBLISH_OPS } from './job'

/**
 * Turns a draft into the ordered steps that publish it: every local medium is uploaded and
 * added to the media library, then the card is created, then the post. A post attaching a card
 * draft that is not published yet carries that card's steps too.
 */

export interface PlanInput {
  draft: Draft
  /** Other drafts by id (the card draft a post attaches). */
  lookupDraft: (draftId: string) => Draft | undefined
  accountId: string
  userId?: string
  /**
   * What the gate needs besides the drafts: the account's post-length tier, its features when
   * known, and the weighted length counter (see checkDraftForPublish).
   */
  publish: Pick<PublishContext, 'postLengthTier' | 'features' | 'weightedLength' | 'teamRules'>
}

export interface Plan {
  drafts: Record<string, DraftSnapshot>
  publishedCards: Record<string, string>
  steps: PublishStep[]
}

const CARD_KINDS: readonly DraftKind[] = ['card', 'poll_card', 'video_conversation_card']

function isCardKind(kind: DraftKind): kind is CardKind {
  return CARD_KINDS.includes(kind)
}

/** Upload categories by media type, so the media key can go into the media library. */
export function mediaCategoryFor(mimeType: string): string {
  const type = mediaTypeFromMime(mimeType)
  if (type === 'GIF') return 'POST_GIF'
  if (type === 'VIDEO') return 'POST_VIDEO'
  return 'POST_IMAGE'
}

/** Every local medium in a draft's content, in order of appearance, each file once. */
export function localMediaOf(content: unknown): LocalMediaRef[] {
  const found = new Map<string, LocalMediaRef>()
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item)
      return
    }
    if (typeof value !== 'object' || value === null) return
    const local = localMediaRefSchema.safeParse(value)
    if (local.success) {
      if (!found.has(local.data.sha256)) found.set(local.data.sha256, local.data)
      return
    }
    for (const child of Object.values(value)) walk(child)
  }
  walk(content)
  return [...found.values()]
}

/** A card draft published on this account can be attached as it is. */
export function publishedCardUri(draft: Draft | undefined, accountId: string): string | undefined {
  const published = draft?.published
  return draft?.status === 'published' && published?.cardUri && published.accountId === accountId
    ? published.cardUri
    : undefined
}

function refuse(message: string, field?: string): never {
  throw new AppFailure(appError('invalid_input', message, { field }))
}

function parsedContent<K extends DraftKind>(kind: K, content: unknown): ContentByKind[K] {
  const parsed = contentSchemas[kind].safeParse(content)
  if (!parsed.success) refuse('This draft cannot be read — open it in its editor and save it again')
  return parsed.data
}

/**
 * The publish gate: refuses a draft (and the card draft a post attaches) with any error, listing
 * every error with its field, before a plan exists and so before anything is sent.
 */
function gate(input: PlanInput, resolveCard: (draftId: string) => string | undefined): void {
  const errors = publishErrors(
    checkDraftForPublish(input.draft, {
      ...input.publish,
      lookupDraft: input.lookupDraft,
      resolveCard,
      ...(input.userId ? { authenticatedUserId: input.userId } : {}),
    }),
  )
  const [first] = errors
  if (!first) return
  const own = first.draftId === input.draft.id
  const message =
    errors.length === 1
      ? first.message
      : `${plural(errors.length, 'problem')} to fix before publishing. First: ${first.message}`
  throw new AppFailure(
    appError('invalid_input', message, {
      field: own ? publishIssueField(first) : 'card',
      issues: errors.map((issue) => ({
        field: publishIssueField(issue),
        message: issue.message,
        draftId: issue.draftId,
      })),
    }),
  )
}

export function buildPlan(input: PlanInput): Plan {
  const { draft, lookupDraft, accountId } = input
  const plan: Plan = { drafts: {}, publishedCards: {}, steps: [] }
  const planned = new Map<string, [UploadStep, LibraryStep]>()
  let nextId = 0
  const stepId = () => `s${++nextId}`

  const resolveCard = (draftId: string) => publishedCardUri(lookupDraft(draftId), accountId)
  gate(input, resolveCard)

  const addMedia = (
    media: readonly LocalMediaRef[],
    forDraftId: string,
    libraryDraftId?: string,
    category?: string,
  ): void => {
    for (const ref of media) {
      const existing = planned.get(ref.sha256)
      if (existing) {
        for (const step of existing)
          if (!step.forDraftIds.includes(forDraftId)) step.forDraftIds.push(forDraftId)
        continue
      }
      const fileName = basename(ref.path)
      const upload: UploadStep = {
        kind: 'upload',
        op: PUBLISH_OPS.upload,
        id: stepId(),
        status: 'pending',
        attempts: 0,
        restarts: 0,
        sha256: ref.sha256,
        forDraftIds: [forDraftId],
        path: ref.path,
        fileName,
        mimeType: ref.mimeType,
        bytes: ref.bytes,
        mediaCategory: category ?? mediaCategoryFor(ref.mimeType),
      }
      const library: LibraryStep = {
        kind: 'library',
        op: PUBLISH_OPS.library,
        id: stepId(),
        status: 'pending',
        attempts: 0,
        sha256: ref.sha256,
        forDraftIds: [forDraftId],
        fileName,
        ...(libraryDraftId ? { draftId: libraryDraftId } : {}),
      }
      planned.set(ref.sha256, [upload, library])
      plan.steps.push(upload, library)
    }
  }

  const snapshot = (d: Draft) => {
    plan.drafts[d.id] = { kind: d.kind, name: d.name, content: structuredClone(d.content) }
  }

  const addCard = (card: Draft, kind: CardKind): void => {
    snapshot(card)
    addMedia(localMediaOf(card.content), card.id)
    const step: CardStep = {
      kind: 'card',
      op: PUBLISH_OPS.card,
      id: stepId(),
      status: 'pending',
      attempts: 0,
      draftId: card.id,
      cardKind: kind,
    }
    plan.steps.push(step)
  }

  if (isCardKind(draft.kind)) {
    addCard(draft, draft.kind)
  } else if (draft.kind === 'media_library') {
    snapshot(draft)
    const content = parsedContent('media_library', draft.content)
    if (content.media?.source === 'local') {
      // The poster goes first: the library object names it.
      const own = content.media
      addMedia(
        localMediaOf(content).filter((ref) => ref.sha256 !== own.sha256),
        draft.id,
      )
      if (content.mediaCategory !== undefined && mediaTypeFromMime(own.mimeType) !== 'VIDEO')
        refuse('A media category is chosen for videos only', 'mediaCategory')
      addMedia([own], draft.id, draft.id, content.mediaCategory)
    } else {
      refuse('Pick a file from this computer: media already in the library need no publishing', 'media')
    }
  } else {
    const content = parsedContent('post', draft.content)
    if (content.card?.source === 'draft') {
      const cardDraft = lookupDraft(content.card.draftId)
      const uri = publishedCardUri(cardDraft, accountId)
      if (uri) plan.publishedCards[content.card.draftId] = uri
      else if (!cardDraft) refuse('The attached card draft no longer exists — attach another card', 'card')
      else if (!isCardKind(cardDraft.kind)) refuse('The attached draft is not a card', 'card')
      else addCard(cardDraft, cardDraft.kind)
    }
    snapshot(draft)
    addMedia(localMediaOf(content), draft.id)
    const step: PostStep = {
      kind: 'post',
      op: PUBLISH_OPS.post,
      id: stepId(),
      status: 'pending',
      attempts: 0,
      draftId: draft.id,
    }
    plan.steps.push(step)
  }
  return plan
}
