import { DRAFT_LIMITS, isJsonValue, scanJsonText } from '../../shared/drafts/json'
import type { ContentValidator, Draft, DraftKind } from '../../shared/drafts/envelope'
import { DraftStoreError } from './errors'
import { serializeDraft } from './serialize'

/**
 * DRAFT_LIMITS applied to a draft file's text, the same way wherever a draft is written or read:
 * a save is refused (and not acknowledged) exactly when a load would quarantine the file.
 */

/** Drafts are small; only a large text is worth the structural pass (a tenth of the cold load otherwise). */
const SCAN_ABOVE_CHARS = 64 * 1024

const MAX_MEGABYTES = DRAFT_LIMITS.maxFileBytes / 1024 / 1024

export interface DraftTextProblem {
  reason: 'too_large' | 'too_complex'
  /** Completes "it …": why the text is not a draft file Ads Studio keeps. */
  why: string
}

/** Why a draft file's text is outside DRAFT_LIMITS, or undefined. `bytes`: its UTF-8 length when known. */
export function draftTextProblem(
  text: string,
  bytes = Buffer.byteLength(text),
): DraftTextProblem | undefined {
  if (bytes > DRAFT_LIMITS.maxFileBytes)
    return { reason: 'too_large', why: `is over ${MAX_MEGABYTES} MB, more than any draft` }
  if (text.length <= SCAN_ABOVE_CHARS) return undefined
  const scan = scanJsonText(text)
  return scan.ok
    ? undefined
    : { reason: 'too_complex', why: `${scan.reason.replace(/^it /, '')}, more than any draft` }
}

/** The draft as its file will hold it; refused, with what to do, when a load could not read it back. */
export function serializeWithinLimits(draft: Draft): string {
  const text = serializeDraft(draft)
  const problem = draftTextProblem(text)
  if (problem) {
    throw new DraftStoreError(
      'invalid_content',
      `This draft cannot be saved: it ${problem.why}. Shorten the longest text and it saves again.`,
      { draftId: draft.id },
    )
  }
  return text
}

/** The content a draft may hold: plain JSON, as the content model (when given) accepts or repairs it. */
export function checkDraftContent(
  kind: DraftKind,
  content: unknown,
  validate: ContentValidator | undefined,
): unknown {
  if (content === undefined || !isJsonValue(content)) {
    throw new DraftStoreError('invalid_content', 'Draft content must be plain JSON')
  }
  if (!validate) return content
  const check = validate(kind, content)
  if (!check.ok) throw new DraftStoreError('invalid_content', `Draft content is invalid: ${check.message}`)
  if (check.content === undefined) return content
  if (!isJsonValue(check.content)) {
    throw new DraftStoreError(
      'invalid_content',
      'Draft content is invalid: the content model returned non-JSON',
    )
  }
  return check.content
}

export { MAX_MEGABYTES as MAX_DRAFT_MEGABYTES }
