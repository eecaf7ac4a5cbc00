// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { ListChecks } from 'lucide-react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ROUTES } from '../../../../src/renderer/app/routes'
import { DraftListPage } from '../../../../src/renderer/kits/editor/DraftListPage'
import { useDraftsStore } from '../../../../src/renderer/state/drafts/draftsStore'
import type { StudioApi } from '../../../../src/shared/ipc/api'
import type { DraftSummaryWithIssues } from '../../../../src/shared/ipc/contracts/drafts'
import { pagedDraftsList } from '../../draftsListFake'

const COUNT = 5_000

/** Polls, newest first (each a minute older than the one before), and a card among them. */
function seeded(): DraftSummaryWithIssues[] {
  const newest = Date.parse('2026-01-01T12:00:00.000Z')
  return Array.from({ length: COUNT }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: index === 1 ? ('card' as const) : ('poll_card' as const),
    name: `Poll ${index}`,
    status: 'draft' as const,
    updatedAt: new Date(newest - index * 60_000).toISOString(),
    errorCount: index === 0 ? 2 : 0,
    warningCount: 0,
  }))
}

describe('a per-kind drafts list (polls, video conversations, posts)', () => {
  beforeEach(() => {
    const list = pagedDraftsList(seeded())
    Object.defineProperty(window, 'studio', {
      value: { drafts: { list } } as unknown as StudioApi,
      configurable: true,
    })
    useDraftsStore.setState({ drafts: [], loaded: false, complete: false, revision: null, error: null })
  })
  afterEach(cleanup)

  it('draws only the rows in view of thousands, each saying where it stands in the whole list', async () => {
    const route = ROUTES.find((candidate) => candidate.id === 'polls')!
    render(<DraftListPage route={route} kind="poll_card" noun="poll" icon={ListChecks} />)
    const list = await screen.findByRole('list', { name: 'Polls drafts' })
    // The first page comes first, the rest once it is painted.
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', String(COUNT - 1)),
    )
    const rows = within(list).getAllByRole('listitem')
    // A screenful and the overscan, not 4,999 polls.
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThan(60)
    const first = rows[0]!
    expect(first).toHaveAttribute('aria-posinset', '1')
    expect(within(first).getByRole('link')).toHaveAttribute(
      'href',
      '#/polls/00000000-0000-4000-8000-000000000000',
    )
    expect(within(first).getByText('2 problems')).toBeInTheDocument()
    // The card among them is not a poll.
    expect(within(list).queryByText('Poll 1')).toBeNull()
    expect(within(rows[1]!).getByText('Poll 2')).toBeInTheDocument()
  })
})
