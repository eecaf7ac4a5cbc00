// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DraftSummaryWithIssues } from '../../../../src/shared/ipc/contracts/drafts'
import type { BulkPreview } from '../../../../src/shared/ipc/contracts/bulkEdit'
import type { StudioApi } from '../../../../src/shared/ipc/api'
import { ROUTES } from '../../../../src/renderer/app/routes'
import DraftsPage from '../../../../src/renderer/features/drafts/DraftsPage'
import { useDraftsStore } from '../../../../src/renderer/state/drafts/draftsStore'
import { pagedDraftsList } from '../../draftsListFake'

const post = (index: number): DraftSummaryWithIssues => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  kind: 'post',
  name: `Post ${index}`,
  status: 'draft',
  updatedAt: new Date(Date.UTC(2025, 0, 1) - index * 60_000).toISOString(),
  errorCount: 0,
  warningCount: 0,
})
const drafts = [1, 2, 3, 4, 5].map(post)
const ok = (value: unknown) => Promise.resolve({ ok: true, value })

let bulk: Record<string, ReturnType<typeof vi.fn>>
let csv: Record<string, ReturnType<typeof vi.fn>>

function previewOf(ids: string[], skipped: string[], after = 'Summer'): BulkPreview {
  const item = (id: string, reasons: string[]) => ({
    id,
    name: drafts.find((draft) => draft.id === id)!.name,
    changes: [{ column: 'post_text', label: 'Post text', before: 'Spring', after }],
    reasons,
  })
  return {
    token: '11111111-1111-4111-8111-111111111111',
    counts: {
      scanned: ids.length,
      changed: ids.length - skipped.length,
      unchanged: 0,
      refused: skipped.length,
    },
    items: ids.filter((id) => !skipped.includes(id)).map((id) => item(id, [])),
    skipped: skipped.map((id) => item(id, ['Poll choices are at most 25 characters.'])),
  }
}

beforeEach(() => {
  // Radix's radio groups and checkboxes measure themselves; jsdom has no ResizeObserver.
  ;(window as unknown as Record<string, unknown>).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  bulk = {
    fields: vi.fn(({ ids }: { ids: string[] }) =>
      ok({
        count: ids.length,
        fields: [
          { column: 'name', label: 'Draft name', numeric: false, value: null },
          { column: 'post_text', label: 'Post text', numeric: false, value: 'Spring' },
        ],
      }),
    ),
    preview: vi.fn(),
    apply: vi.fn(() => ok({ applied: 2, skipped: [] })),
  }
  csv = { export: vi.fn(() => ok({ exported: 3, fileName: 'drafts.csv' })) }
  Object.defineProperty(window, 'studio', {
    value: {
      drafts: { list: vi.fn(pagedDraftsList(drafts)), quarantine: vi.fn(() => ok({ files: [] })) },
      bulkEdit: bulk,
      draftsCsv: csv,
    } as unknown as StudioApi,
    configurable: true,
  })
  useDraftsStore.setState({
    drafts: [],
    loaded: false,
    complete: false,
    revision: null,
    lastRemoved: null,
    error: null,
  })
})
afterEach(cleanup)

const route = ROUTES.find((candidate) => candidate.id === 'drafts')!
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!
const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` })

describe('selecting drafts on the drafts page', () => {
  it('selects with click, Shift+click and Ctrl+click, and announces the count', async () => {
    render(<DraftsPage route={route} />)
    await screen.findByRole('link', { name: 'Post 1' })
    fireEvent.click(rowOf('Post 2'))
    fireEvent.click(rowOf('Post 4'), { shiftKey: true })
    expect(screen.getByText('3 selected').getAttribute('role')).toBe('status')
    expect(rowOf('Post 3').getAttribute('aria-selected')).toBe('true')
    expect(rowOf('Post 1').getAttribute('aria-selected')).toBe('false')
    fireEvent.click(rowOf('Post 3'), { ctrlKey: true })
    expect((checkbox('Post 3') as HTMLInputElement).checked).toBe(false)
    expect(screen.getByText('2 selected')).toBeTruthy()
  })

  it('extends with Shift+Down, selects all shown with Ctrl+A and clears with Escape', async () => {
    render(<DraftsPage route={route} />)
    await screen.findByRole('link', { name: 'Post 1' })
    fireEvent.keyDown(checkbox('Post 2'), { key: 'ArrowDown', shiftKey: true })
    // From the row the key left (nothing was picked before) to the one it reached.
    expect(screen.getByText('2 selected')).toBeTruthy()
    expect((checkbox('Post 3') as HTMLInputElement).checked).toBe(true)
    fireEvent.keyDown(checkbox('Post 3'), { key: 'a', ctrlKey: true })
    expect(screen.getByText('5 selected')).toBeTruthy()
    fireEvent.keyDown(checkbox('Post 3'), { key: 'Escape' })
    expect(screen.queryByText(/\d selected/)).toBeNull()
  })

  it('exports the selection as CSV when there is one', async () => {
    render(<DraftsPage route={route} />)
    await screen.findByRole('link', { name: 'Post 1' })
    fireEvent.click(checkbox('Post 1'))
    fireEvent.click(checkbox('Post 3'), { shiftKey: true })
    fireEvent.click(screen.getByRole('button', { name: 'Export 3 as CSV' }))
    await waitFor(() => expect(csv.export).toHaveBeenCalled())
    expect(csv.export!.mock.calls[0]![0]).toEqual({ ids: [drafts[0]!.id, drafts[1]!.id, drafts[2]!.id] })
  })

  it('sets a field on the selection, listing the drafts it would break and applying the rest once confirmed', async () => {
    render(<DraftsPage route={route} />)
    await screen.findByRole('link', { name: 'Post 1' })
    fireEvent.click(checkbox('Post 1'))
    fireEvent.click(checkbox('Post 3'), { shiftKey: true })
    const panel = await screen.findByTestId('bulk-panel')
    const text = await within(panel).findByLabelText('Post text')
    expect((text as HTMLInputElement).value).toBe('Spring')
    expect((within(panel).getByLabelText('Draft name') as HTMLInputElement).placeholder).toBe('Mixed')

    const ids = drafts.slice(0, 3).map((draft) => draft.id)
    bulk.preview!.mockReturnValue(ok(previewOf(ids, [ids[1]!])))
    fireEvent.change(text, { target: { value: 'Summer' } })
    fireEvent.click(within(panel).getByRole('button', { name: 'Set on 3 drafts' }))
    const confirm = await screen.findByTestId('bulk-confirm')
    expect(bulk.preview).toHaveBeenCalledWith({
      scope: { ids },
      operation: { type: 'set', column: 'post_text', value: 'Summer' },
    })
    // Nothing is applied before the designer confirms.
    expect(bulk.apply).not.toHaveBeenCalled()
    expect(within(confirm).getByText('Poll choices are at most 25 characters.')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: 'Apply to 2 drafts' }))
    await screen.findByText('Post text set on 2 drafts.')
    expect(bulk.apply).toHaveBeenCalledWith({ token: '11111111-1111-4111-8111-111111111111' })
  })

  it('previews a find and replace over all drafts before applying it', async () => {
    render(<DraftsPage route={route} />)
    await screen.findByRole('link', { name: 'Post 1' })
    fireEvent.click(screen.getByTestId('find-replace-open'))
    const dialog = await screen.findByTestId('find-replace')
    bulk.preview!.mockReturnValueOnce(
      Promise.resolve({
        ok: false,
        error: {
          code: 'invalid_input',
          field: 'find',
          message: 'This is not a regular expression Ads Studio can use.',
        },
      }),
    )
    fireEvent.change(within(dialog).getByLabelText('Find'), { target: { value: '([' } })
    fireEvent.click(within(dialog).getByTestId('find-replace-preview'))
    const findField = within(dialog).getByLabelText('Find')
    await waitFor(() => expect(findField.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText('This is not a regular expression Ads Studio can use.')).toBeTruthy()

    const ids = drafts.map((draft) => draft.id)
    bulk.preview!.mockReturnValue(ok(previewOf(ids, [])))
    bulk.apply!.mockReturnValue(ok({ applied: 5, skipped: [] }))
    fireEvent.change(within(dialog).getByLabelText('Find'), { target: { value: 'Spring' } })
    fireEvent.change(within(dialog).getByLabelText('Replace with'), { target: { value: 'Summer' } })
    expect(within(dialog).getByTestId('find-replace-apply').hasAttribute('disabled')).toBe(true)
    fireEvent.click(within(dialog).getByTestId('find-replace-preview'))
    const preview = await within(dialog).findByTestId('bulk-preview')
    expect(bulk.preview).toHaveBeenLastCalledWith({
      scope: { all: true },
      operation: {
        type: 'replace',
        groups: ['text', 'titles'],
        find: 'Spring',
        replace: 'Summer',
        mode: 'plain',
        caseSensitive: false,
      },
    })
    expect(within(preview).getByText('5 drafts change of 5 drafts searched.')).toBeTruthy()
    expect(within(preview).getAllByText('Summer')).toHaveLength(5)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply to 5 drafts' }))
    await screen.findByText('5 drafts changed.')
    expect(screen.queryByTestId('find-replace')).toBeNull()
  })
})
