import { createHash } from 'node:crypto'
import type { Draft } from '../../shared/drafts/envelope'
import type { ReviewField } from '../../shared/review/format'
import { CSV_FIELDS } from '../bulk/csvFields'
import { contentFingerprint } from '../publish/fingerprint'

/**
 * What of a draft a reviewer sees and an approval is bound to: its kind and its content, less
 * what only this computer knows (a local file's path and its read permission). The file itself
 * stays in the content by its SHA-256, so choosing another file is a change; moving the same
 * file is not.
 */
const LOCAL_ONLY_KEYS = new Set(['path', 'token'])

export function reviewContent(content: unknown): unknown {
  if (Array.isArray(content)) return content.map(reviewContent)
  if (typeof content !== 'object' || content === null) return content
  const local = (content as { source?: unknown }).source === 'local'
  const copy: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(content)) {
    if (local && LOCAL_ONLY_KEYS.has(key)) continue
    copy[key] = reviewContent(value)
  }
  return copy
}

/** The fingerprint of content already made reviewable (as a bundle carries it). */
export function fingerprintOfReviewContent(kind: string, content: unknown): string {
  return contentFingerprint({ kind, content })
}

/** sha-256 over the canonical JSON of the draft's kind and reviewable content. */
export function reviewFingerprint(draft: Pick<Draft, 'kind' | 'content'>): string {
  return fingerprintOfReviewContent(draft.kind, reviewContent(draft.content))
}

/** An ad account's key in bundles and the review store: recognisable, without its id. */
export function accountKey(accountId: string): string {
  return createHash('sha256').update(`ads-studio-review-account:${accountId}`).digest('hex').slice(0, 16)
}

/** The fields a reviewer comments on, by the drafts CSV's column names, labelled for people. */
const FIELD_LABELS: Record<string, string> = {
  creative_name: 'Name on the platform',
  card_title: 'Website title',
  card_url: 'Website address',
  poll_choice_1: 'Choice 1',
  poll_choice_2: 'Choice 2',
  poll_choice_3: 'Choice 3',
  poll_choice_4: 'Choice 4',
  poll_duration_minutes: 'Duration (minutes)',
  conversation_title: 'Title',
  conversation_thank_you_text: 'Thank-you text',
  conversation_thank_you_url: 'Thank-you link',
  post_text: 'Post text',
  post_video_title: 'Video title',
  post_video_description: 'Video description',
  media_title: 'Title',
  media_description: 'Description',
  media_file_name: 'File name',
}

export function reviewFields(draft: Draft): ReviewField[] {
  const fields: ReviewField[] = []
  for (const field of CSV_FIELDS) {
    if (!field.kinds.includes(draft.kind)) continue
    const value = field.read(draft.content)
    // An empty field has nothing to comment on; the general comment covers "add a title".
    if (value === undefined || value === '') continue
    fields.push({ key: field.column, label: FIELD_LABELS[field.column] ?? field.column, value })
  }
  return fields
}
