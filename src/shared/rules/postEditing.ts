// Editing one's own post through POST {base_url}/2/posts with edit_options.previous_post_id:
// allowed "within one hour of creation" (LIMITS.postEditing). The composer counts the time
// down with these; main's gate refuses an edit after it, before anything is sent.

import { LIMITS } from './limits'

export const EDIT_WINDOW_MS = LIMITS.postEditing.windowMinutes.value * 60_000

/** When a post created at `createdAt` can no longer be edited. */
export function editableUntil(createdAt: string | number): number {
  return new Date(createdAt).getTime() + EDIT_WINDOW_MS
}

/** Milliseconds left to edit, 0 once the hour is over. */
export function editTimeLeft(until: number, now: number): number {
  return Math.max(0, until - now)
}

/** "12:05 left" style: minutes and seconds. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** What the gate says when the hour is over: the time it ended, in UTC so it reads the same everywhere. */
export function editExpiredMessage(postId: string, until: number): string {
  const at = new Date(until).toISOString().replace(/\.\d{3}Z$/, 'Z')
  return `Post ${postId} can no longer be edited: the hour to edit it ended at ${at}. Publish a new post instead.`
}

/** The platform refuses edits without the subscription; say so in words a designer can act on. */
export const PREMIUM_REQUIRED_MESSAGE =
  'The platform refused the edit: editing a post requires the premium subscription on the account that posted it. ' +
  'Subscribe that account, or publish a new post instead.'
