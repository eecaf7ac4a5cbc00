import { checkContent } from '../../shared/creatives/check'
import { contentSchemas } from '../../shared/creatives/content'
import type { CardResolver } from '../../shared/creatives/post'
import type { Draft } from '../../shared/drafts/envelope'
import type { OutboxError } from '../../shared/ipc/contracts/outbox'
import type { PostLengthLimit } from '../../shared/rules/limits'

/** What the rules need beyond the draft itself, as main knows it when a job starts. */
export interface RuleFacts {
  features: readonly string[]
  postLengthLimit: PostLengthLimit
  weightedLength: (text: string) => number
  authenticatedUserId?: string
  resolveCard?: CardResolver
}

/** The rule errors of one draft snapshot, as outbox problems naming the draft and the field. */
export function checkSnapshotRules(draft: Draft, facts: RuleFacts): OutboxError[] {
  const parsed = contentSchemas[draft.kind].safeParse(draft.content)
  if (!parsed.success)
    return [
      {
        code: 'invalid_input',
        message: `“${draft.name}” cannot be read — open it in its editor and save it again`,
        draftId: draft.id,
      },
    ]
  const text = draft.kind === 'post' ? (parsed.data as { text: string }).text : ''
  const { issues } = checkContent(draft.kind, parsed.data, {
    features: facts.features,
    postLengthLimit: facts.postLengthLimit,
    ...(text ? { weightedTextLength: facts.weightedLength(text) } : {}),
    ...(facts.authenticatedUserId ? { authenticatedUserId: facts.authenticatedUserId } : {}),
    ...(facts.resolveCard ? { resolveCard: facts.resolveCard } : {}),
  })
  return (
    issues
      .filter((issue) => issue.severity === 'error')
      // Placeholders for what this very job uploads and creates are not problems.
      .filter((issue) => issue.code !== 'pending_upload' && issue.code !== 'pending_card')
      .map((issue) => ({
        code: issue.code,
        message: issue.message,
        draftId: draft.id,
        contentPath: [...issue.contentPath],
      }))
  )
}
