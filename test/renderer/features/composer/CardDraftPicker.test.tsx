// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CARD_DRAFT_PAGE,
  CardDraftPicker,
  cardDraftChoices,
} from '../../../../src/renderer/features/composer/CardDraftPicker'
import type { DraftSummaryWithIssues } from '../../../../src/shared/ipc/contracts/drafts'

const KINDS = ['card', 'poll_card', 'post', 'video_conversation_card'] as const

/** Newest first, as main lists them: every fourth one a post (not a card). */
function summaries(count: number): DraftSummaryWithIssues[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    kind: KINDS[index % KINDS.length]!,
    name: index % 1000 === 7 ? `Spring launch ${index}` : `Draft ${index}`,
    status: 'draft' as const,
    updatedAt: new Date(Date.parse('2026-01-01T00:00:00Z') - index * 1000).toISOString(),
    errorCount: 0,
    warningCount: 0,
  }))
}

afterEach(cleanup)

describe('the "From drafts" card picker', () => {
  it('offers one page of card drafts out of 50,000 summaries, the attached one always among them', () => {
    const drafts = summaries(50_000)
    const all = cardDraftChoices(drafts, '', null)
    expect(all.shown).toHaveLength(CARD_DRAFT_PAGE)
    expect(all.matching).toBe(37_500)
    expect(all.shown.every((draft) => draft.kind !== 'post')).toBe(true)
    expect(all.shown[0]!.name).toBe('Draft 0')

    const old = drafts[49_999]!
    const withOld = cardDraftChoices(drafts, '', old.id)
    expect(withOld.shown[0]).toBe(old)
    expect(withOld.attachedMissing).toBe(false)

    const found = cardDraftChoices(drafts, '  SPRING ', null)
    expect(found.shown.map((draft) => draft.name)).toContain('Spring launch 49007')
    expect(found.matching).toBe(50)
    expect(cardDraftChoices(drafts, '', 'gone').attachedMissing).toBe(true)
  })

  it('searches by name when there are more card drafts than one page, and attaches the one chosen', () => {
    const onChoose = vi.fn()
    render(
      <CardDraftPicker drafts={summaries(2_000)} attachedId={null} describedBy="note" onChoose={onChoose} />,
    )
    const select = screen.getByLabelText('Card draft')
    expect(within(select).getAllByRole('option')).toHaveLength(CARD_DRAFT_PAGE + 1)
    expect(screen.getByText(/The 100 most recently changed of 1,500 are listed/)).toBeInTheDocument()

    fireEvent.change(screen.getByLabelText('Find a card draft'), { target: { value: 'spring' } })
    const options = within(select).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Choose a card, poll or video conversation draft…',
      'Video conversation · Spring launch 7',
      'Video conversation · Spring launch 1007',
    ])
    fireEvent.change(select, { target: { value: options[2]!.getAttribute('value') } })
    expect(onChoose).toHaveBeenCalledWith('00000000-0000-4000-8000-000000001007')
  })

  it('shows no search for a few card drafts', () => {
    render(<CardDraftPicker drafts={summaries(8)} attachedId={null} describedBy="note" onChoose={() => {}} />)
    expect(screen.queryByLabelText('Find a card draft')).toBeNull()
    expect(within(screen.getByLabelText('Card draft')).getAllByRole('option')).toHaveLength(7)
  })
})
