import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { UNIT_MS } from '../../../../shared/catalog/keywords'
import { formatAxisCount, formatCount, type TimeFormatter } from './format'
import { isCursorKey, pointReadout, pointValues, stepCursor, type ChartSeries } from './readout'
import { highestOf, planScales } from './scales'
import { readCanvasTheme, seriesToken, textWidth, useThemeVersion, type CanvasTheme } from './theme'
import { dayMarks, planTicks } from './ticks'

/**
 * The plot itself, drawn by uPlot (canvas, no eval: it runs under the renderer's CSP). The
 * keywords share the left scale and the total of all keywords has its own on the right; ticks
 * sit on the points (ticks.ts). The plot is one focusable widget: Left, Right, Home and End move
 * a cursor over the points, the tooltip shows the point as the pointer does, and a polite live
 * region reads it out.
 */

export const PLOT_HEIGHT = 300
/** Room for an axis's rotated title. */
const AXIS_LABEL_PX = 20
/** Between an axis's values and the plot. */
const AXIS_GAP_PX = 8

export interface PlotProps {
  times: readonly number[]
  series: readonly ChartSeries[]
  /** Index of the total of all keywords in `series`, or -1 (one keyword). */
  totalIndex: number
  /** Whether each line shows (the legend hides some). */
  shown: readonly boolean[]
  format: TimeFormatter
  /** The visible hint that says how to use the keys. */
  describedBy: string
}

interface Tip {
  index: number
  /** Where the point is across the frame, CSS pixels. */
  left: number
  /** The tooltip opens to the left of the point when the point is in the right half. */
  flip: boolean
}

/** What the last drawing used: its tick labels and its text colour (read by the E2E suite). */
interface Drawn {
  ticks: string[]
  ink: string
}

function axisWidth(ticks: readonly number[], font: string): number {
  return (
    Math.ceil(Math.max(0, ...ticks.map((tick) => textWidth(formatAxisCount(tick), font)))) + AXIS_GAP_PX + 4
  )
}

type PlotData = Omit<PlotProps, 'describedBy'>

function buildOptions(
  props: PlotData,
  width: number,
  theme: CanvasTheme,
  hooks: { onCursor: (u: uPlot) => void; onReady: (u: uPlot) => void },
) {
  const { times, series, totalIndex, shown, format } = props
  const unit = format.granularity === 'DAY' ? 'day' : 'hour'
  const isKeyword = (index: number) => index !== totalIndex
  const scales = planScales({
    left: highestOf(series.filter((_, index) => isKeyword(index) && shown[index]).map((line) => line.values)),
    right: totalIndex >= 0 && shown[totalIndex] ? highestOf([series[totalIndex]!.values]) : null,
  })
  const leftSize = scales.left ? axisWidth(scales.left.ticks, theme.font) : 0
  const rightSize = scales.right ? axisWidth(scales.right.ticks, theme.font) : 0
  const sideRoom = (size: number) => (size ? size + AXIS_LABEL_PX : AXIS_GAP_PX)
  const plotWidth = Math.max(1, width - sideRoom(leftSize) - sideRoom(rightSize) - 2 * AXIS_GAP_PX)
  const spacing = times.length > 1 ? plotWidth / (times.length - 1) : plotWidth
  // By day a tick is two short lines; by hour a day line joins the time (format.ts).
  const labelWidth = {
    day: Math.max(
      0,
      ...times.flatMap((time) =>
        (format.granularity === 'DAY' ? format.tick(time, true).split('\n') : [format.day(time)]).map(
          (line) => textWidth(line, theme.font),
        ),
      ),
    ),
    time: textWidth('00:00', theme.font),
  }
  const plan = planTicks({
    times,
    granularity: format.granularity,
    plotWidth,
    labelWidth,
    hourOf: format.hourOf,
  })
  const tickTimes = plan.indices.map((index) => times[index]!)
  const withDay = dayMarks(tickTimes, format.day, spacing * plan.step, labelWidth.day)
  const tickLabels = tickTimes.map((time, at) => format.tick(time, withDay[at]!))
  const half = UNIT_MS[format.granularity] / 2
  const yAxis = (side: 1 | 3, scale: 'y' | 'total', label: string, grid: boolean): uPlot.Axis => {
    const plan = side === 3 ? scales.left : scales.right
    return {
      scale,
      side,
      show: Boolean(plan),
      stroke: theme.muted,
      font: theme.font,
      labelFont: theme.font,
      label,
      labelSize: AXIS_LABEL_PX,
      labelGap: 0,
      size: side === 3 ? leftSize : rightSize,
      gap: AXIS_GAP_PX,
      splits: () => plan?.ticks ?? [],
      values: (_u, splits) => splits.map(formatAxisCount),
      grid: { show: grid, stroke: theme.grid, width: 1 },
      ticks: { show: false },
    }
  }
  const options: uPlot.Options = {
    width,
    height: PLOT_HEIGHT,
    legend: { show: false },
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 8, width: 2 },
      // The cursor line sits on the nearest point, under the pointer as under the keys.
      move: (u, left, top) => (left < 0 ? [left, top] : [u.valToPos(times[u.posToIdx(left)] ?? 0, 'x'), top]),
    },
    scales: {
      x: { time: false, range: (_u, min, max) => (min === max ? [min - half, max + half] : [min, max]) },
      y: { range: () => [0, scales.left?.max ?? 1] },
      total: { range: () => [0, scales.right?.max ?? 1] },
    },
    axes: [
      {
        scale: 'x',
        stroke: theme.muted,
        font: theme.font,
        size: 46,
        gap: 6,
        splits: () => tickTimes,
        values: () => tickLabels,
        grid: { stroke: theme.grid, width: 1 },
        ticks: { stroke: theme.grid, width: 1, size: 4 },
      },
      yAxis(3, 'y', totalIndex >= 0 ? `Posts per ${unit}, each keyword` : `Posts per ${unit}`, true),
      ...(totalIndex >= 0 ? [yAxis(1, 'total', `Posts per ${unit}, all keywords`, !scales.left)] : []),
    ],
    series: [
      {},
      ...series.map((line, index): uPlot.Series => {
        const total = index === totalIndex
        const stroke = theme.series(index, total)
        return {
          label: line.label,
          scale: total ? 'total' : 'y',
          show: shown[index] !== false,
          stroke,
          width: total ? 1.5 : 2,
          ...(total ? { dash: [6, 4] } : {}),
          points: { show: times.length <= 60, size: 6, width: 2, stroke, fill: theme.surface },
        }
      }),
    ],
    hooks: { setCursor: [hooks.onCursor], ready: [hooks.onReady] },
  }
  return { options, tickLabels }
}

/** Puts uPlot's cursor on a point, as a pointer over it would. */
function placeCursor(plot: uPlot, props: PlotData, index: number): void {
  const line = props.shown.findIndex((shown) => shown)
  const scale = line === props.totalIndex ? 'total' : 'y'
  plot.setCursor({
    left: plot.valToPos(props.times[index] ?? 0, 'x'),
    top: plot.valToPos(props.series[line]?.values[index] ?? 0, scale),
  })
}

export function VolumePlot(props: PlotProps) {
  const { times, series, totalIndex, shown, format, describedBy } = props
  const frame = useRef<HTMLDivElement>(null)
  const mount = useRef<HTMLDivElement>(null)
  const plotRef = useRef<uPlot | null>(null)
  /** The point under the cursor, kept across redraws (resize, palette, a line hidden). */
  const lastIndex = useRef<number | null>(null)
  const [width, setWidth] = useState(0)
  const [tip, setTip] = useState<Tip | null>(null)
  const [said, setSaid] = useState('')
  const [drawn, setDrawn] = useState<Drawn | null>(null)
  const themeVersion = useThemeVersion()

  useEffect(() => {
    const element = frame.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const host = mount.current
    if (!host || width === 0) return
    const plotProps = { times, series, totalIndex, shown, format }
    const theme = readCanvasTheme(host)
    const onCursor = (u: uPlot) => {
      const index = u.cursor.idx ?? null
      lastIndex.current = index
      if (index === null) return setTip(null)
      const at = u.valToPos(times[index] ?? 0, 'x')
      const next = { index, left: u.over.offsetLeft + at, flip: at > u.over.clientWidth / 2 }
      setTip((previous) =>
        previous?.index === next.index && previous.left === next.left && previous.flip === next.flip
          ? previous
          : next,
      )
    }
    // uPlot lays itself out in a microtask: the cursor goes back where it was once it is ready.
    const restore = lastIndex.current
    const onReady = (u: uPlot) => {
      if (restore !== null) placeCursor(u, plotProps, restore)
    }
    const { options, tickLabels } = buildOptions(plotProps, width, theme, { onCursor, onReady })
    const plot = new uPlot(options, [[...times], ...series.map((line) => [...line.values])], host)
    plotRef.current = plot
    setDrawn({ ticks: tickLabels, ink: theme.text })
    return () => {
      plot.destroy()
      plotRef.current = null
    }
  }, [times, series, totalIndex, shown, format, width, themeVersion])

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!isCursorKey(event.key)) return
    event.preventDefault()
    const next = stepCursor(event.key, lastIndex.current, times.length)
    if (next === null) return
    lastIndex.current = next
    setSaid(pointReadout(format, times, series, shown, next))
    if (plotRef.current) placeCursor(plotRef.current, props, next)
  }

  const unit = format.granularity === 'DAY' ? 'day' : 'hour'
  return (
    <>
      <div
        ref={frame}
        className="keyword-chart__plot"
        role="application"
        aria-label={`Post volume, one point per ${unit}`}
        aria-describedby={describedBy}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => plotRef.current?.setCursor({ left: -10, top: -10 })}
        data-testid="keyword-chart"
        data-ticks={drawn ? JSON.stringify(drawn.ticks) : undefined}
        data-ink={drawn?.ink}
      >
        <div ref={mount} />
        {tip ? (
          <div
            className={`popover-surface chart-tooltip${tip.flip ? ' chart-tooltip--flip' : ''}`}
            style={{ left: tip.left }}
            aria-hidden="true"
            data-testid="chart-tooltip"
          >
            <strong>{format.point(times[tip.index] ?? 0)}</strong>
            {pointValues(series, shown, tip.index).map((item) => (
              <div key={item.index} className="chart-tooltip__row">
                <span
                  className="chart-tooltip__swatch"
                  style={{ background: `var(${seriesToken(item.index, item.index === totalIndex)})` }}
                />
                <span>{item.label}</span>
                <span className="chart-tooltip__value">{formatCount(item.value)}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite" data-testid="chart-readout">
        {said}
      </p>
    </>
  )
}
