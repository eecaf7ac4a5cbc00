import type { DraftListResponse } from '../../../shared/ipc/contracts/drafts'
import { studio, unwrap } from '../../lib/ipc'

/**
 * Enough rows to fill the first screen, and a few more: a 49 px row and 8 rows of overscan make
 * 60 rows a window ~2,500 px tall. The rest follows in large pages once they are painted
 * (draftsStore). Each row is a summary that crosses IPC and is copied into the page before the
 * first render, so the first answer carries no more than the first screen needs (it was 100).
 */
export const FIRST_PAGE = 60

let early: Promise<DraftListResponse> | undefined

/**
 * Asks main for the first page of the drafts list as the app starts, while the drafts page's
 * own code is still being fetched: the answer and the code then travel at the same time instead
 * of one after the other. Lives in the startup bundle (a few lines); the store takes the answer.
 */
export function requestFirstDraftsPage(): void {
  early ??= unwrap(studio().drafts.list({ offset: 0, limit: FIRST_PAGE })) as Promise<DraftListResponse>
  // A failure is reported by the store when it takes this answer, not as an unhandled rejection.
  early.catch(() => undefined)
}

/** The answer asked for at start, handed out once; undefined when there is none (any more). */
export function takeFirstDraftsPage(): Promise<DraftListResponse> | undefined {
  const answer = early
  early = undefined
  return answer
}
