// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { MediaTab } from '../../../../src/renderer/features/library/MediaTab'
import { clearThumbnailCache } from '../../../../src/renderer/kits/media/libraryClient'
import { installFakeStudio, mediaItem, polyfillRadix, profile, PROFILE_ID } from './fakeStudio'

const scope = { profileId: PROFILE_ID, accountId: 'acc-main' }

beforeEach(() => {
  polyfillRadix()
  clearThumbnailCache()
  useConnectStore.setState({ list: { profiles: [profile()], activeProfileId: profile().id } })
})
afterEach(cleanup)

describe('the media library read from the account mirror', () => {
  it('says how old the copy is and reads the library again after "Get recent changes"', async () => {
    installFakeStudio()
    let fromMirror = true
    const asOf = new Date(Date.now() - 3 * 3_600_000).toISOString()
    const studio = window.studio as unknown as Record<string, Record<string, unknown>>
    studio.library!.list = vi.fn(() =>
      Promise.resolve({
        ok: true,
        value: {
          items: [mediaItem(1, { name: fromMirror ? 'Banner as mirrored' : 'Banner now' })],
          nextCursor: null,
          ...(fromMirror ? { mirror: { asOf } } : {}),
        },
      }),
    )
    const refresh = vi.fn(() => {
      fromMirror = false
      return Promise.resolve({ ok: true, value: { kinds: [] } })
    })
    studio.mirror = { refresh }

    render(<MediaTab scope={scope} />)
    const age = await screen.findByTestId('mirror-age')
    expect(age.textContent).toContain('As of 3 hours ago')
    expect(await screen.findByText('Banner as mirrored')).toBeInTheDocument()
    await act(async () => fireEvent.click(within(age).getByRole('button', { name: 'Get recent changes' })))
    expect(refresh).toHaveBeenCalledWith(scope)
    expect(await screen.findByText('Banner now')).toBeInTheDocument()
    expect(screen.queryByTestId('mirror-age')).toBeNull()
  })
})
