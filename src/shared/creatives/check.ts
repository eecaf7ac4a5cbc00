import type { Issue, IssuePath } from '../rules/issues'
import type { ValidationContext } from '../rules/context'
import type { PayloadByKind } from '../rules/payloads'
import { validate } from '../rules/validate'
import { checkTeamRules } from '../rules/teamPacks/check'
import type { TeamRulePack } from '../rules/teamPacks/types'
import type { ContentByKind, DraftKind } from './content'
import { buildPayload } from './content'
import { toContentPath } from './contentPath'
import type { MediaResolver } from './media'
import { unresolvedMedia } from './media'
import { MediaCollector } from './mediaCollector'
import type { CardResolver } from './post'
import { unresolvedCard } from './post'

export interface CheckOptions extends Omit<ValidationContext, 'media'> {
  readonly resolveMedia?: MediaResolver
  readonly resolveCard?: CardResolver
  /** The account's team rule packs: their issues join the platform's, labelled "Team rule". */
  readonly teamRules?: readonly TeamRulePack[]
}

export interface ContentIssue extends Issue {
  /** The draft content field the issue concerns (Issue.path is the payload path). */
  readonly contentPath: IssuePath
}

export interface ContentCheck<K extends DraftKind> {
  readonly payload: PayloadByKind[K]
  readonly issues: ContentIssue[]
  /** The context validate was given (media facts by payload key, plus the options). */
  readonly context: ValidationContext
}

/**
 * toPayload + validate in one step, with the media facts of the draft's refs passed to the
 * validator: what editors show, what the drafts list counts, and what publish checks.
 */
export function checkContent<K extends DraftKind>(
  kind: K,
  content: ContentByKind[K],
  options: CheckOptions = {},
): ContentCheck<K> {
  const { resolveMedia = unresolvedMedia, resolveCard = unresolvedCard, teamRules, ...rest } = options
  const collector = new MediaCollector(resolveMedia)
  const payload = buildPayload(kind, content, collector, resolveCard)
  const context: ValidationContext = { ...rest, media: collector.media }
  const found = validate(kind, payload, context)
  if (teamRules) found.push(...checkTeamRules(kind, payload, teamRules))
  const issues = found.map((issue) => ({
    ...issue,
    contentPath: toContentPath(kind, issue.path),
  }))
  return { payload, issues, context }
}
