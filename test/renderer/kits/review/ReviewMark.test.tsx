// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewDetails, ReviewMark } from '../../../../src/renderer/kits/review/ReviewMark'
import { useReviewStore } from '../../../../src/renderer/state/review/reviewStore'
import type { ReviewState } from '../../../../src/shared/ipc/contracts/review'

afterEach(cleanup)

const state = (patch: Partial<ReviewState>): ReviewState => ({
  draftId: 'd1',
  decision: 'approve',
  reviewer: 'Ana Lead',
  decidedAt: '2026-02-01T10:00:00.000Z',
  version: '8eb8fc93',
  current: true,
  comments: [{ field: 'post_text', label: 'Post text', text: 'Lovely.' }],
  ...patch,
})

const show = (review: ReviewState | undefined) =>
  useReviewStore.setState({ loaded: true, byDraft: new Map(review ? [[review.draftId, review]] : []) })

describe('a draft’s review mark', () => {
  it('says who approved, and that an approval of an earlier version no longer holds', () => {
    show(state({}))
    const { rerender } = render(<ReviewMark draftId="d1" />)
    expect(screen.getByTestId('review-mark').textContent).toBe('Approved by Ana Lead')
    show(state({ current: false }))
    rerender(<ReviewMark draftId="d1" />)
    expect(screen.getByTestId('review-mark').textContent).toBe('Approved version 8eb8fc93; changed since')
    show(state({ decision: 'request_changes' }))
    rerender(<ReviewMark draftId="d1" />)
    expect(screen.getByTestId('review-mark').textContent).toBe('Changes requested by Ana Lead')
  })

  it('shows nothing for a draft no reviewer decided on', () => {
    show(undefined)
    const { container } = render(<ReviewMark draftId="d1" />)
    expect(container.textContent).toBe('')
  })

  it('opens the comments by field in the editor', async () => {
    show(state({ current: false }))
    render(<ReviewDetails draftId="d1" />)
    fireEvent.click(screen.getByTestId('review-mark'))
    await screen.findByRole('dialog', { name: 'Review' })
    const details = screen.getByRole('dialog', { name: 'Review' })
    expect(details.textContent).toContain('this approval no longer holds')
    expect(details.textContent).toContain('Post textLovely.')
  })
})
