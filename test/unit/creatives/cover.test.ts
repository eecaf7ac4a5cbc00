import { describe, expect, it } from 'vitest'
import { emptyCardContent, newComponent, type CardContent } from '../../../src/shared/creatives/card'
import { coverOf } from '../../../src/shared/creatives/cover'
import type { LibraryMediaRef, LocalMediaRef } from '../../../src/shared/creatives/media'
import { emptyPollCardContent } from '../../../src/shared/creatives/pollCard'
import { emptyPostContent } from '../../../src/shared/creatives/post'
import { emptyVideoConversationCardContent } from '../../../src/shared/creatives/videoConversationCard'

const library: LibraryMediaRef = {
  source: 'library',
  mediaKey: '3_1700',
  mediaType: 'IMAGE',
  name: 'Hero shot',
  width: 1200,
  height: 628,
  mediaUrl: 'https://cdn.example/hero.png',
}
const local: LocalMediaRef = {
  source: 'local',
  path: '/home/designer/boots.png',
  sha256: 'a'.repeat(64),
  mimeType: 'image/png',
  bytes: 2048,
  width: 800,
  height: 800,
}

describe('a draft’s cover', () => {
  it('is the first medium a viewer sees, kept to what a list row needs', () => {
    const card: CardContent = {
      ...emptyCardContent(),
      components: [newComponent('DETAILS'), newComponent('SWIPEABLE_MEDIA')],
    }
    const swipe = card.components[1]!
    if (swipe.type !== 'SWIPEABLE_MEDIA') throw new Error('unexpected component')
    swipe.items = [
      { id: 'a', media: null },
      { id: 'b', media: library },
    ]
    // Library URLs and pixel sizes stay in the draft; main looks the thumbnail up by key.
    expect(coverOf('card', card)).toEqual({
      source: 'library',
      mediaKey: '3_1700',
      mediaType: 'IMAGE',
      name: 'Hero shot',
    })
    expect(coverOf('poll_card', { ...emptyPollCardContent(), media: local })).toEqual({
      source: 'local',
      path: local.path,
      sha256: local.sha256,
      mimeType: 'image/png',
      bytes: 2048,
    })
    const post = { ...emptyPostContent(), media: [{ id: 'm', media: local }] }
    expect(coverOf('post', post)).toMatchObject({ source: 'local', path: local.path })
  })

  it('prefers a video conversation card’s poster to its video', () => {
    const video: LibraryMediaRef = { source: 'library', mediaKey: '7_9', mediaType: 'VIDEO' }
    const content = { ...emptyVideoConversationCardContent(), video }
    expect(coverOf('video_conversation_card', content)).toMatchObject({ mediaKey: '7_9' })
    expect(coverOf('video_conversation_card', { ...content, poster: library })).toMatchObject({
      mediaKey: '3_1700',
    })
  })

  it('reads multi-destination slides, and is absent without media or with content of another shape', () => {
    const card: CardContent = { ...emptyCardContent(), mode: 'multi_destination', components: [] }
    const media = newComponent('MEDIA')
    if (media.type !== 'MEDIA') throw new Error('unexpected component')
    card.slides = [{ id: 's1', components: [{ ...media, media: library }] }]
    expect(coverOf('card', card)).toMatchObject({ mediaKey: '3_1700' })
    expect(coverOf('card', emptyCardContent())).toBeUndefined()
    expect(coverOf('post', { text: 'no media array' })).toBeUndefined()
  })
})
