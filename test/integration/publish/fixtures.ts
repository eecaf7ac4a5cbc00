import type { CardContent } from '../../../src/shared/creatives/card'
import type { LocalMediaRef, MediaRef } from '../../../src/shared/creatives/media'
import type { MediaLibraryContent } from '../../../src/shared/creatives/mediaLibrary'
import type { PollCardContent } from '../../../src/shared/creatives/pollCard'
import type { PostContent } from '../../../src/shared/creatives/post'
import { emptyPostContent } from '../../../src/shared/creatives/post'
import type { VideoConversationCardContent } from '../../../src/shared/creatives/videoConversationCard'
import { localMedium, mp4Of, pngOf, type MediaSource } from '../../support/mediaFixtures'

/** Draft contents of every kind, valid for the app's rules and the sandbox's. */

let counter = 0
const id = () => `c${++counter}`

/** A test image; chosen in the app (a MediaSource) when a draft of it is to be published. */
export async function image(
  where: string | MediaSource,
  seed: string,
  width = 1200,
  height = 628,
): Promise<LocalMediaRef> {
  return localMedium(where, `${seed}.png`, pngOf(width, height, seed))
}

export async function video(where: string | MediaSource, seed: number): Promise<LocalMediaRef> {
  return localMedium(where, `video-${seed}.mp4`, mp4Of(1280, 720, 3_000, seed))
}

const details = (title: string) => ({
  id: id(),
  type: 'DETAILS' as const,
  title,
  destination: { type: 'WEBSITE' as const, url: 'https://example.com/offer' },
})

export function singleCard(name: string, media: MediaRef): CardContent {
  return {
    name,
    mode: 'single',
    components: [{ id: id(), type: 'MEDIA', media }, details('Shop now')],
    slides: [],
  }
}

export function carouselCard(name: string, media: MediaRef[]): CardContent {
  return {
    name,
    mode: 'carousel',
    components: [
      { id: id(), type: 'SWIPEABLE_MEDIA', items: media.map((m) => ({ id: id(), media: m })) },
      details('See the range'),
    ],
    slides: [],
  }
}

export function multiDestinationCard(name: string, media: MediaRef[]): CardContent {
  return {
    name,
    mode: 'multi_destination',
    components: [],
    slides: media.map((m, index) => ({
      id: id(),
      components: [{ id: id(), type: 'MEDIA' as const, media: m }, details(`Slide ${index + 1}`)],
    })),
  }
}

export function pollCard(name: string, choices: string[], media: MediaRef | null = null): PollCardContent {
  return { name, choices, durationInMinutes: 60, media }
}

export function videoConversationCard(name: string, videoRef: MediaRef): VideoConversationCardContent {
  return {
    name,
    title: 'Pick a side',
    options: [
      { id: id(), hashtag: 'TeamRed', post: 'I pick red' },
      { id: id(), hashtag: 'TeamBlue', post: 'I pick blue' },
    ],
    thankYouText: 'Thanks for voting',
    thankYouUrl: 'https://example.com/thanks',
    video: videoRef,
    poster: null,
    unlockedImage: null,
    unlockedVideo: null,
  }
}

export function post(
  userId: string,
  name: string,
  text: string,
  extra: { media?: MediaRef[]; cardDraftId?: string } = {},
): PostContent {
  return {
    ...emptyPostContent(userId),
    name,
    text,
    media: (extra.media ?? []).map((media) => ({ id: id(), media })),
    card: extra.cardDraftId ? { source: 'draft', draftId: extra.cardDraftId } : null,
  }
}

export function mediaLibrary(name: string, media: MediaRef): MediaLibraryContent {
  return { media, name, fileName: `${name}.png`, description: '', title: '', poster: null }
}
