// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MirrorRefresh } from '../../../../src/renderer/kits/connection/MirrorRefresh'
import { fakeEvents } from '../../fakeEvents'

const scope = { profileId: 'p1', accountId: 'acc-main' }
const kinds = (asOf: string | null) => [
  { kind: 'line_items', asOf, count: 3, flagged: 0, pagesPending: 0 },
  { kind: 'products', asOf: '2026-01-01T00:00:00.000Z', count: 1, flagged: 0, pagesPending: 0 },
]

afterEach(cleanup)

describe('Get recent changes, online', () => {
  it('says there is no copy yet, tells the walk’s progress, then how old the copy is', async () => {
    const events = fakeEvents()
    let finish: (value: unknown) => void = () => undefined
    const refresh = vi.fn(() => new Promise((resolve) => (finish = resolve)))
    Object.defineProperty(window, 'studio', {
      configurable: true,
      value: {
        on: events.on,
        mirror: {
          status: vi.fn(async () => ({ ok: true, value: { kinds: kinds(null) } })),
          refresh,
        },
      },
    })
    render(<MirrorRefresh scope={scope} />)
    expect(await screen.findByText('No offline copy yet')).toBeInTheDocument()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get recent changes' })))
    expect(refresh).toHaveBeenCalledWith(scope)
    expect(screen.getByRole('status').textContent).toBe('Getting recent changes…')
    act(() =>
      events.emit('mirror.changed', {
        ...scope,
        kind: 'line_items',
        state: 'fetching',
        pages: 1,
        objects: 200,
      }),
    )
    expect(screen.getByRole('status').textContent).toBe('Getting line items: 200 so far')
    act(() =>
      events.emit('mirror.changed', {
        ...scope,
        kind: 'products',
        state: 'waiting',
        pages: 0,
        objects: 0,
        waitingSeconds: 12,
      }),
    )
    expect(screen.getByRole('status').textContent).toBe(
      "Waiting 12 s for the platform's rate limit (products)",
    )
    // Another account's walk is not this one's.
    act(() =>
      events.emit('mirror.changed', {
        profileId: 'p1',
        accountId: 'acc-other',
        kind: 'posts',
        state: 'fetching',
        pages: 1,
        objects: 5,
      }),
    )
    expect(screen.getByRole('status').textContent).toContain('products')

    await act(async () => finish({ ok: true, value: { kinds: kinds(new Date().toISOString()) } }))
    // The oldest kind's copy is the account's age.
    expect(screen.getByRole('status').textContent).toMatch(/^Offline copy as of /)
    expect(screen.getByRole('status').textContent).not.toContain('just now')
  })
})
