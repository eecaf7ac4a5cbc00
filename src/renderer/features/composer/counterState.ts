import type { PostLength } from '../../../shared/rules/postLength'

/**
 * How close to the limit the counter turns amber. An app choice, not a platform rule: the
 * platform's own composer warns at the last 20 characters.
 */
export const NEAR_LIMIT_REMAINING = 20

export type CounterState = 'ok' | 'near' | 'over'

export function counterState(length: Pick<PostLength, 'remaining'>): CounterState {
  if (length.remaining < 0) return 'over'
  if (length.remaining <= NEAR_LIMIT_REMAINING) return 'near'
  return 'ok'
}

/** The text before the limit and the part past it, for the highlight. */
export function splitAtOverflow(text: string, overflowStartIndex: number | null): [string, string] {
  if (overflowStartIndex === null) return [text, '']
  return [text.slice(0, overflowStartIndex), text.slice(overflowStartIndex)]
}
