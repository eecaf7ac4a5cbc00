import type {
  CardContent,
  LibraryMediaRef,
  LocalMediaRef,
  MediaLibraryContent,
  PollCardContent,
  PostContent,
  VideoConversationCardContent,
} from '../../../src/shared/creatives'
import {
  emptyContent,
  newComponent,
  newPostMediaItem,
  newSlide,
  newSwipeableItem,
} from '../../../src/shared/creatives'

export const image = (key: string, width = 1200, height = 628): LibraryMediaRef => ({
  source: 'library',
  mediaKey: key,
  mediaType: 'IMAGE',
  width,
  height,
})

export const video = (key: string): LibraryMediaRef => ({
  source: 'library',
  mediaKey: key,
  mediaType: 'VIDEO',
  aspectRatio: '16:9',
})

export const localImage = (seed: string, bytes = 200_000): LocalMediaRef => ({
  source: 'local',
  path: `/home/designer/${seed}.png`,
  sha256: seed.repeat(64).slice(0, 64),
  mimeType: 'image/png',
  bytes,
  width: 1200,
  height: 628,
})

export function fullSingleCard(): CardContent {
  const content = emptyContent('card')
  const [media, details] = content.components
  if (media?.type !== 'MEDIA' || details?.type !== 'DETAILS') throw new Error('unexpected empty card')
  media.media = image('m1')
  details.title = 'Spring shoes'
  details.destination.url = 'https://example.com/spring'
  content.name = 'Spring single'
  return content
}

export function fullAppCarousel(): CardContent {
  const swipeable = newComponent('SWIPEABLE_MEDIA')
  if (swipeable.type !== 'SWIPEABLE_MEDIA') throw new Error('unexpected')
  swipeable.items = [
    newSwipeableItem(image('a')),
    newSwipeableItem(image('b')),
    newSwipeableItem(localImage('c')),
  ]
  const button = newComponent('BUTTON')
  if (button.type !== 'BUTTON') throw new Error('unexpected')
  button.label = 'INSTALL'
  button.destination = {
    type: 'APP',
    countryCode: 'FR',
    androidStoreAppId: 'com.example.app',
    iosAppStoreIdentifier: '',
    androidStoreDeepLink: 'example://home',
    iosDeepLink: '',
  }
  return { name: 'App carousel', mode: 'carousel', components: [swipeable, button], slides: [] }
}

export function fullMultiDestination(): CardContent {
  const slides = ['one', 'two', 'three'].map((word, index) => {
    const slide = newSlide()
    const [media, details] = slide.components
    if (media?.type !== 'MEDIA' || details?.type !== 'DETAILS') throw new Error('unexpected slide')
    media.media = image(`s${index}`)
    details.title = `Slide ${word}`
    details.destination.url = `https://example.com/${word}`
    return slide
  })
  return { name: 'Three destinations', mode: 'multi_destination', components: [], slides }
}

export function fullPoll(): PollCardContent {
  return {
    name: 'Lunch poll',
    choices: ['Pizza', 'Sushi', 'Tacos', 'Salad'],
    durationInMinutes: 1440,
    media: image('p', 1200, 628),
  }
}

export function fullVideoConversation(): VideoConversationCardContent {
  return {
    ...emptyContent('video_conversation_card'),
    name: 'Conversation',
    title: 'Which one?',
    options: [
      { id: 'o1', hashtag: 'Red', post: 'Red it is' },
      { id: 'o2', hashtag: '#Blue', post: 'Blue it is' },
    ],
    thankYouText: 'Thanks!',
    thankYouUrl: 'https://example.com/thanks',
    video: video('v'),
    poster: image('poster'),
  }
}

export function fullPost(): PostContent {
  return {
    ...emptyContent('post'),
    asUserId: '756201191646691328',
    text: 'New shoes are here',
    card: { source: 'published', cardUri: 'card://1234' },
    media: [],
    name: 'Launch post',
    postMode: 'extended',
  }
}

export function fullVideoPost(): PostContent {
  return {
    ...fullPost(),
    card: null,
    media: [newPostMediaItem(video('v'))],
    videoTitle: 'Launch film',
    videoDescription: 'Two minutes of shoes',
    videoCta: 'WATCH_NOW',
    videoCtaValue: 'https://example.com/film',
  }
}

export function fullLibraryEntry(): MediaLibraryContent {
  return {
    media: video('v'),
    name: 'Film',
    fileName: 'film.mp4',
    description: 'Launch film',
    title: 'Launch',
    poster: image('poster'),
  }
}
