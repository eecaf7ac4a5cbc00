// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { PublishedCards } from '../../../../src/renderer/features/library/PublishedCards'
import { clearThumbnailCache } from '../../../../src/renderer/kits/media/libraryClient'
import { installFakeStudio, polyfillRadix, profile, PROFILE_ID } from './fakeStudio'

const scope = { profileId: PROFILE_ID, accountId: 'acc-main' }

beforeEach(() => {
  polyfillRadix()
  clearThumbnailCache()
  useConnectStore.setState({ list: { profiles: [profile()], activeProfileId: profile().id } })
})
afterEach(cleanup)

describe('published cards', () => {
  it('shows each card by name with its media as a thumbnail; the card URI is copied, never shown', async () => {
    const calls = installFakeStudio()
    const cards = vi.fn(() =>
      Promise.resolve({
        ok: true,
        value: {
          cards: [
            { id: '11', kind: 'component', name: 'Spring boots', cardUri: 'card://1111', mediaKey: '3_77' },
            { id: '12', kind: 'poll', name: 'Which trail?', cardUri: 'card://2222' },
          ],
          nextCursors: {},
        },
      }),
    )
    const studio = window.studio as unknown as { library: Record<string, unknown> }
    studio.library.cards = cards
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })

    render(<PublishedCards scope={scope} />)
    const rows = await screen.findAllByTestId('published-card')
    expect(rows).toHaveLength(2)
    await waitFor(() =>
      expect(rows[0]!.querySelector('img')).toHaveAttribute('src', `data:image/png;base64,${btoa('3_77')}`),
    )
    expect(calls.thumbnail).toHaveBeenCalledWith({ ...scope, mediaKey: '3_77' })
    // A card without media (a poll's media key is write-only) shows its kind's icon.
    expect(rows[1]!.querySelector('img')).toBeNull()
    expect(screen.getByRole('list', { name: 'Published cards' }).textContent).not.toContain('card://')

    await act(async () =>
      fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Copy card URI of Spring boots' })),
    )
    expect(writeText).toHaveBeenCalledWith('card://1111')
    expect(within(rows[0]!).getByRole('status')).toHaveTextContent('Copied card://1111')
  })
})

describe('published cards read from the account mirror', () => {
  it('says how old the copy is and reads the list again after "Get recent changes"', async () => {
    installFakeStudio()
    const asOf = new Date(Date.now() - 14 * 60_000).toISOString()
    let fromMirror = true
    const cards = vi.fn(() =>
      Promise.resolve({
        ok: true,
        value: {
          cards: [{ id: '11', kind: 'component', name: fromMirror ? 'Spring boots' : 'Summer boots' }],
          nextCursors: {},
          ...(fromMirror ? { mirror: { asOf } } : {}),
        },
      }),
    )
    const refresh = vi.fn(() => {
      fromMirror = false
      return Promise.resolve({ ok: true, value: { kinds: [] } })
    })
    const studio = window.studio as unknown as Record<string, Record<string, unknown>>
    studio.library!.cards = cards
    studio.mirror = { refresh }

    render(<PublishedCards scope={scope} />)
    const age = await screen.findByTestId('mirror-age')
    expect(age.textContent).toContain('As of 14 minutes ago')
    expect(screen.getByText('Spring boots')).toBeInTheDocument()

    await act(async () => fireEvent.click(within(age).getByRole('button', { name: 'Get recent changes' })))
    expect(refresh).toHaveBeenCalledWith(scope)
    expect(await screen.findByText('Summer boots')).toBeInTheDocument()
    expect(screen.queryByTestId('mirror-age')).toBeNull()
  })

  it('keeps the age line and says why when getting recent changes fails', async () => {
    installFakeStudio()
    const studio = window.studio as unknown as Record<string, Record<string, unknown>>
    studio.library!.cards = vi.fn(() =>
      Promise.resolve({
        ok: true,
        value: { cards: [], nextCursors: {}, mirror: { asOf: new Date().toISOString() } },
      }),
    )
    studio.mirror = {
      refresh: vi.fn(() =>
        Promise.resolve({
          ok: false,
          error: { code: 'offline', message: 'The platform could not be reached — check the connection' },
        }),
      ),
    }
    render(<PublishedCards scope={scope} />)
    const age = await screen.findByTestId('mirror-age')
    await act(async () => fireEvent.click(within(age).getByRole('button', { name: 'Get recent changes' })))
    expect(age.textContent).toContain('check the connection')
  })
})
