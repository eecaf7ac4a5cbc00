import { ChartLine, Table2 } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import type { KeywordResult } from '../../../shared/ipc/contracts/catalogs'
import { Segmented } from '../../components/Segmented'
import { ChartLegend } from './chart/ChartLegend'
import { createTimeFormatter } from './chart/format'
import { VolumePlot } from './chart/VolumePlot'
import { VolumeTable } from './chart/VolumeTable'

/**
 * Post volume over time, one line per keyword and, with several keywords, their total on its own
 * scale. The same numbers show as a chart or as a table, in one date format (chart/format.ts);
 * the legend hides and shows lines.
 */

type View = 'chart' | 'table'
const NONE: readonly number[] = []

export function KeywordChart({ result }: { result: KeywordResult }) {
  const granularity = result.query.granularity
  const format = useMemo(() => createTimeFormatter(granularity), [granularity])
  const [view, setView] = useState<View>('chart')
  // Lines hidden, for the result they were hidden in: a new search shows every line again.
  const [hiddenIn, setHiddenIn] = useState<{ resultId: string; hidden: readonly number[] }>({
    resultId: result.resultId,
    hidden: NONE,
  })
  const hidden = hiddenIn.resultId === result.resultId ? hiddenIn.hidden : NONE
  const shown = useMemo(
    () => result.series.map((_, index) => !hidden.includes(index)),
    [result.series, hidden],
  )
  const totalIndex = result.series.length > 1 ? result.series.length - 1 : -1
  const legendHintId = useId()
  const keysHintId = useId()
  const unit = granularity === 'DAY' ? 'day' : 'hour'
  const firstTime = result.times[0]
  const lastTime = result.times.at(-1)
  const dayStart = firstTime !== undefined && granularity === 'DAY' ? format.time(firstTime) : '00:00'

  const toggle = (index: number) =>
    setHiddenIn({
      resultId: result.resultId,
      hidden: hidden.includes(index) ? hidden.filter((other) => other !== index) : [...hidden, index],
    })

  return (
    <div className="keyword-chart surface surface--raised">
      <div className="keyword-chart__bar">
        <p className="keyword-chart__lead" data-testid="chart-span">
          {firstTime !== undefined && lastTime !== undefined
            ? `${format.point(firstTime)} – ${format.point(lastTime)}`
            : 'No points'}
        </p>
        <Segmented
          label="Show as"
          value={view}
          onChange={setView}
          options={[
            { value: 'chart', label: 'Chart', icon: ChartLine },
            { value: 'table', label: 'Table', icon: Table2 },
          ]}
          testIdPrefix="chart-view"
        />
      </div>
      {view === 'chart' ? (
        <ChartLegend
          series={result.series}
          totalIndex={totalIndex}
          shown={shown}
          onToggle={toggle}
          hintId={legendHintId}
        />
      ) : null}
      {view === 'chart' ? (
        <VolumePlot
          key={result.resultId}
          times={result.times}
          series={result.series}
          totalIndex={totalIndex}
          shown={shown}
          format={format}
          describedBy={keysHintId}
        />
      ) : (
        <VolumeTable times={result.times} series={result.series} format={format} />
      )}
      <div className="keyword-chart__notes">
        <p>
          Times in your time zone.
          {dayStart !== '00:00' ? ` Each day runs from ${dayStart} to ${dayStart}.` : ''}
        </p>
        {view === 'chart' ? (
          <>
            <p id={legendHintId}>Select a name to hide or show its line; one line always stays.</p>
            <p id={keysHintId}>
              In the chart, ← and → read each {unit}; Home and End go to the first and last.
            </p>
          </>
        ) : null}
      </div>
    </div>
  )
}
