// @vitest-environment jsdom
// The import's report comes a page at a time: the counts and the first page as soon as main has
// checked the feed (how far it got shown until then, from catalog.importProgress), the next pages
// only when asked for, and never those of a report a newer check replaced.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ImportPanel } from '../../../../src/renderer/features/catalog/ImportPanel'
import type { ImportCheckAnswer, RowReport } from '../../../../src/shared/ipc/contracts/catalogs'
import { fakeEvents } from '../../fakeEvents'

const PROFILE_ID = '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00'
const IMPORT_ID = '5d1c7a2e-8f4b-4e3a-9b6c-1a2b3c4d5e6f'
const CHECK_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'

const row = (at: number): RowReport => ({
  row: at,
  id: `sku-${at}`,
  issues: [{ field: 'price', severity: 'error', message: `Price of row ${at} has no currency` }],
  product: { id: `sku-${at}` },
})
const rowsOf = (from: number, count: number) => Array.from({ length: count }, (_, at) => row(from + at))

let events: ReturnType<typeof fakeEvents>
let finishCheck: (answer: ImportCheckAnswer) => void
const ok = (value: unknown) => Promise.resolve({ ok: true, value })
const reportPage = vi.fn((request: { page: number; checkId: string }) =>
  ok({ rows: rowsOf(request.page * 50 + 1, request.page === 2 ? 20 : 50) }),
)

beforeEach(() => {
  events = fakeEvents()
  reportPage.mockClear()
  Object.defineProperty(window, 'studio', {
    configurable: true,
    value: {
      on: events.on,
      catalog: {
        importOpen: vi.fn(() =>
          ok({
            picked: true,
            importId: IMPORT_ID,
            fileName: 'merchant.csv',
            format: 'csv',
            columns: ['id', 'title', 'price'],
            preview: [['sku-1', 'Tee', '24.00']],
            rowCount: 10_000,
            mapping: { id: 'id', title: 'title', price: 'price' },
          }),
        ),
        importCheck: vi.fn(
          () =>
            new Promise((resolve) => {
              finishCheck = (value) => resolve({ ok: true, value })
            }),
        ),
        importReportPage: reportPage,
        // Main's image check of the rows the rules let through: none at fault here.
        importImages: vi.fn(() => ok({ checked: 0, failing: 0, rows: [], notChecked: 0 })),
      },
    },
  })
})
afterEach(cleanup)

async function chooseFile() {
  render(
    <ImportPanel
      profileId={PROFILE_ID}
      hasCatalog
      onEdit={() => {}}
      onChanged={() => {}}
      version={0}
      visible
    />,
  )
  await act(async () => fireEvent.click(screen.getByTestId('import-choose')))
}

describe('the import report, paged', () => {
  it('shows how far the check got, then the counts and the first page, and reads more on demand', async () => {
    await chooseFile()
    expect(screen.getByTestId('import-checking')).toHaveTextContent('Checking the rows')
    act(() => events.emit('catalog.importProgress', { importId: IMPORT_ID, checked: 4_000, total: 10_000 }))
    expect(screen.getByTestId('import-checking')).toHaveTextContent('Checking rows: 4,000 of 10,000')
    // Another import's progress is not this one's.
    act(() => events.emit('catalog.importProgress', { importId: CHECK_ID, checked: 9_000, total: 10_000 }))
    expect(screen.getByTestId('import-checking')).toHaveTextContent('4,000 of 10,000')

    await act(async () =>
      finishCheck({
        total: 10_000,
        valid: 9_880,
        invalid: 120,
        withWarnings: 0,
        mappingIssues: [],
        rows: rowsOf(1, 50),
        truncated: false,
        checkId: CHECK_ID,
        pages: 3,
      }),
    )
    expect(screen.queryByTestId('import-checking')).toBeNull()
    const report = screen.getByTestId('import-report')
    expect(within(report).getByText('9,880 ready')).toBeInTheDocument()
    expect(within(report).getByText('120 with problems')).toBeInTheDocument()
    expect(report.querySelectorAll('[data-testid^="row-report-"]')).toHaveLength(50)
    expect(reportPage).not.toHaveBeenCalled()

    await act(async () => fireEvent.click(screen.getByTestId('import-report-more')))
    expect(reportPage).toHaveBeenLastCalledWith({ importId: IMPORT_ID, checkId: CHECK_ID, page: 1 })
    expect(screen.getByTestId('row-report-100')).toHaveTextContent('Price of row 100 has no currency')

    await act(async () => fireEvent.click(screen.getByTestId('import-report-more')))
    expect(reportPage).toHaveBeenLastCalledWith({ importId: IMPORT_ID, checkId: CHECK_ID, page: 2 })
    expect(screen.getByTestId('row-report-120')).toBeInTheDocument()
    // A progress event main sent before its answer, arriving after it, shows nothing.
    act(() => events.emit('catalog.importProgress', { importId: IMPORT_ID, checked: 9_500, total: 10_000 }))
    expect(screen.queryByTestId('import-checking')).toBeNull()
    // Every page read: no button asks for more.
    expect(screen.queryByTestId('import-report-more')).toBeNull()
    expect(report.querySelectorAll('[data-testid^="row-report-"]')).toHaveLength(120)
  })
})
