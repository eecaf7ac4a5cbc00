// The one check a draft passes before anything of it is sent: the same rules the editors run,
// with the facts only main has for sure (the account's post-length tier and features, the
// connected user). Main's outbox calls it when a publish is requested and again before a job's
// first network write; the renderer calls it to say why Publish is disabled.

import type { ContentIssue } from './check'
import { checkContent } from './check'
import type { ContentByKind, DraftKind } from './content'
import { contentSchemas } from './content'
import type { CardResolver } from './post'
import type { Draft } from '../drafts/envelope'
import type { IssuePath } from '../rules/issues'
import { error, pathKey } from '../rules/issues'
import type { PostLengthTier } from '../rules/limits'
import type { TeamRulePack } from '../rules/teamPacks/types'

export interface PublishContext {
  /** The ad account's post length tier (settings, per profile and account). */
  readonly postLengthTier: PostLengthTier
  /** The account's feature keys when known; undefined leaves feature rules as warnings. */
  readonly features?: readonly string[]
  /**
   * Weighted length of post text (the counter from postLength.ts, loaded by the caller). A post
   * with text checked without it gets an error: publish never guesses a length.
   */
  readonly weightedLength?: (text: string) => number
  /** The connected user's id: only they may post organically. */
  readonly authenticatedUserId?: string
  /** Other drafts by id, so the card draft a post attaches is checked with it. */
  readonly lookupDraft?: (draftId: string) => Draft | undefined
  /** card_uri of a card draft already published on this account; such a card needs no check. */
  readonly resolveCard?: CardResolver
  /**
   * The account's team rule packs as main keeps them: their errors refuse a publish like the
   * platform's, their warnings do not. Main passes them itself; the renderer's word is not asked.
   */
  readonly teamRules?: readonly TeamRulePack[]
}

export interface PublishIssue extends ContentIssue {
  /** The draft the issue is in: the one being published, or the card draft a post attaches. */
  readonly draftId: string
}

/**
 * Every issue (errors and warnings) of a draft as publish sees it. A draft with any error must
 * not be sent; `publishErrors` picks those out.
 */
export function checkDraftForPublish(draft: Draft, context: PublishContext): PublishIssue[] {
  const issues = checkOne(draft, context, '')
  if (draft.kind !== 'post') return issues
  const content = readContent('post', draft.content)
  const card = content?.card
  if (card?.source !== 'draft' || context.resolveCard?.(card.draftId) !== undefined) return issues
  const cardDraft = context.lookupDraft?.(card.draftId)
  if (!cardDraft) {
    return [
      ...issues,
      gateIssue(
        draft.id,
        ['card'],
        'required',
        'The attached card draft no longer exists — attach another card',
      ),
    ]
  }
  if (cardDraft.kind === 'post' || cardDraft.kind === 'media_library') {
    return [...issues, gateIssue(draft.id, ['card'], 'invalid_type', 'The attached draft is not a card')]
  }
  return [...issues, ...checkOne(cardDraft, context, `The attached card "${cardDraft.name}": `)]
}

export function publishErrors(issues: readonly PublishIssue[]): PublishIssue[] {
  return issues.filter((issue) => issue.severity === 'error')
}

/** The field a publish issue names, as the structured IPC error carries it. */
export function publishIssueField(issue: PublishIssue): string {
  return pathKey(issue.contentPath)
}

function checkOne(draft: Draft, context: PublishContext, prefix: string): PublishIssue[] {
  const content = readContent(draft.kind, draft.content)
  if (content === undefined) {
    return [
      gateIssue(
        draft.id,
        [],
        'invalid_type',
        `${prefix}This draft cannot be read — open it in its editor and save it again`,
      ),
    ]
  }
  const text = draft.kind === 'post' ? (content as ContentByKind['post']).text : ''
  const measured = text !== '' && context.weightedLength ? context.weightedLength(text) : undefined
  const { issues } = checkContent(draft.kind, content, {
    postLengthTier: context.postLengthTier,
    ...(context.features ? { features: context.features } : {}),
    ...(measured === undefined ? {} : { weightedTextLength: measured }),
    ...(context.authenticatedUserId ? { authenticatedUserId: context.authenticatedUserId } : {}),
    ...(context.resolveCard ? { resolveCard: context.resolveCard } : {}),
    ...(context.teamRules ? { teamRules: context.teamRules } : {}),
  })
  const found: PublishIssue[] = issues.map((issue) => ({
    ...issue,
    message: `${prefix}${issue.message}`,
    draftId: draft.id,
  }))
  if (text !== '' && measured === undefined) {
    found.push(
      gateIssue(draft.id, ['text'], 'unchecked', `${prefix}The post length could not be measured; try again`),
    )
  }
  return found
}

function readContent<K extends DraftKind>(kind: K, content: unknown): ContentByKind[K] | undefined {
  const parsed = contentSchemas[kind].safeParse(content)
  return parsed.success ? (parsed.data as ContentByKind[K]) : undefined
}

function gateIssue(
  draftId: string,
  contentPath: IssuePath,
  code: 'required' | 'invalid_type' | 'unchecked',
  message: string,
): PublishIssue {
  return { ...error(contentPath, code, message), contentPath, draftId }
}
