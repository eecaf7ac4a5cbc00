// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LibraryMediaRef } from '../../../../src/shared/creatives/media'
import type { MediaType } from '../../../../src/shared/rules/limits'
import { useConnectStore } from '../../../../src/renderer/state/connection/connectStore'
import { LibraryPickerDialog } from '../../../../src/renderer/kits/media/LibraryPickerDialog'
import { clearThumbnailCache } from '../../../../src/renderer/kits/media/libraryClient'
import {
  installFakeStudio,
  mediaItem,
  polyfillRadix,
  profile,
  type FakeOptions,
} from '../../features/library/fakeStudio'

beforeEach(() => {
  polyfillRadix()
  clearThumbnailCache()
  useConnectStore.setState({ list: { profiles: [profile()], activeProfileId: profile().id } })
})
afterEach(cleanup)

function Harness({
  onPick,
  mediaType,
}: {
  onPick(ref: LibraryMediaRef): void
  mediaType?: MediaType | MediaType[]
}) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <p data-testid="open-state">{open ? 'open' : 'closed'}</p>
      <LibraryPickerDialog
        open={open}
        onOpenChange={setOpen}
        onPick={onPick}
        {...(mediaType ? { mediaType } : {})}
      />
    </>
  )
}

function setup(options: FakeOptions & { mediaType?: MediaType | MediaType[] } = {}) {
  const calls = installFakeStudio(options)
  const onPick = vi.fn<(ref: LibraryMediaRef) => void>()
  render(<Harness onPick={onPick} {...(options.mediaType ? { mediaType: options.mediaType } : {})} />)
  return { calls, onPick }
}

const tiles = () => screen.getAllByTestId('media-tile')

describe('LibraryPickerDialog', () => {
  it('is usable from the keyboard alone: search, arrow keys between media, Enter picks', async () => {
    const media = [
      mediaItem(1, { name: 'Summer banner' }),
      mediaItem(2, { name: 'Winter banner' }),
      mediaItem(3, { name: 'Logo', aspectRatio: '1:1' }),
      mediaItem(4, {
        name: 'Teaser',
        mediaType: 'VIDEO',
        aspectRatio: '16:9',
        durationSeconds: 15,
        posterMediaUrl: 'https://cdn.example/p.png',
      }),
    ]
    const { calls, onPick } = setup({ media })
    await waitFor(() => expect(tiles()).toHaveLength(4))
    const search = screen.getByRole('searchbox', { name: 'Search the library' })
    expect(document.activeElement).toBe(search)

    fireEvent.change(search, { target: { value: 'banner' } })
    await waitFor(() => expect(tiles()).toHaveLength(2))
    expect(calls.libraryList).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'banner' }))

    fireEvent.change(search, { target: { value: '' } })
    await waitFor(() => expect(tiles()).toHaveLength(4))
    act(() => tiles()[0]!.focus())
    fireEvent.keyDown(tiles()[0]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tiles()[1])
    fireEvent.keyDown(tiles()[1]!, { key: 'End' })
    expect(document.activeElement).toBe(tiles()[3])
    fireEvent.keyDown(tiles()[3]!, { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(tiles()[2])
    fireEvent.keyDown(tiles()[2]!, { key: 'Home' })
    expect(document.activeElement).toBe(tiles()[0])

    // A native button: Enter activates it (jsdom turns neither key into a click, so click it).
    fireEvent.keyDown(tiles()[3]!, { key: 'Enter' })
    fireEvent.click(tiles()[3]!)
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1))
    expect(onPick.mock.calls[0]![0]).toEqual({
      source: 'library',
      mediaKey: '3_1004',
      mediaType: 'VIDEO',
      width: 1200,
      height: 628,
      aspectRatio: '16:9',
      name: 'Teaser',
      mediaUrl: 'https://cdn.example/4.png',
      posterMediaUrl: 'https://cdn.example/p.png',
      durationSeconds: 15,
    })
    expect(screen.getByTestId('open-state')).toHaveTextContent('closed')
  })

  it('offers "Load more" for the next page by cursor, and describes each medium to screen readers', async () => {
    const media = Array.from({ length: 25 }, (_, index) => mediaItem(index + 1))
    const { calls } = setup({ media, pageSize: 20 })
    await waitFor(() => expect(tiles()).toHaveLength(20))
    await waitFor(() => expect(tiles()[0]).toHaveAccessibleName(/^Image 1, Image, ?1200 × 628 · 1\.91:1$/))
    const more = screen.getByRole('button', { name: 'Load more' })
    act(() => more.focus())
    fireEvent.click(more)
    await waitFor(() => expect(tiles()).toHaveLength(25))
    expect(calls.libraryList).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: '20' }))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('locks the filter to one type, or marks media of other types as unavailable', async () => {
    const media = [
      mediaItem(1),
      mediaItem(2, { name: 'Clip', mediaType: 'VIDEO' }),
      mediaItem(3, { name: 'Loop', mediaType: 'GIF' }),
    ]
    const { calls, onPick } = setup({ media, mediaType: 'VIDEO' })
    await waitFor(() => expect(tiles()).toHaveLength(1))
    expect(calls.libraryList).toHaveBeenCalledWith(expect.objectContaining({ mediaType: 'VIDEO' }))
    expect(screen.getByTestId('library-type-locked')).toHaveTextContent('Videos only')
    cleanup()

    const second = setup({ media, mediaType: ['IMAGE', 'VIDEO'] })
    await waitFor(() => expect(tiles()).toHaveLength(3))
    const gif = tiles()[2]!
    expect(gif).toHaveAttribute('aria-disabled', 'true')
    expect(gif).toHaveAccessibleName(/GIFs cannot be used here/)
    fireEvent.click(gif)
    expect(second.onPick).not.toHaveBeenCalled()
    expect(onPick).not.toHaveBeenCalled()
  })

  it('puts a search that is too long on the search field without asking main', async () => {
    const { calls } = setup({ media: [mediaItem(1)] })
    await waitFor(() => expect(tiles()).toHaveLength(1))
    const before = calls.libraryList.mock.calls.length
    const search = screen.getByRole('searchbox', { name: 'Search the library' })
    fireEvent.change(search, { target: { value: 'x'.repeat(256) } })
    await waitFor(() => expect(search).toHaveAttribute('aria-invalid', 'true'))
    expect(search).toHaveAccessibleDescription(/at most 255 characters/)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(calls.libraryList.mock.calls.length).toBe(before)
  })

  it('asks to authorize again when the access was revoked', async () => {
    setup({ media: [mediaItem(1)], expiredOnList: true })
    expect(await screen.findByRole('alert')).toHaveTextContent('Your access was revoked — authorize again')
    expect(screen.getByRole('link', { name: 'Go to Connect' })).toHaveAttribute('href', '#/connect')
  })
})
