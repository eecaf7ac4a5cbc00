import { useState } from 'react'
import type { PostLength } from '../../../shared/rules/postLength'
import { formatNumber } from '../../../shared/rules/issues'
import { counterState } from './counterState'

const SIZE = 28
const STROKE = 3
const RADIUS = (SIZE - STROKE) / 2
const CIRCUMFERENCE = 2 * Math.PI * RADIUS
/** The ring's geometry, shared by its track and the progress drawn over it. */
const RING = { cx: SIZE / 2, cy: SIZE / 2, r: RADIUS, fill: 'none', strokeWidth: STROKE } as const
/**
 * Rule P4 (bench/PERFORMANCE.md): no transition while typing. The ring eases only a move of at
 * least a pixel of its arc (a paste, an undo). A typed character moves it by a fiftieth of a
 * pixel at 4,000 and less at 25,000: easing that drew nothing one could see, but it started a
 * 120 ms transition of an SVG attribute on every key, which the compositor cannot run, so the
 * main thread painted frames all through the typing.
 */
const EASE_MIN_PX = 1

/** Whether the ring's latest move is eased: decided when its offset changes, kept until the next. */
function useEased(offset: number): boolean {
  const [last, setLast] = useState({ offset, eased: false })
  if (last.offset === offset) return last.eased
  const next = { offset, eased: Math.abs(offset - last.offset) >= EASE_MIN_PX }
  // Derived from the previous render's offset, the way React documents it (no effect, no ref).
  setLast(next)
  return next.eased
}

/** The weighted length as a ring that fills up to the limit, and the characters left. */
export function LengthRing({ length, unavailable }: { length: PostLength | null; unavailable: boolean }) {
  const filled = length ? Math.min(length.weightedLength / length.limit, 1) : 0
  const offset = CIRCUMFERENCE * (1 - filled)
  const eased = useEased(offset)
  if (!length) {
    return (
      <span className="length-ring" data-state="loading" data-testid="post-counter">
        <span className="length-ring__number">{unavailable ? 'Counter unavailable' : '…'}</span>
      </span>
    )
  }
  const state = counterState(length)
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
        <circle className="length-ring__track" {...RING} />
        <circle
          className="length-ring__progress"
          {...RING}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={offset}
          data-eased={eased || undefined}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
      </svg>
      <span className="length-ring__number" data-testid="post-counter-number">
        {formatNumber(length.remaining)}
      </span>
    </span>
  )
}
