import type { Route } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, shortId } from '../state'
import { CARD_NAME_MAX, cardKindReadRoutes } from './cards'
import { AdsInput, accountIdOf, adsCaller, adsFailure, single } from './core'
import type { ListSpec } from './core'
import { libraryItem } from './lookup'
import type { OwnedResource } from './resourceRoutes'

const CHOICE_MAX = 25
const DURATION_MIN = 5
const DURATION_MAX = 10_080
const POLL_IMAGE_MIN_WIDTH = 800
const POLL_LIST: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at', 'name'],
}

const POLL_CARD: OwnedResource = { collection: 'pollCards', label: 'Poll card', idParam: 'card_id' }

// Poll cards cannot be updated (spec), so no PUT route exists; deletion is the legacy card path.
export const pollCardRoutes: Route[] = [
  ...cardKindReadRoutes('/accounts/:account_id/cards/poll', POLL_CARD, POLL_LIST),
  {
    // Response body "not shown"; the platform answers with the created poll card.
    method: 'POST',
    pattern: '/accounts/:account_id/cards/poll',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const accountId = accountIdOf(caller)
      const input = new AdsInput(ctx, [
        'name',
        'duration_in_minutes',
        'first_choice',
        'second_choice',
        'third_choice',
        'fourth_choice',
        'media_key',
      ])
      const name = input.string('name', { required: true, max: CARD_NAME_MAX })
      const duration = input.int('duration_in_minutes', {
        required: true,
        min: DURATION_MIN,
        max: DURATION_MAX,
      })
      const first = input.string('first_choice', { required: true, max: CHOICE_MAX })
      const second = input.string('second_choice', { required: true, max: CHOICE_MAX })
      const third = input.string('third_choice', { max: CHOICE_MAX })
      const fourth = input.string('fourth_choice', { max: CHOICE_MAX })
      if (fourth !== undefined && third === undefined)
        input.invalid('fourth_choice', 'fourth_choice needs third_choice')
      const mediaKey = input.string('media_key')
      let media: AdsRecord | undefined
      if (mediaKey !== undefined) {
        media = libraryItem(rt, accountId, mediaKey)
        if (!media) input.invalid('media_key', `${mediaKey} is not in this account's media library`)
        else if (media.media_type === 'IMAGE') {
          if ((media._width as number) < POLL_IMAGE_MIN_WIDTH || media.aspect_ratio !== '1.91:1') {
            input.invalid(
              'media_key',
              `A poll image must be at least ${POLL_IMAGE_MIN_WIDTH} px wide with aspect ratio 1.91:1`,
            )
          }
        } else if (media.media_type !== 'VIDEO')
          input.invalid('media_key', 'A poll takes an image or a video')
      }
      input.finish()
      // The status of a missing feature is not shown; a well-formed request the account is not
      // entitled to is a permission problem, so it is a 403 rather than a 400.
      if (
        mediaKey !== undefined &&
        !(caller.account?._features as string[]).includes('PROMOTED_MEDIA_POLLS')
      ) {
        throw adsFailure(ctx, 403, [
          {
            code: 'FEATURE_NOT_AVAILABLE',
            parameter: 'media_key',
            message: 'Polls with media need the PROMOTED_MEDIA_POLLS account feature',
          },
        ])
      }
      const id = shortId(rt.state)
      const stamp = isoSeconds(ctx.now)
      const card: AdsRecord = {
        id,
        name,
        card_uri: `card://${id}`,
        card_type: !media ? 'TEXT_POLLS' : media.media_type === 'VIDEO' ? 'VIDEO_POLLS' : 'IMAGE_POLLS',
        first_choice: first,
        second_choice: second,
        ...(third !== undefined ? { third_choice: third } : {}),
        ...(fourth !== undefined ? { fourth_choice: fourth } : {}),
        duration_in_minutes: duration,
        start_time: stamp,
        end_time: isoSeconds(ctx.now + (duration ?? 0) * 60_000),
        ...(media?.media_type === 'VIDEO' ? videoFields(media) : {}),
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _account: accountId,
        _media_key: mediaKey,
      }
      rt.state.pollCards.push(card)
      rt.state.created.poll_cards += 1
      return single(ctx, card)
    },
  },
]

/** The spec gives these numbers as strings. */
function videoFields(media: AdsRecord): Record<string, string> {
  const url = String(media.media_url)
  return {
    video_url: url.replace(/\.png$/, '.mp4'),
    video_hls_url: url.replace(/\.png$/, '.m3u8'),
    video_width: String(media._width),
    video_height: String(media._height),
    video_poster_url: String(media.poster_media_url),
    video_poster_width: String(media._width),
    video_poster_height: String(media._height),
    content_duration_seconds: String(Math.round(Number(media.duration ?? 0) / 1000)),
  }
}
