import { formatCount } from './format'
import type { ChartSeries } from './readout'
import { seriesToken } from './theme'

/**
 * The legend: one toggle button per line (aria-pressed) that hides or shows it. The last line
 * shown cannot be hidden: its button says so (aria-disabled, and the hint it points to).
 */
export function ChartLegend({
  series,
  totalIndex,
  shown,
  onToggle,
  hintId,
}: {
  series: readonly ChartSeries[]
  totalIndex: number
  shown: readonly boolean[]
  onToggle: (index: number) => void
  hintId: string
}) {
  const shownCount = shown.filter(Boolean).length
  return (
    <ul className="plain-list cluster keyword-chart__legend" aria-label="Lines">
      {series.map((line, index) => {
        const total = index === totalIndex
        const pressed = shown[index] !== false
        const locked = pressed && shownCount === 1
        return (
          <li key={index}>
            <button
              type="button"
              className={`keyword-chart__key${total ? ' keyword-chart__key--total' : ''}`}
              aria-pressed={pressed}
              aria-disabled={locked || undefined}
              aria-describedby={hintId}
              onClick={() => {
                if (!locked) onToggle(index)
              }}
            >
              <span
                className="keyword-chart__swatch"
                style={total ? undefined : { background: `var(${seriesToken(index, false)})` }}
                aria-hidden="true"
              />
              <span className="keyword-chart__name">{line.label}</span>
              <span className="facts">
                {formatCount(line.values.reduce((sum, value) => sum + value, 0))} posts
                {total ? ' · right scale' : ''}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
