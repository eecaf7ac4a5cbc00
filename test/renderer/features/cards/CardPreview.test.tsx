// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CardPreview } from '../../../../src/renderer/features/cards/CardPreview'
import type { CardPreviewModel } from '../../../../src/renderer/features/cards/previewModel'
import type { MediaRef } from '../../../../src/shared/creatives/media'
import type { StudioApi } from '../../../../src/shared/ipc/api'

/** A card of one slide showing `media`, whose picture the preview cannot load here. */
function model(media: MediaRef | null): CardPreviewModel {
  return {
    mode: 'single',
    slides: [{ key: 's', media, title: 'Shop autumn', domain: 'example.com', button: null }],
  }
}

beforeEach(() => {
  Object.defineProperty(window, 'studio', { value: {} as StudioApi, configurable: true })
})
afterEach(cleanup)

describe('the card preview without a picture to show', () => {
  it('names what the medium is: a local file is an image, not library media', () => {
    // No token: the file must be chosen again before the preview may read it.
    const local: MediaRef = {
      source: 'local',
      path: '/Users/d/autumn.png',
      sha256: 'a'.repeat(64),
      mimeType: 'image/png',
      bytes: 120_000,
      width: 1200,
      height: 628,
    }
    render(<CardPreview model={model(local)} name="Autumn card" />)
    expect(screen.getByText('Image')).toBeInTheDocument()
    expect(screen.queryByText('Library media')).toBeNull()
  })

  it('names a library item by its name, and says when there is no medium yet', () => {
    const view = render(
      <CardPreview
        model={model({ source: 'library', mediaKey: '3_1', mediaType: 'IMAGE', name: 'Summer banner' })}
        name="Summer card"
      />,
    )
    expect(screen.getByText('Summer banner')).toBeInTheDocument()
    view.rerender(<CardPreview model={model(null)} name="Summer card" />)
    expect(screen.getByText('Add media')).toBeInTheDocument()
  })
})
