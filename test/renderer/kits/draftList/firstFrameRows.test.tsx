// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DraftsTable } from '../../../../src/renderer/kits/draftList/DraftsTable'
import { columnContents } from '../../../../src/renderer/state/drafts/draftListModel'
import type { DraftSummaryWithIssues } from '../../../../src/shared/ipc/contracts/drafts'
import { installFakeFrames } from '../../fakeFrames'

const ROW_HEIGHT = 49 // DraftsTable's estimate: jsdom lays nothing out, so rows keep it

const drafts: DraftSummaryWithIssues[] = Array.from({ length: 1_000 }, (_, index) => ({
  id: `draft-${index}`,
  kind: 'card',
  name: `Draft ${index}`,
  status: 'draft',
  updatedAt: '2025-01-01T10:00:00.000Z',
  errorCount: 0,
  warningCount: 0,
}))

afterEach(cleanup)

/** The table showing `rows` of the list `list` (all of it unless a search left fewer). */
const table = (rows: DraftSummaryWithIssues[], onRowsPainted?: () => void, list = rows) => (
  <DraftsTable
    rows={rows}
    contents={columnContents(list)}
    onAction={() => undefined}
    onRowsPainted={onRowsPainted}
  />
)

describe('the drafts table in the app’s first frame', () => {
  const frames = installFakeFrames()

  it('draws the rows in view from its first render, and the ones beyond once that frame is up', () => {
    const { container } = render(table(drafts))
    const drawn = () => container.querySelectorAll('tr[data-draft-id]').length
    // The window's height (jsdom: 768 px) over the row's: a screenful, no more, before any frame.
    const inView = Math.ceil(window.innerHeight / ROW_HEIGHT)
    expect(drawn()).toBeGreaterThanOrEqual(inView)
    expect(drawn()).toBeLessThanOrEqual(inView + 1)
    act(() => {
      frames.runFrame()
      vi.advanceTimersByTime(1_000)
    })
    expect(drawn()).toBe(inView + 8)
  })

  it('says once that its first rows are painted: after the frame that draws them', () => {
    const rowsPainted = vi.fn()
    const { rerender } = render(table([], rowsPainted))
    act(() => {
      frames.runFrame()
      vi.advanceTimersByTime(0)
    })
    expect(rowsPainted).not.toHaveBeenCalled()

    rerender(table(drafts, rowsPainted))
    // Drawn, not yet painted.
    expect(rowsPainted).not.toHaveBeenCalled()
    act(() => frames.runFrame())
    expect(rowsPainted).not.toHaveBeenCalled()
    // The task after the frame: it has been painted.
    act(() => vi.advanceTimersByTime(0))
    expect(rowsPainted).toHaveBeenCalledTimes(1)

    rerender(table(drafts.slice(5), rowsPainted, drafts))
    act(() => {
      frames.runFrame()
      vi.advanceTimersByTime(1_000)
    })
    expect(rowsPainted).toHaveBeenCalledTimes(1)
  })
})
