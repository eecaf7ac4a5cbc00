import './progressBar.css'

/**
 * How far something has come, as a bar: `label` names it (shown above the bar with the percentage
 * unless `showLabel` is false) and is the bar's accessible name. `small` is for a row of several
 * (a job's steps and bytes), `large` for the one figure a screen is about (an upload). `success`
 * colours a finished one.
 */
export function ProgressBar({
  label,
  value,
  max,
  showLabel = true,
  size = 'medium',
  tone = 'accent',
  testId,
}: {
  label: string
  value: number
  max: number
  showLabel?: boolean
  size?: 'small' | 'medium' | 'large'
  tone?: 'accent' | 'success'
  testId?: string
}) {
  const percent = max > 0 ? Math.round((value / max) * 100) : 0
  return (
    <div
      className={`progress stack stack--snug progress--${size}`}
      data-tone={tone === 'success' ? tone : undefined}
    >
      {showLabel ? (
        <div className="progress__label">
          <span>{label}</span>
          <span className="progress__numbers">{percent}%</span>
        </div>
      ) : null}
      <div
        className="progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={`${percent}%`}
        data-testid={testId}
      >
        <div className="progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
