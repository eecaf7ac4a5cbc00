// Poll card drafts. Choices are kept in order; choices[i] becomes the i-th *_choice field.

import { z } from 'zod'
import { LIMITS } from '../rules/limits'
import type { PollCardPayload } from '../rules/payloads'
import { POLL_CHOICE_FIELDS } from '../rules/validatePollCard'
import type { MediaCollector } from './mediaCollector'
import { mediaRefSchema } from './media'

/** A starting value for new drafts (one day), not a limit. */
export const DEFAULT_POLL_DURATION_MINUTES = 24 * 60

export const pollCardContentSchema = z.object({
  name: z.string(),
  choices: z.array(z.string()).max(LIMITS.pollCard.choices.max),
  durationInMinutes: z.number().int(),
  media: mediaRefSchema.nullable(),
})

export type PollCardContent = z.infer<typeof pollCardContentSchema>

export function emptyPollCardContent(): PollCardContent {
  return {
    name: '',
    choices: Array.from({ length: LIMITS.pollCard.choices.min }, () => ''),
    durationInMinutes: DEFAULT_POLL_DURATION_MINUTES,
    media: null,
  }
}

/** Every choice slot the draft has is sent, blank or not, so a blank slot is reported rather than dropped. */
export function pollCardPayload(content: PollCardContent, media: MediaCollector): PollCardPayload {
  const payload: PollCardPayload = {
    name: content.name,
    duration_in_minutes: content.durationInMinutes,
    first_choice: content.choices[0] ?? '',
    second_choice: content.choices[1] ?? '',
  }
  content.choices.slice(LIMITS.pollCard.choices.min).forEach((choice, offset) => {
    const field = POLL_CHOICE_FIELDS[LIMITS.pollCard.choices.min + offset]
    if (field === 'third_choice' || field === 'fourth_choice') payload[field] = choice
  })
  if (content.media) payload.media_key = media.key(content.media)
  return payload
}
