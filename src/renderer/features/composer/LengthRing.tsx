import type { PostLength } from '../../../shared/rules/postLength'
import { formatNumber } from '../../../shared/rules/issues'
import { counterState } from './counterState'

const SIZE = 28
const STROKE = 3
const RADIUS = (SIZE - STROKE) / 2
const CIRCUMFERENCE = 2 * Math.PI * RADIUS

/** The weighted length as a ring that fills up to the limit, and the characters left. */
export function LengthRing({ length, unavailable }: { length: PostLength | null; unavailable: boolean }) {
  if (!length) {
    return (
      <span className="length-ring" data-state="loading" data-testid="post-counter">
        <span className="length-ring__number">{unavailable ? 'Counter unavailable' : '…'}</span>
      </span>
    )
  }
  const state = counterState(length)
  const filled = Math.min(length.weightedLength / length.limit, 1)
  const label =
    state === 'over'
      ? `${formatNumber(-length.remaining)} characters over the limit of ${formatNumber(length.limit)}`
      : `${formatNumber(length.remaining)} characters left of ${formatNumber(length.limit)}`
  return (
    <span
      className="length-ring"
      data-state={state}
      data-testid="post-counter"
      role="img"
      aria-label={label}
      title={label}
    >
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
        <circle
          className="length-ring__track"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
        />
        <circle
          className="length-ring__progress"
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - filled)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
      </svg>
      <span className="length-ring__number" data-testid="post-counter-number">
        {formatNumber(length.remaining)}
      </span>
    </span>
  )
}
