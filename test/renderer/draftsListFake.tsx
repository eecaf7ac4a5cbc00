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

/** The n-th of a list of card drafts, one minute older than the one before it (main's order). */
export function numberedDraft(index: number): DraftSummaryWithIssues {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: 'card',
    name: `Draft ${index}`,
    status: 'draft',
    updatedAt: new Date(Date.UTC(2025, 0, 1) - index * 60_000).toISOString(),
    errorCount: 0,
    warningCount: 0,
  }
}
