// POST accounts/:account_id/cards/poll

import type { ValidationContext } from './context'
import {
  checkLength,
  inspectMediaKey,
  isObject,
  isPresent,
  optionalString,
  readString,
  requireString,
} from './fields'
import type { Issue } from './issues'
import { error, formatNumber, ORDINALS, warning } from './issues'
import { enumTuple, LIMITS } from './limits'
import { checkPollMedia } from './media'

const RULES = LIMITS.pollCard
const MINUTES_PER_DAY = 24 * 60
export const POLL_CHOICE_FIELDS = ['first_choice', 'second_choice', 'third_choice', 'fourth_choice'] as const

export function validatePollCard(payload: unknown, context: ValidationContext = {}): Issue[] {
  if (!isObject(payload)) return [error([], 'invalid_type', 'The poll card is not a JSON object')]
  const issues: Issue[] = []
  const name = requireString(issues, payload, 'name', ['name'], 'Card name')
  checkLength(issues, name, ['name'], 'Card name', RULES.name)
  checkDuration(issues, payload.duration_in_minutes)

  const filled: boolean[] = []
  POLL_CHOICE_FIELDS.forEach((field, index) => {
    const label = `Choice ${index + 1}`
    const required = index < RULES.choices.min
    const value = required
      ? requireString(issues, payload, field, [field], label)
      : optionalString(issues, payload, field, [field], label)
    checkLength(issues, value, [field], label, RULES.choice)
    filled.push(isPresent(payload, field))
    const missingEarlier = filled.slice(0, index).some((present) => !present)
    if (!required && isPresent(payload, field) && missingEarlier) {
      issues.push(
        error(
          [field],
          'needs',
          `The ${ORDINALS[index]} choice needs every choice before it to be filled in first`,
        ),
      )
    }
  })
  for (const key of Object.keys(payload)) {
    if (/_choice$/.test(key) && !(POLL_CHOICE_FIELDS as readonly string[]).includes(key)) {
      issues.push(
        error([key], 'too_many', `A poll has at most ${RULES.choices.max} choices`, RULES.choices.max),
      )
    }
  }

  const mediaKey = readString(issues, payload, 'media_key', ['media_key'], 'Poll media')
  if (mediaKey !== undefined && mediaKey !== '') checkMedia(issues, mediaKey, context)
  return issues
}

function checkDuration(issues: Issue[], duration: unknown): void {
  const { min, max } = RULES.durationMinutes
  const path = ['duration_in_minutes']
  if (duration === undefined || duration === null) {
    issues.push(error(path, 'required', 'Set how long the poll runs'))
    return
  }
  if (typeof duration !== 'number' || !Number.isInteger(duration)) {
    issues.push(error(path, 'invalid_type', 'Poll duration must be a whole number of minutes'))
    return
  }
  if (duration < min || duration > max) {
    issues.push(
      error(
        path,
        'out_of_range',
        `Poll duration must be between ${formatNumber(min)} minutes and ${formatNumber(max)} minutes (${formatNumber(max / MINUTES_PER_DAY)} days); it is ${formatNumber(duration)}`,
        duration < min ? min : max,
      ),
    )
  }
}

function checkMedia(issues: Issue[], mediaKey: string, context: ValidationContext): void {
  const [feature] = enumTuple(RULES.mediaFeature)
  if (context.features === undefined) {
    issues.push(
      warning(
        ['media_key'],
        'unchecked',
        `Polls with media need the ${feature} account feature; connect to check it`,
      ),
    )
  } else if (!context.features.includes(feature)) {
    issues.push(
      error(
        ['media_key'],
        'needs_feature',
        `This account does not have ${feature}, so the poll cannot have media`,
      ),
    )
  }
  const info = inspectMediaKey(issues, mediaKey, ['media_key'], 'Poll media', context)
  if (info) issues.push(...checkPollMedia(['media_key'], info))
}
