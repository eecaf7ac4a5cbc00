import { useId } from 'react'
import '../../../components/dataTable.css'
import { formatCount, type TimeFormatter } from './format'
import type { ChartSeries } from './readout'

/**
 * The chart's numbers as a table: one row per point, one column per line, in the chart's words
 * (format.ts). The table scrolls inside its frame, which is focusable so keys can scroll it too.
 */
export function VolumeTable({
  times,
  series,
  format,
}: {
  times: readonly number[]
  series: readonly ChartSeries[]
  format: TimeFormatter
}) {
  const captionId = useId()
  const unit = format.granularity === 'DAY' ? 'day' : 'hour'
  return (
    <div
      className="keyword-table"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      data-testid="keyword-table"
    >
      <table className="data-table keyword-table__table">
        <caption id={captionId} className="keyword-table__caption">
          Posts per {unit}
        </caption>
        <thead>
          <tr>
            <th scope="col">{unit === 'day' ? 'Day' : 'Hour'}</th>
            {series.map((line, index) => (
              <th key={index} scope="col" className="keyword-table__number">
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {times.map((time, index) => (
            <tr key={time}>
              <th scope="row">{format.point(time)}</th>
              {series.map((line, at) => (
                <td key={at} className="keyword-table__number">
                  {formatCount(line.values[index] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
