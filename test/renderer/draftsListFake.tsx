import type { DraftSummaryWithIssues } from '../../src/shared/ipc/contracts/drafts'

/**
 * `drafts.list` as main answers it: the page of summaries asked for (offset, limit), the total,
 * with nothing loading, in the trash or quarantined.
 */
export function pagedDraftsList(drafts: readonly DraftSummaryWithIssues[]) {
  return ({ offset = 0, limit = 5_000 }: { offset?: number; limit?: number }) =>
    Promise.resolve({
      ok: true,
      value: {
        revision: 1,
        total: drafts.length,
        offset,
        drafts: drafts.slice(offset, offset + limit),
        loading: false,
        trash: [],
        quarantined: [],
      },
    })
}
