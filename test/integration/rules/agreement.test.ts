import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MediaInfo, ValidationContext } from '../../../src/shared/rules'
import { errorCount, validate } from '../../../src/shared/rules'
import type { CreativeKind } from '../../../src/shared/rules/payloads'
import type { PostLengthCounter } from '../../../src/shared/rules/postLength'
import { loadPostLengthCounter } from '../../../src/shared/rules/postLength'
import { authorizeDemoUser, call, mp4Of, pngOf, upload } from '../../sandbox/helpers/client'
import type { UserTokens } from '../../sandbox/helpers/client'
import { startSandbox, type Sandbox } from '../../../sandbox/index'

// One rulebook, two readings: every payload goes through the app's validate() (with the facts
// main would have: media sizes, account features, the account's post-length tier) and through a
// real request to the sandbox, which implements the server side on its own. Both must accept
// or both refuse, and each case also states what the spec says, so two identical mistakes fail.

type Account = 'main' | 'second'

/** Media keys by name, filled in once the sandbox is up. */
interface Keys {
  banner: string
  pollMinimum: string
  small: string
  square: string
  gif: string
  video: string
  squareVideo: string
  secondBanner: string
  image1200x640: string
  image1220x628: string
  video1920x1100: string
  seededCardUri: string
  /** A fresh upload, not yet in the library (media library cases). */
  freshImage: () => Promise<string>
  freshVideo: () => Promise<string>
}

interface Case {
  name: string
  kind: CreativeKind
  account?: Account
  /** Posts: whether the posting (demo) user has the premium subscription, i.e. long-form posts. */
  premium?: boolean
  /** What the spec says should happen. */
  accepted: boolean
  payload: (keys: Keys) => Record<string, unknown> | Promise<Record<string, unknown>>
}

const repeat = (count: number, character = 'a') => character.repeat(count)
const website = (title = 'Shop now', url = 'https://example.com/offer') => ({
  type: 'DETAILS',
  title,
  destination: { type: 'WEBSITE', url },
})
const appDestination = (destination: Record<string, unknown> = {}) => ({
  type: 'APP',
  country_code: 'US',
  ios_app_store_identifier: '333903271',
  ...destination,
})
const button = (destination: Record<string, unknown> = appDestination(), value = 'INSTALL') => ({
  type: 'BUTTON',
  label: { type: 'ENUM', value },
  destination,
})
const media = (key: string) => ({ type: 'MEDIA', media_key: key })
const swipeable = (keys: string[]) => ({ type: 'SWIPEABLE_MEDIA', media_keys: keys })
const slide = (key: string, index = 0) => [
  media(key),
  website(`Slide ${index + 1}`, `https://example.com/${index}`),
]
const slides = (key: string, count: number) => Array.from({ length: count }, (_, index) => slide(key, index))

const CARDS: Case[] = [
  {
    name: 'image + website',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website()] }),
  },
  {
    name: 'video + app button',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [media(k.video), button()] }),
  },
  {
    name: 'swipeable 2 + website',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [swipeable([k.banner, k.square]), website()] }),
  },
  {
    name: 'swipeable 6',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [swipeable(Array(6).fill(k.banner) as string[]), website()] }),
  },
  {
    name: 'swipeable 1',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [swipeable([k.banner]), website()] }),
  },
  {
    name: 'swipeable 7',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [swipeable(Array(7).fill(k.banner) as string[]), website()] }),
  },
  {
    name: 'no name',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ components: [media(k.banner), website()] }),
  },
  {
    name: 'name 80',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: repeat(80), components: [media(k.banner), website()] }),
  },
  {
    name: 'name 81',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: repeat(81), components: [media(k.banner), website()] }),
  },
  {
    name: 'media only',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner)] }),
  },
  {
    name: 'website only',
    kind: 'card',
    accepted: false,
    payload: () => ({ name: 'c', components: [website()] }),
  },
  {
    name: 'two media components',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), media(k.square), website()] }),
  },
  {
    name: 'website and app button',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website(), button()] }),
  },
  {
    name: 'GIF as media',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.gif), website()] }),
  },
  {
    name: 'DETAILS with app destination',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), { type: 'DETAILS', title: 't', destination: appDestination() }],
    }),
  },
  {
    name: 'BUTTON with website destination',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button({ type: 'WEBSITE', url: 'https://example.com' })],
    }),
  },
  {
    name: 'unknown button label',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), button(appDestination(), 'DOWNLOAD')] }),
  },
  {
    name: 'app without country',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button({ type: 'APP', ios_app_store_identifier: '1' })],
    }),
  },
  {
    name: 'country XX (not assigned)',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button(appDestination({ country_code: 'XX' }))],
    }),
  },
  {
    name: 'country lowercase',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button(appDestination({ country_code: 'us' }))],
    }),
  },
  {
    name: 'country DE',
    kind: 'card',
    accepted: true,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button(appDestination({ country_code: 'DE' }))],
    }),
  },
  {
    name: 'app without store ids',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button({ type: 'APP', country_code: 'US' })],
    }),
  },
  {
    name: 'android deep link without android id',
    kind: 'card',
    accepted: false,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button(appDestination({ android_store_deep_link: 'app://x' }))],
    }),
  },
  {
    name: 'ios deep link with ios id',
    kind: 'card',
    accepted: true,
    payload: (k) => ({
      name: 'c',
      components: [media(k.banner), button(appDestination({ ios_deep_link: 'app://x' }))],
    }),
  },
  {
    name: 'ftp website',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website('t', 'ftp://example.com/x')] }),
  },
  {
    name: 'website with query',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website('t', 'https://example.com/p?q=1')] }),
  },
  {
    name: 'website title 70',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website(repeat(70))] }),
  },
  {
    // The spec gives no limit: the app only warns past the platform's 70-character headline.
    name: 'website title 71',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website(repeat(71))] }),
  },
  {
    name: 'website title blank',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website('  ')] }),
  },
  {
    name: 'components and slides',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website()], slides: slides(k.banner, 2) }),
  },
  { name: 'neither components nor slides', kind: 'card', accepted: false, payload: () => ({ name: 'c' }) },
  {
    name: 'unknown component type',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 'c', components: [media(k.banner), website(), { type: 'TEXT' }] }),
  },
]

const SLIDES: Case[] = [
  {
    name: '2 slides',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 's', slides: slides(k.banner, 2) }),
  },
  {
    name: '6 slides',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 's', slides: slides(k.banner, 6) }),
  },
  {
    name: '1 slide',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 's', slides: slides(k.banner, 1) }),
  },
  {
    name: '7 slides',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 's', slides: slides(k.banner, 7) }),
  },
  { name: 'no slides', kind: 'card', accepted: false, payload: () => ({ name: 's', slides: [] }) },
  {
    name: 'slide with app button',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 's', slides: [slide(k.banner), [media(k.banner), button()]] }),
  },
  {
    name: 'slide with swipeable media',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 's', slides: [slide(k.banner), [swipeable([k.banner, k.square]), website()]] }),
  },
  {
    name: 'slide without website',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 's', slides: [slide(k.banner), [media(k.banner)]] }),
  },
  {
    name: 'image and video slides',
    kind: 'card',
    accepted: true,
    payload: (k) => ({ name: 's', slides: [slide(k.banner), slide(k.video, 1)] }),
  },
  {
    name: 'GIF slide',
    kind: 'card',
    accepted: false,
    payload: (k) => ({ name: 's', slides: [slide(k.banner), slide(k.gif, 1)] }),
  },
]

const poll = (extra: Record<string, unknown> = {}) => ({
  name: 'Poll',
  duration_in_minutes: 60,
  first_choice: 'Yes',
  second_choice: 'No',
  ...extra,
})
const POLLS: Case[] = [
  { name: 'two choices', kind: 'poll_card', accepted: true, payload: () => poll() },
  {
    name: 'four choices',
    kind: 'poll_card',
    accepted: true,
    payload: () => poll({ third_choice: 'Maybe', fourth_choice: 'Later' }),
  },
  { name: 'choice 25', kind: 'poll_card', accepted: true, payload: () => poll({ first_choice: repeat(25) }) },
  {
    name: 'choice 26',
    kind: 'poll_card',
    accepted: false,
    payload: () => poll({ first_choice: repeat(26) }),
  },
  { name: 'duration 4', kind: 'poll_card', accepted: false, payload: () => poll({ duration_in_minutes: 4 }) },
  { name: 'duration 5', kind: 'poll_card', accepted: true, payload: () => poll({ duration_in_minutes: 5 }) },
  {
    name: 'duration 10080',
    kind: 'poll_card',
    accepted: true,
    payload: () => poll({ duration_in_minutes: 10080 }),
  },
  {
    name: 'duration 10081',
    kind: 'poll_card',
    accepted: false,
    payload: () => poll({ duration_in_minutes: 10081 }),
  },
  {
    name: 'no second choice',
    kind: 'poll_card',
    accepted: false,
    payload: () => poll({ second_choice: undefined }),
  },
  {
    name: 'fourth without third',
    kind: 'poll_card',
    accepted: false,
    payload: () => poll({ fourth_choice: 'D' }),
  },
  { name: 'no name', kind: 'poll_card', accepted: false, payload: () => poll({ name: undefined }) },
  {
    name: 'image 1200×628',
    kind: 'poll_card',
    accepted: true,
    payload: (k) => poll({ media_key: k.banner }),
  },
  {
    name: 'image 800×419',
    kind: 'poll_card',
    accepted: true,
    payload: (k) => poll({ media_key: k.pollMinimum }),
  },
  {
    name: 'image 600×314 (too narrow)',
    kind: 'poll_card',
    accepted: false,
    payload: (k) => poll({ media_key: k.small }),
  },
  { name: 'square image', kind: 'poll_card', accepted: false, payload: (k) => poll({ media_key: k.square }) },
  {
    name: 'image 1200×640',
    kind: 'poll_card',
    accepted: false,
    payload: (k) => poll({ media_key: k.image1200x640 }),
  },
  {
    name: 'image 1220×628',
    kind: 'poll_card',
    accepted: false,
    payload: (k) => poll({ media_key: k.image1220x628 }),
  },
  { name: 'GIF', kind: 'poll_card', accepted: false, payload: (k) => poll({ media_key: k.gif }) },
  { name: 'video', kind: 'poll_card', accepted: true, payload: (k) => poll({ media_key: k.video }) },
  {
    name: 'media without PROMOTED_MEDIA_POLLS',
    kind: 'poll_card',
    account: 'second',
    accepted: false,
    payload: (k) => poll({ media_key: k.secondBanner }),
  },
  {
    name: 'text poll without the feature',
    kind: 'poll_card',
    account: 'second',
    accepted: true,
    payload: () => poll(),
  },
]

const conversation = (extra: Record<string, unknown> = {}) => ({
  name: 'VC',
  title: 'Pick a side',
  first_cta: '#TeamRed',
  first_cta_post: 'I pick red',
  thank_you_text: 'Thanks',
  ...extra,
})
const CONVERSATIONS: Case[] = [
  {
    name: 'title and one option',
    kind: 'video_conversation_card',
    accepted: true,
    payload: (k) => conversation({ media_key: k.video }),
  },
  {
    name: 'second option instead of title',
    kind: 'video_conversation_card',
    accepted: true,
    payload: (k) =>
      conversation({
        media_key: k.video,
        title: undefined,
        second_cta: '#TeamBlue',
        second_cta_post: 'Blue',
      }),
  },
  {
    name: 'neither title nor second option',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, title: undefined }),
  },
  {
    name: 'cta without #',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, first_cta: 'TeamRed' }),
  },
  {
    name: 'cta of 20 after #',
    kind: 'video_conversation_card',
    accepted: true,
    payload: (k) => conversation({ media_key: k.video, first_cta: `#${repeat(20)}` }),
  },
  {
    name: 'cta of 21 after #',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, first_cta: `#${repeat(21)}` }),
  },
  {
    name: 'hashtag with a combining mark',
    kind: 'video_conversation_card',
    accepted: true,
    payload: (k) => conversation({ media_key: k.video, first_cta: '#Cafe\u0301' }),
  },
  {
    name: 'thank-you text 24',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, thank_you_text: repeat(24) }),
  },
  {
    name: 'title 24',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, title: repeat(24) }),
  },
  {
    name: 'square video',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.squareVideo }),
  },
  {
    name: 'video 1920×1100',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video1920x1100 }),
  },
  {
    name: 'image instead of video',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.banner }),
  },
  {
    name: 'second cta without its post',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, second_cta: '#TeamBlue' }),
  },
  {
    name: 'ftp thank-you URL',
    kind: 'video_conversation_card',
    accepted: false,
    payload: (k) => conversation({ media_key: k.video, thank_you_url: 'ftp://example.com' }),
  },
  { name: 'no video', kind: 'video_conversation_card', accepted: false, payload: () => conversation() },
]

const post = (extra: Record<string, unknown> = {}) => ({ as_user_id: DEMO_USER, text: 'hello', ...extra })
let DEMO_USER = ''
const POSTS: Case[] = [
  { name: 'text', kind: 'post', accepted: true, payload: () => post() },
  {
    name: '4,000 for a standard user',
    kind: 'post',
    premium: false,
    accepted: true,
    payload: () => post({ text: repeat(4000) }),
  },
  {
    name: '4,001 for a standard user',
    kind: 'post',
    premium: false,
    accepted: false,
    payload: () => post({ text: repeat(4001) }),
  },
  {
    name: '2,001 CJK characters (weight 4,002) for a standard user',
    kind: 'post',
    premium: false,
    accepted: false,
    payload: () => post({ text: repeat(2001, '漢') }),
  },
  {
    name: '4,001 for a long-form user',
    kind: 'post',
    account: 'second',
    accepted: true,
    payload: () => post({ text: repeat(4001) }),
  },
  {
    name: '25,000 for a long-form user',
    kind: 'post',
    account: 'second',
    accepted: true,
    payload: () => post({ text: repeat(25000) }),
  },
  {
    name: '25,001 for a long-form user',
    kind: 'post',
    account: 'second',
    accepted: false,
    payload: () => post({ text: repeat(25001) }),
  },
  { name: 'no text, no media', kind: 'post', accepted: false, payload: () => post({ text: undefined }) },
  {
    name: '4 images',
    kind: 'post',
    accepted: true,
    payload: (k) => post({ media_keys: [k.banner, k.square, k.small, k.pollMinimum].join(',') }),
  },
  {
    name: '5 images',
    kind: 'post',
    accepted: false,
    payload: (k) => post({ media_keys: [k.banner, k.square, k.small, k.pollMinimum, k.banner].join(',') }),
  },
  {
    name: 'GIF and image',
    kind: 'post',
    accepted: false,
    payload: (k) => post({ media_keys: `${k.gif},${k.banner}` }),
  },
  {
    name: 'one video, no text',
    kind: 'post',
    accepted: true,
    payload: (k) => post({ text: undefined, media_keys: k.video }),
  },
  { name: 'name 81', kind: 'post', accepted: false, payload: () => post({ name: repeat(81) }) },
  {
    name: 'unknown conversation setting',
    kind: 'post',
    accepted: false,
    payload: () => post({ conversation_settings: 'NOBODY' }),
  },
  {
    name: 'video CTA without its value',
    kind: 'post',
    accepted: false,
    payload: (k) => post({ media_keys: k.video, video_cta: 'WATCH_NOW' }),
  },
  {
    name: 'video CTA value without CTA',
    kind: 'post',
    accepted: false,
    payload: (k) => post({ media_keys: k.video, video_cta_value: 'https://example.com' }),
  },
  {
    name: 'video CTA with value',
    kind: 'post',
    accepted: true,
    payload: (k) =>
      post({ media_keys: k.video, video_cta: 'VISIT_SITE', video_cta_value: 'https://example.com' }),
  },
  {
    name: 'video title 71',
    kind: 'post',
    accepted: false,
    payload: (k) => post({ media_keys: k.video, video_title: repeat(71) }),
  },
  { name: 'unknown post mode', kind: 'post', accepted: false, payload: () => post({ post_mode: 'classic' }) },
  {
    name: 'an existing card',
    kind: 'post',
    accepted: true,
    payload: (k) => post({ card_uri: k.seededCardUri }),
  },
  {
    name: 'advertiser id not numeric',
    kind: 'post',
    accepted: false,
    payload: () => post({ as_user_id: 'designer' }),
  },
]

const MEDIA_LIBRARY: Case[] = [
  {
    name: 'image with a name',
    kind: 'media_library',
    accepted: true,
    payload: async (k) => ({ media_key: await k.freshImage(), name: 'Hero' }),
  },
  {
    name: 'image with a title (videos only)',
    kind: 'media_library',
    accepted: false,
    payload: async (k) => ({ media_key: await k.freshImage(), title: 'Title' }),
  },
  {
    name: 'image with a description (videos only)',
    kind: 'media_library',
    accepted: false,
    payload: async (k) => ({ media_key: await k.freshImage(), description: 'About' }),
  },
  {
    name: 'video with title and description',
    kind: 'media_library',
    accepted: true,
    payload: async (k) => ({ media_key: await k.freshVideo(), title: repeat(70), description: repeat(200) }),
  },
  {
    name: 'video title 71',
    kind: 'media_library',
    accepted: false,
    payload: async (k) => ({ media_key: await k.freshVideo(), title: repeat(71) }),
  },
  {
    name: 'name 101',
    kind: 'media_library',
    accepted: false,
    payload: async (k) => ({ media_key: await k.freshImage(), name: repeat(101) }),
  },
  {
    name: 'file name 255',
    kind: 'media_library',
    accepted: true,
    payload: async (k) => ({ media_key: await k.freshImage(), file_name: repeat(255) }),
  },
  { name: 'no media key', kind: 'media_library', accepted: false, payload: () => ({ name: 'Nothing' }) },
]

const CASES: Case[] = [...CARDS, ...SLIDES, ...POLLS, ...CONVERSATIONS, ...POSTS, ...MEDIA_LIBRARY]

const PATHS: Record<CreativeKind, string> = {
  card: 'cards',
  poll_card: 'cards/poll',
  video_conversation_card: 'cards/video_conversation',
  post: 'post',
  media_library: 'media_library',
}

let sandbox: Sandbox
let user: UserTokens
let keys: Keys
let countLength: PostLengthCounter
let accounts: Record<Account, string>
/** What the app knows about a fresh upload: its type (from the file it read). */
const uploadedTypes = new Map<string, MediaInfo['mediaType']>()

beforeAll(async () => {
  countLength = await loadPostLengthCounter()
  sandbox = await startSandbox({ port: 0, limits: { videoProcessingMs: 5 } })
  user = await authorizeDemoUser(sandbox)
  DEMO_USER = user.userId
  const [main = '', second = ''] = sandbox.demo.accountIds
  accounts = { main, second }
  const seeded = (prefix: string, account = main) => {
    const item = sandbox
      .state()
      .mediaLibrary.find((m) => m._account === account && String(m.name).startsWith(prefix))
    if (!item) throw new Error(`the sandbox seed has no medium named ${prefix}`)
    return String(item.media_key)
  }
  const addToLibrary = async (bytes: Buffer, mime: string, category: string) => {
    const { mediaKey } = await upload(sandbox, user, bytes, mime, category)
    const response = await call(user, {
      method: 'POST',
      url: adsUrl(main, 'media_library'),
      form: { media_key: mediaKey },
    })
    if (response.status !== 200) throw new Error(`could not add ${mediaKey} to the library: ${response.text}`)
    return mediaKey
  }
  let fresh = 0
  const freshUpload = async (bytes: Buffer, mime: string, category: string, type: MediaInfo['mediaType']) => {
    const { mediaKey } = await upload(sandbox, user, bytes, mime, category)
    uploadedTypes.set(mediaKey, type)
    return mediaKey
  }
  keys = {
    banner: seeded('Summer sale banner'),
    pollMinimum: seeded('Minimum poll image'),
    small: seeded('Small banner'),
    square: seeded('Square product shot'),
    gif: seeded('Looping teaser'),
    video: seeded('Product video 16x9'),
    squareVideo: seeded('Square video'),
    secondBanner: seeded('Second account banner', second),
    image1200x640: await addToLibrary(pngOf(1200, 640), 'image/png', 'post_image'),
    image1220x628: await addToLibrary(pngOf(1220, 628), 'image/png', 'post_image'),
    video1920x1100: await addToLibrary(mp4Of(1920, 1100, 3_000), 'video/mp4', 'post_video'),
    seededCardUri: String(sandbox.state().cards.find((c) => c._account === main)?.card_uri),
    freshImage: () => freshUpload(pngOf(640 + ++fresh, 360), 'image/png', 'post_image', 'IMAGE'),
    freshVideo: () => freshUpload(mp4Of(1280, 720, 2_000 + ++fresh), 'video/mp4', 'post_video', 'VIDEO'),
  }
}, 60_000)
afterAll(async () => {
  await sandbox?.close()
})

async function setDemoPremium(premium: boolean): Promise<void> {
  const answer = await fetch(`${sandbox.apiUrl}/__admin/users/${DEMO_USER}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ premium }),
  })
  expect(answer.status).toBe(200)
}

function adsUrl(accountId: string, path: string): string {
  return `${sandbox.adsUrl}/12/accounts/${accountId}/${path}`
}

/** The facts main has when it checks a draft for this account. */
function appContext(
  kind: CreativeKind,
  account: Account,
  payload: Record<string, unknown>,
): ValidationContext {
  const accountId = accounts[account]
  const state = sandbox.state()
  const media: Record<string, MediaInfo> = {}
  for (const item of state.mediaLibrary) {
    if (item._account !== accountId || item.deleted) continue
    media[String(item.media_key)] = {
      mediaType: item.media_type as MediaInfo['mediaType'] & string,
      width: Number(item._width),
      height: Number(item._height),
    }
  }
  for (const [key, mediaType] of uploadedTypes) if (mediaType) media[key] = { mediaType }
  const features = (state.accounts.find((a) => a.id === accountId)?._features as string[] | undefined) ?? []
  const text = payload.text
  return {
    media,
    features,
    authenticatedUserId: user.userId,
    // The designer's answer for the posting user: the premium demo user posts long-form.
    postLengthTier:
      state.users.find((candidate) => candidate.id === (payload.as_user_id ?? user.userId))?.premium === true
        ? 'long_form'
        : 'standard',
    ...(kind === 'post' && typeof text === 'string'
      ? { weightedTextLength: countLength(text, 25000).weightedLength }
      : {}),
  }
}

async function sandboxAccepts(kind: CreativeKind, account: Account, payload: Record<string, unknown>) {
  const url = adsUrl(accounts[account], PATHS[kind])
  const defined = Object.entries(payload).filter(([, value]) => value !== undefined)
  const response =
    kind === 'card'
      ? await call(user, { method: 'POST', url, json: Object.fromEntries(defined) })
      : await call(user, {
          method: 'POST',
          url,
          form: Object.fromEntries(defined.map(([k, v]) => [k, String(v)])),
        })
  return { accepted: response.status === 200, status: response.status, body: response.text.slice(0, 400) }
}

describe('the app and the sandbox agree on every payload', () => {
  it('covers at least 60 payloads across every kind', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60)
    const kinds = new Set(CASES.map((c) => c.kind))
    expect([...kinds].sort()).toEqual([
      'card',
      'media_library',
      'poll_card',
      'post',
      'video_conversation_card',
    ])
    expect(SLIDES.length).toBeGreaterThan(5)
  })

  it.each(CASES.map((c) => [`${c.kind}: ${c.name}`, c] as const))('%s', async (_, testCase) => {
    const account = testCase.account ?? 'main'
    // The post length belongs to the posting user: the demo user is premium unless a case says not.
    await setDemoPremium(testCase.premium ?? true)
    const raw = await testCase.payload(keys)
    const payload = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== undefined))
    const issues = validate(testCase.kind, payload, appContext(testCase.kind, account, payload))
    const app = {
      accepted: errorCount(issues) === 0,
      errors: issues.filter((i) => i.severity === 'error').map((i) => `${i.path.join('.')}: ${i.message}`),
    }
    const server = await sandboxAccepts(testCase.kind, account, payload)
    const report = JSON.stringify({ app, server }, null, 1)
    expect(app.accepted, report).toBe(server.accepted)
    expect(app.accepted, `the spec says ${testCase.accepted ? 'accept' : 'refuse'}: ${report}`).toBe(
      testCase.accepted,
    )
  })
})
