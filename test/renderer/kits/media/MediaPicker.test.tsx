// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { memo, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LocalMediaRef, MediaRef } from '../../../../src/shared/creatives/media'
import type { MediaUse } from '../../../../src/shared/creatives/mediaChecks'
import type { StudioApi } from '../../../../src/shared/ipc/api'
import { ReadOnlyFieldset } from '../../../../src/renderer/components/ReadOnlyFieldset'
import { MediaPicker } from '../../../../src/renderer/kits/media/MediaPicker'
import { clearPreviewCache } from '../../../../src/renderer/kits/media/mediaClient'

const PIXEL = 'data:image/png;base64,iVBORw0KGgo='

function local(overrides: Partial<LocalMediaRef> = {}): LocalMediaRef {
  return {
    source: 'local',
    path: '/Users/ada/Desktop/banner.png',
    token: 'T'.repeat(24),
    sha256: 'a'.repeat(64),
    mimeType: 'image/png',
    bytes: 250_880,
    width: 1200,
    height: 628,
    ...overrides,
  }
}

let media: { pickLocal: ReturnType<typeof vi.fn>; inspectPath: ReturnType<typeof vi.fn> }

beforeEach(() => {
  clearPreviewCache()
  media = {
    pickLocal: vi.fn(async () => ({ ok: true, value: { picked: false } })),
    inspectPath: vi.fn(async () => ({
      ok: false,
      error: { code: 'invalid_input', message: 'gone.png could not be found.' },
    })),
  }
  Object.defineProperty(window, 'studio', { value: { media } as unknown as StudioApi, configurable: true })
})
afterEach(cleanup)

function Harness({
  use = 'card_media',
  initial = null,
  siblings = [],
}: {
  use?: MediaUse
  initial?: MediaRef | null
  siblings?: MediaRef[]
}) {
  const [value, setValue] = useState<MediaRef | null>(initial)
  return (
    <>
      <MediaPicker label="Card media" use={use} value={value} onChange={setValue} siblings={siblings} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  )
}

const chosen = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as MediaRef | null

describe('the media picker', () => {
  it('chooses a file through the dialog in main and shows what it is', async () => {
    media.pickLocal.mockResolvedValueOnce({
      ok: true,
      value: { picked: true, media: local(), preview: PIXEL },
    })
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: 'Choose file for card media' }))
    await screen.findByText('banner.png')
    expect(screen.getByText('1200 × 628 px · 1.91:1 · 245 KB · PNG')).toBeInTheDocument()
    expect(document.querySelector('.media-picker__thumb img')).toHaveAttribute('src', PIXEL)
    expect(chosen()).toEqual(local())
    fireEvent.click(screen.getByRole('button', { name: 'Remove card media' }))
    expect(chosen()).toBeNull()
  })

  it('moves focus to the next logical control after a file pick and after a removal', async () => {
    media.pickLocal.mockResolvedValueOnce({
      ok: true,
      value: { picked: true, media: local(), preview: PIXEL },
    })
    render(<Harness />)
    const choose = screen.getByRole('button', { name: 'Choose file for card media' })
    choose.focus()
    fireEvent.click(choose)
    await screen.findByText('banner.png')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Replace card media' })),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Remove card media' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose file for card media' })),
    )
  })

  it('keeps the current medium when the dialog is cancelled, and says why a file was refused', async () => {
    render(<Harness initial={null} />)
    fireEvent.click(screen.getByRole('button', { name: 'Choose file for card media' }))
    await waitFor(() => expect(media.pickLocal).toHaveBeenCalledOnce())
    expect(chosen()).toBeNull()
    // The button is busy until the cancelled dialog's answer is handled.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Choose file for card media' })).toBeEnabled(),
    )
    media.pickLocal.mockResolvedValueOnce({
      ok: false,
      error: { code: 'invalid_input', message: 'notes.txt is not a supported medium.' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Choose file for card media' }))
    expect(await screen.findByText('notes.txt is not a supported medium.')).toBeInTheDocument()
  })

  it('runs the checks for its use: type, size, and matching ratios inside a carousel', async () => {
    const gif = local({ mimeType: 'image/gif', path: '/tmp/loop.gif' })
    const { unmount } = render(<Harness initial={gif} />)
    expect(screen.getByText('Card media must be an image or a video, not a GIF')).toBeInTheDocument()
    unmount()

    const big = local({ bytes: 6 * 1024 * 1024 })
    const second = render(<Harness initial={big} />)
    const tooLarge = screen.getByText(/This file is 6 MB; an image can be at most 5 MB/)
    expect(tooLarge.closest('[data-severity]')).toHaveAttribute('data-severity', 'error')
    second.unmount()

    const square = local({ width: 1080, height: 1080, sha256: 'b'.repeat(64) })
    render(<Harness use="carousel_item" initial={square} siblings={[local()]} />)
    const warning = screen.getByText(/Carousel media should share one aspect ratio/)
    expect(warning.closest('[data-severity]')).toHaveAttribute('data-severity', 'warning')
  })

  it("shows what main read of a video's content, and what the platform would refuse, on the field", () => {
    const hevc = local({
      path: '/tmp/clip.mp4',
      mimeType: 'video/mp4',
      width: 1280,
      height: 720,
      durationSeconds: 12,
      probe: {
        container: 'mp4',
        videoCodec: 'hvc1.1.6.L93',
        frameRate: 30,
        audioCodec: 'mp4a.40.2',
        audioChannels: 2,
        keyframeIntervalSeconds: 9,
      },
    })
    render(<Harness use="post_media" initial={hevc} />)
    expect(screen.getByText(/HEVC \(H\.265\) · 30 fps · AAC LC/)).toBeInTheDocument()
    const codec = screen.getByText(/This video is HEVC \(H\.265\); the platform takes H\.264 video/)
    expect(codec.closest('[data-severity]')).toHaveAttribute('data-severity', 'error')
    const keyframes = screen.getByText(/Keyframes in this video are up to 9 s apart/)
    expect(keyframes.closest('[data-severity]')).toHaveAttribute('data-severity', 'warning')
  })

  it('reads a dropped file through the preload, which main grants a token', async () => {
    const dropped = local({ path: '/Users/ada/Downloads/drop.png', sha256: 'c'.repeat(64) })
    const inspectDroppedFile = vi.fn(async () => ({ ok: true, value: { media: dropped, preview: PIXEL } }))
    Object.defineProperty(window, 'studioFiles', { value: { inspectDroppedFile }, configurable: true })
    render(<Harness />)
    const file = new File(['x'], 'drop.png', { type: 'image/png' })
    fireEvent.drop(screen.getByRole('group', { name: 'Card media' }), {
      dataTransfer: { files: [file], types: ['Files'] },
    })
    await screen.findByText('drop.png')
    expect(inspectDroppedFile).toHaveBeenCalledWith(file)
    expect(media.inspectPath).not.toHaveBeenCalled()
    expect(chosen()).toEqual(dropped)
  })

  it('says to use the dialog when a dropped file has no path', async () => {
    Object.defineProperty(window, 'studioFiles', {
      value: { inspectDroppedFile: vi.fn(async () => null) },
      configurable: true,
    })
    render(<Harness />)
    fireEvent.drop(screen.getByRole('group', { name: 'Card media' }), {
      dataTransfer: { files: [new File(['x'], 'made.png', { type: 'image/png' })], types: ['Files'] },
    })
    expect(await screen.findByText(/made\.png could not be opened from a drop/)).toBeInTheDocument()
    expect(chosen()).toBeNull()
  })

  it('reads a saved local medium again by its token, and warns when the file changed', async () => {
    media.inspectPath.mockResolvedValueOnce({
      ok: true,
      value: { media: local({ sha256: 'd'.repeat(64) }), preview: PIXEL },
    })
    render(<Harness initial={local()} />)
    expect(await screen.findByText(/This file has changed since you chose it/)).toBeInTheDocument()
    expect(media.inspectPath).toHaveBeenCalledWith({ token: local().token })
  })

  it('asks to choose a saved medium again when it has no token', async () => {
    const { token: _token, ...untokened } = local()
    render(<Harness initial={untokened} />)
    expect(await screen.findByText(/Choose this file again/)).toBeInTheDocument()
    expect(media.inspectPath).not.toHaveBeenCalled()
  })

  it('does not ask to choose the file again on a published creative (a read-only fieldset)', async () => {
    const { token: _token, ...untokened } = local()
    render(
      <ReadOnlyFieldset readOnly>
        <ReadOnlyFieldset readOnly={false}>
          <Harness initial={untokened} />
        </ReadOnlyFieldset>
      </ReadOnlyFieldset>,
    )
    expect(await screen.findByText('banner.png')).toBeInTheDocument()
    expect(screen.queryByText(/Choose this file again/)).not.toBeInTheDocument()
  })

  it('stops asking to choose the file again once its creative is published, behind a memoized parent', async () => {
    // The card builder keeps its fieldset and only disables it on publish, and its component
    // editors are memoized: the picker hears of it without rendering again from its parent.
    const { token: _token, ...untokened } = local()
    const Component = memo(function Component() {
      return <Harness initial={untokened} />
    })
    const view = render(
      <ReadOnlyFieldset readOnly={false}>
        <Component />
      </ReadOnlyFieldset>,
    )
    expect(await screen.findByText(/Choose this file again/)).toBeInTheDocument()
    view.rerender(
      <ReadOnlyFieldset readOnly>
        <Component />
      </ReadOnlyFieldset>,
    )
    await waitFor(() => expect(screen.queryByText(/Choose this file again/)).not.toBeInTheDocument())
    expect(screen.getByText('banner.png')).toBeInTheDocument()
  })

  it('accepts a library media key typed in', () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: /^(Media key|Key) for card media$/ }))
    const input = screen.getByLabelText('Library media key')
    fireEvent.change(input, { target: { value: ' 3_1234567890 ' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(chosen()).toEqual({ source: 'library', mediaKey: '3_1234567890' })
    expect(screen.getByText('Library media 3_1234567890')).toBeInTheDocument()
  })

  it('shows a library item by its name, never by its media key', () => {
    render(
      <Harness
        initial={{ source: 'library', mediaKey: '3_1700000000', mediaType: 'IMAGE', name: 'Spring hero' }}
      />,
    )
    expect(screen.getByText('Spring hero')).toBeInTheDocument()
    expect(screen.getByText('Library image')).toBeInTheDocument()
    // (The harness prints the chosen value; the picker itself is the group.)
    expect(screen.getByRole('group').outerHTML).not.toContain('3_1700000000')
  })
})
