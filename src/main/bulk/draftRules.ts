import { checkContent } from '../../shared/creatives/check'
import { contentSchemas, type ContentByKind } from '../../shared/creatives/content'
import type { Draft } from '../../shared/drafts/envelope'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'

/**
 * The live rules a change from bulk work must keep, the same for a CSV row, a side-panel edit and
 * a replace: the content model the store checks on save, and the editors' and publish gate's
 * errors. Only problems the change brings count: a draft being written may already have some.
 */

const IN_OUTBOX = new Set(['queued', 'publishing'])

/** Why a draft cannot be changed now, or null. */
export function lockedReason(draft: Draft): string | null {
  return IN_OUTBOX.has(draft.status)
    ? 'This draft is in the outbox being published; change it once it has been sent.'
    : null
}

/**
 * The content's errors by rule and field. Team rules share one code, so theirs are told apart by
 * their message too (two packs may each say something about the same field).
 */
function errorKeys(draft: Draft, content: unknown, teamRules: readonly TeamRulePack[]): Map<string, string> {
  const { issues } = checkContent(draft.kind, content as ContentByKind[typeof draft.kind], { teamRules })
  const keys = new Map<string, string>()
  for (const issue of issues) {
    if (issue.severity !== 'error') continue
    const rule = issue.code === 'team_rule' ? `team_rule|${issue.message}` : issue.code
    keys.set(`${rule}|${issue.contentPath.join('.')}`, issue.message)
  }
  return keys
}

/** The problems `content` (new content for `draft`) brings, in words; none: it may be saved. */
export function newContentProblems(
  draft: Draft,
  content: unknown,
  teamRules: readonly TeamRulePack[] = [],
): string[] {
  return contentChecker(draft, teamRules)(content)
}

/**
 * newContentProblems for many candidate contents of one draft (its variants): the draft's own
 * errors are worked out once, and only when a candidate has any (most have none).
 */
export function contentChecker(
  draft: Draft,
  teamRules: readonly TeamRulePack[] = [],
): (content: unknown) => string[] {
  let before: Map<string, string> | undefined
  return (content) => {
    const parsed = contentSchemas[draft.kind].safeParse(content)
    if (!parsed.success)
      return [`The new values are not valid: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`]
    const after = errorKeys(draft, content, teamRules)
    if (after.size === 0) return []
    before ??= errorKeys(draft, draft.content, teamRules)
    const problems: string[] = []
    for (const [key, message] of after) if (!before.has(key)) problems.push(message)
    return problems
  }
}
