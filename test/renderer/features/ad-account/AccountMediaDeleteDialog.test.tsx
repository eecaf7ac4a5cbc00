// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AccountMediaDeleteDialog } from '../../../../src/renderer/features/ad-account/AccountMediaDeleteDialog'
import type { AccountMediaDetail, AccountMediaView } from '../../../../src/shared/ipc/contracts/campaign'

/**
 * Issue 45: the delete confirmation of an account medium reads it fresh (accountMedia.get) and
 * shows it as the platform has it; one deleted or gone already is reported to the page instead.
 */

const scope = { profileId: '6f1d7a52-4a8e-4b0e-9d43-0c1f2e3a4b5c', accountId: 'acc1' }
const item: AccountMediaView = {
  id: 'am1',
  creativeType: 'PREROLL',
  videoId: '13_1',
  createdAt: '2026-01-05T10:00:00Z',
}

function answering(answer: { ok: true; value: { item: AccountMediaDetail } } | { ok: false; error: object }) {
  const get = vi.fn(() => Promise.resolve(answer))
  Object.defineProperty(window, 'studio', { value: { accountMedia: { get } }, configurable: true })
  return get
}

function open() {
  const calls = { onGone: vi.fn(), onConfirm: vi.fn(), onClose: vi.fn() }
  render(<AccountMediaDeleteDialog scope={scope} item={item} {...calls} />)
  return calls
}

afterEach(cleanup)

describe('AccountMediaDeleteDialog', () => {
  it('shows the medium as the platform has it now', async () => {
    const get = answering({
      ok: true,
      value: { item: { ...item, deleted: false, updatedAt: '2026-02-01T09:00:00Z' } },
    })
    const { onGone } = open()
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this pre-roll video account media?' })
    const fresh = within(dialog).getByTestId('account-media-fresh')
    expect(fresh).toHaveAttribute('data-state', 'reading')
    await waitFor(() =>
      expect(within(dialog).getByTestId('account-media-fresh')).toHaveAttribute('data-state', 'read'),
    )
    expect(
      within(dialog)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['On the platform now', 'Added', 'Last changed', 'Video media key'])
    expect(within(dialog).getByText('13_1')).toBeInTheDocument()
    expect(get).toHaveBeenCalledWith({ ...scope, accountMediaId: 'am1' })
    expect(onGone).not.toHaveBeenCalled()
  })

  it('reports a medium deleted already, or not on the account, instead of offering to delete it', async () => {
    answering({ ok: true, value: { item: { ...item, deleted: true } } })
    const first = open()
    await waitFor(() =>
      expect(first.onGone).toHaveBeenCalledWith(
        'This pre-roll video was deleted on the platform already: the list shows it as it is now.',
      ),
    )
    cleanup()
    const message = 'This account media is not on this ad account any more: the list shows it as it is now.'
    answering({ ok: false, error: { code: 'not_found', message } })
    const second = open()
    await waitFor(() => expect(second.onGone).toHaveBeenCalledWith(message))
  })

  it('says a read that failed and still lets the designer delete', async () => {
    answering({ ok: false, error: { code: 'offline', message: 'The platform cannot be reached.' } })
    const { onGone } = open()
    await waitFor(() =>
      expect(screen.getByTestId('account-media-fresh')).toHaveTextContent(
        'Could not read it from the platform: The platform cannot be reached. You can still delete it.',
      ),
    )
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled()
    expect(onGone).not.toHaveBeenCalled()
  })
})
