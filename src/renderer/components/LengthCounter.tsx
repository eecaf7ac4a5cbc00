import { characterCount } from '../../shared/rules/issues'

/** "12 / 25" next to a label; red once over. Counts code points, as the limits do. */
export function LengthCounter({
  value,
  max,
  count = characterCount,
}: {
  value: string
  max: number
  count?: (text: string) => number
}) {
  const used = count(value)
  const over = used > max
  return (
    <span
      className={over ? 'length-counter length-counter--over' : 'length-counter'}
      aria-label={over ? `${used - max} characters over the limit of ${max}` : `${used} of ${max} characters`}
      data-testid="length-counter"
    >
      {used} / {max}
    </span>
  )
}
