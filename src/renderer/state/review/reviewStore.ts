import { create } from 'zustand'
import type { ReviewState } from '../../../shared/ipc/contracts/review'
import { listen, studio, unwrap } from '../../lib/ipc'
import { serialRuns } from '../../lib/serialRuns'

interface ReviewStoreState {
  /** The latest verdict of each draft that has one, by draft id. */
  byDraft: ReadonlyMap<string, ReviewState>
  /** The active ad account's "Publishing needs approval". */
  approvalRequired: boolean
  loaded: boolean
  load(): Promise<void>
  setApprovalRequired(required: boolean): Promise<void>
}

let following = false

/**
 * Review states as main computes them (issue 44): a verdict holds for the content its reviewer
 * saw, so every saved edit can void one. Read once, then again on each drafts.changed.
 */
export const useReviewStore = create<ReviewStoreState>((set, get) => {
  const refreshes = serialRuns(async () => {
    try {
      const { states, approvalRequired } = await unwrap(studio().review.states({}))
      set({
        byDraft: new Map(states.map((state) => [state.draftId, state])),
        approvalRequired,
        loaded: true,
      })
    } catch {
      // Review marks are extra information: the list and the editor work without them.
    }
  })
  return {
    byDraft: new Map(),
    approvalRequired: false,
    loaded: false,
    async load() {
      if (!following) {
        following = true
        listen('drafts.changed', () => void get().load())
      }
      return refreshes.run()
    },
    async setApprovalRequired(required) {
      const { approvalRequired } = await unwrap(studio().review.setApprovalRequired({ required }))
      set({ approvalRequired })
    },
  }
})
