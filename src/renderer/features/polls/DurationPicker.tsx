import { useId } from 'react'
import { LIMITS } from '../../../shared/rules/limits'
import { FieldNote } from '../../components/Field'
import type { FieldMessage } from '../../components/Field'
import { durationLabel, joinDuration, splitDuration, type DurationParts } from '../../kits/polls/pollRules'

const PARTS: { key: keyof DurationParts; label: string }[] = [
  { key: 'days', label: 'Days' },
  { key: 'hours', label: 'Hours' },
  { key: 'minutes', label: 'Minutes' },
]

/** How long the poll runs, as days, hours and minutes; stored as minutes. */
export function DurationPicker({
  minutes,
  onChange,
  message,
}: {
  minutes: number
  onChange: (minutes: number) => void
  message?: FieldMessage | undefined
}) {
  const id = useId()
  const parts = splitDuration(minutes)
  const { min, max } = LIMITS.pollCard.durationMinutes
  const invalid = message?.severity === 'error'
  const shown =
    invalid && (minutes < min || minutes > max) ? { ...message, text: rangeMessage(parts, minutes) } : message
  return (
    <fieldset className="duration" aria-describedby={`${id}-note`}>
      {/* The section title already says "Duration"; the legend stays for screen readers. */}
      <legend className="visually-hidden">Duration</legend>
      <div className="duration__parts">
        {PARTS.map(({ key, label }) => (
          <label key={key} className="duration__part">
            <input
              className="input duration__input"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={parts[key]}
              aria-invalid={invalid || undefined}
              onChange={(event) => {
                const value = Number.parseInt(event.target.value, 10)
                onChange(joinDuration({ ...parts, [key]: Number.isFinite(value) && value > 0 ? value : 0 }))
              }}
            />
            <span className="duration__unit">{label}</span>
          </label>
        ))}
      </div>
      <FieldNote
        id={`${id}-note`}
        message={shown}
        // The rule's own words, so the problems list can find this field.
        {...(shown !== message && message ? { ruleMessage: message.text } : {})}
        hint={`Runs for ${durationLabel(minutes)}; between ${durationLabel(min)} and ${durationLabel(max)}.`}
      />
    </fieldset>
  )
}

/**
 * Out of range, said in the largest unit the designer typed (the picker carries minutes into
 * hours and hours into days): 9 days reads "at most 7 days", never a count of minutes.
 */
export function rangeMessage(parts: DurationParts, minutes: number): string {
  const { min, max } = LIMITS.pollCard.durationMinutes
  if (minutes < min) return `A poll runs for at least ${durationLabel(min)}.`
  const [unit, perUnit] =
    parts.days > 0
      ? (['day', 24 * 60] as const)
      : parts.hours > 0
        ? (['hour', 60] as const)
        : (['minute', 1] as const)
  const most = Math.floor(max / perUnit)
  return `A poll runs for at most ${most} ${unit}${most === 1 ? '' : 's'}; this one is set to ${durationLabel(minutes)}.`
}
