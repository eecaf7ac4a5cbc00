// The request payloads the client sends, as the spec defines them. toPayload produces these;
// validate() checks them (it accepts unknown input, since imported drafts can hold anything).

import type { ConversationSettings, LabelValue, PostMode, VideoCta } from './limits'

export type CreativeKind = 'card' | 'poll_card' | 'video_conversation_card' | 'post' | 'media_library'

export const CREATIVE_KINDS: readonly CreativeKind[] = [
  'card',
  'poll_card',
  'video_conversation_card',
  'post',
  'media_library',
]

export interface WebsiteDestination {
  type: 'WEBSITE'
  url: string
}

export interface AppDestination {
  type: 'APP'
  country_code: string
  android_store_app_id?: string
  ios_app_store_identifier?: string
  android_store_deep_link?: string
  ios_deep_link?: string
}

export type CardComponentPayload =
  | { type: 'MEDIA'; media_key: string }
  | { type: 'SWIPEABLE_MEDIA'; media_keys: string[] }
  | { type: 'DETAILS'; title: string; destination: WebsiteDestination }
  | { type: 'BUTTON'; label: { type: 'ENUM'; value: LabelValue | '' }; destination: AppDestination }

/** POST accounts/:account_id/cards (JSON body). Exactly one of components and slides. */
export interface CardPayload {
  name: string
  components?: CardComponentPayload[]
  slides?: CardComponentPayload[][]
}

/** POST accounts/:account_id/cards/poll */
export interface PollCardPayload {
  name: string
  duration_in_minutes: number
  first_choice: string
  second_choice: string
  third_choice?: string
  fourth_choice?: string
  media_key?: string
}

/** POST accounts/:account_id/cards/video_conversation */
export interface VideoConversationCardPayload {
  name: string
  first_cta: string
  first_cta_post: string
  media_key: string
  thank_you_text: string
  title?: string
  second_cta?: string
  second_cta_post?: string
  third_cta?: string
  third_cta_post?: string
  fourth_cta?: string
  fourth_cta_post?: string
  poster_media_key?: string
  thank_you_url?: string
  unlocked_image_media_key?: string
  unlocked_video_media_key?: string
}

/** POST accounts/:account_id/post. media_keys is comma-separated, as the API takes it. */
export interface PostPayload {
  as_user_id: string
  text?: string
  card_uri?: string
  conversation_settings?: ConversationSettings
  media_keys?: string
  name?: string
  nullcast?: boolean
  trim_user?: boolean
  post_mode?: PostMode
  video_cta?: VideoCta
  video_cta_value?: string
  video_description?: string
  video_title?: string
}

/** POST accounts/:account_id/media_library */
export interface MediaLibraryPayload {
  media_key: string
  name?: string
  file_name?: string
  description?: string
  title?: string
  poster_media_key?: string
}

export interface PayloadByKind {
  card: CardPayload
  poll_card: PollCardPayload
  video_conversation_card: VideoConversationCardPayload
  post: PostPayload
  media_library: MediaLibraryPayload
}
