import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HistoryEntryView } from '../../../../src/shared/ipc/contracts/campaign'
import { HistoryPanel } from '../../../../src/renderer/kits/history/HistoryPanel'
import { polyfillRadix } from '../../features/library/fakeStudio'

// Account history in the app's words: a change names its fields as the line item form does and
// shows their values as the form would, never the platform's own names and capitals.

const scope = { profileId: '0b7f6c1e-4a3b-4c55-9d5e-2f1a6b8c9d00', accountId: 'acc-main' }

function installHistory(entries: HistoryEntryView[]) {
  const history = vi.fn(() => Promise.resolve({ ok: true as const, value: { entries, nextCursor: null } }))
  polyfillRadix()
  const appWrites = vi.fn(() => Promise.resolve({ ok: true as const, value: { writes: [] } }))
  Object.defineProperty(window, 'studio', { configurable: true, value: { accounts: { history, appWrites } } })
  return history
}

afterEach(() => {
  cleanup()
  Reflect.deleteProperty(window, 'studio')
})

const change = (changes: Record<string, unknown>): HistoryEntryView => ({
  changeTime: '2026-11-29T22:55:00Z',
  changeType: 'UPDATE',
  changedBy: { userId: '1580000000000000001', platform: 'ADS_API' },
  entity: 'LINE_ITEM',
  entityId: 'li1',
  changes: changes as HistoryEntryView['changes'],
  entityData: { currency: 'USD' },
})

const rowsOf = (entry: HTMLElement) =>
  within(entry)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent, term.getAttribute('title')])

describe('HistoryPanel', () => {
  it('names each changed field as the form does, with money in the currency and values in words', async () => {
    const history = installHistory([
      change({
        bid_amount_local_micro: '290000',
        bid_strategy: 'MAX',
        entity_status: 'PAUSED',
        pay_by: 'LINK_CLICK',
        categories: ['IAB19', 'IAB20'],
        end_time: null,
      }),
    ])
    render(<HistoryPanel scope={scope} entityType="LINE_ITEM" entityId="li1" fixedEntity />)
    const entry = await screen.findByTestId('history-entry')
    expect(history).toHaveBeenCalledOnce()
    expect(rowsOf(entry)).toEqual([
      ['Bid', '$0.29', 'bid_amount_local_micro'],
      ['Bid strategy', 'Maximum bid', 'bid_strategy'],
      ['Status', 'Paused', 'entity_status'],
      ['Billing', 'Per link click', 'pay_by'],
      ['IAB categories', 'IAB19, IAB20', 'categories'],
      ['Ends', '—', 'end_time'],
    ])
  })

  it('makes a field it has no name for readable, and leaves free text as it was typed', async () => {
    installHistory([change({ purchase_order_number: 'PO-77', some_new_field: 'KEEP_AS_IS', name: 'AUTO' })])
    render(<HistoryPanel scope={scope} entityType="CAMPAIGN" entityId="c1" fixedEntity />)
    const entry = await screen.findByTestId('history-entry')
    expect(rowsOf(entry).map(([label, value]) => [label, value])).toEqual([
      ['Purchase order number', 'PO-77'],
      ['Some new field', 'KEEP_AS_IS'],
      ['Name', 'AUTO'],
    ])
  })
})
