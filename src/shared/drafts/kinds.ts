/**
 * The draft kinds and statuses, as plain values: the renderer's drafts list (the start page)
 * needs these and nothing of the envelope's schemas, which would bring zod into the first
 * page's code (rule P11, bench/PERFORMANCE.md). envelope.ts builds its schemas from these.
 */

export const DRAFT_KINDS = ['card', 'poll_card', 'video_conversation_card', 'post', 'media_library'] as const
export type DraftKind = (typeof DRAFT_KINDS)[number]

export const DRAFT_STATUSES = ['draft', 'queued', 'publishing', 'published', 'failed'] as const
export type DraftStatus = (typeof DRAFT_STATUSES)[number]

/** Each kind in words, for lists, bundles and reports. */
export const KIND_LABELS: Record<DraftKind, string> = {
  card: 'Card',
  poll_card: 'Poll card',
  video_conversation_card: 'Video conversation',
  post: 'Post',
  media_library: 'Library media',
}

export function isDraftKind(value: unknown): value is DraftKind {
  return typeof value === 'string' && (DRAFT_KINDS as readonly string[]).includes(value)
}

export function isDraftStatus(value: unknown): value is DraftStatus {
  return typeof value === 'string' && (DRAFT_STATUSES as readonly string[]).includes(value)
}

export function untitledName(kind: DraftKind): string {
  return `Untitled ${kind.replaceAll('_', ' ')}`
}
