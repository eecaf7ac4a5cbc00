import { useEffect, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { KeywordResult } from '../../../shared/ipc/contracts/catalogs'

/**
 * Post volume over time, one line per keyword, drawn with uPlot: a small (≈50 kB), maintained,
 * dependency-free time-series library that draws on a canvas, so it needs no eval and no inline
 * scripts (CSP script-src 'self'); its stylesheet is a static file. Colours come from the design
 * tokens, read again when the theme changes. The cursor is keyboard-driven too (arrow keys), and
 * a table with the same numbers is there for screen readers.
 */

const SERIES_TOKENS = [
  '--color-chart-1',
  '--color-chart-2',
  '--color-chart-3',
  '--color-chart-4',
  '--color-chart-5',
  '--color-chart-6',
]

/** Resolves a colour token (light-dark() included) to a concrete colour a canvas can use. */
function resolveColour(token: string, probe: HTMLElement): string {
  probe.style.color = `var(${token})`
  return getComputedStyle(probe).color
}

function useThemeVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const bump = () => setVersion((value) => value + 1)
    const observer = new MutationObserver(bump)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    media?.addEventListener('change', bump)
    return () => {
      observer.disconnect()
      media?.removeEventListener('change', bump)
    }
  }, [])
  return version
}

export function formatTime(ms: number, granularity: 'DAY' | 'HOUR'): string {
  const date = new Date(ms)
  return granularity === 'DAY'
    ? date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
    : `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })} ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`
}

export function KeywordChart({ result }: { result: KeywordResult }) {
  const wrapper = useRef<HTMLDivElement>(null)
  const plotRef = useRef<uPlot | null>(null)
  const [width, setWidth] = useState(0)
  const theme = useThemeVersion()
  const [colours, setColours] = useState<string[]>([])
  const granularity = result.query.granularity

  useEffect(() => {
    const element = wrapper.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const element = wrapper.current
    if (!element || width === 0) return
    const probe = document.createElement('span')
    element.appendChild(probe)
    const palette = SERIES_TOKENS.map((token) => resolveColour(token, probe))
    const text = resolveColour('--color-text-muted', probe)
    const grid = resolveColour('--color-border', probe)
    const strong = resolveColour('--color-text', probe)
    probe.remove()
    setColours(palette)

    const tooltip = document.createElement('div')
    tooltip.className = 'chart-tooltip'
    tooltip.hidden = true
    const many = result.series.length > 1
    const strokes = result.series.map((_, index) =>
      many && index === result.series.length - 1 ? strong : (palette[index % palette.length] ?? strong),
    )
    const plot = new uPlot(
      {
        width,
        height: 300,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 7 } },
        scales: { x: { time: true } },
        axes: [
          { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
          {
            stroke: text,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: 60,
            values: (_u, values) =>
              values.map((value) => (value >= 1000 ? `${Math.round(value / 100) / 10}k` : String(value))),
          },
        ],
        series: [
          {},
          ...result.series.map((series, index) => {
            const combined = many && index === result.series.length - 1
            return {
              label: series.label,
              stroke: strokes[index] ?? strong,
              width: combined ? 1.5 : 2,
              ...(combined ? { dash: [6, 4] } : {}),
              points: { show: false },
            }
          }),
        ],
        hooks: {
          setCursor: [
            (u) => {
              const index = u.cursor.idx
              if (index === null || index === undefined) {
                tooltip.hidden = true
                return
              }
              const time = result.times[index] ?? 0
              tooltip.replaceChildren()
              const heading = document.createElement('strong')
              heading.textContent = formatTime(time, granularity)
              tooltip.append(heading)
              result.series.forEach((series, at) => {
                const row = document.createElement('div')
                row.className = 'chart-tooltip__row'
                const swatch = document.createElement('span')
                swatch.className = 'chart-tooltip__swatch'
                swatch.style.background = strokes[at] ?? strong
                const label = document.createElement('span')
                label.textContent = series.label
                const value = document.createElement('span')
                value.className = 'chart-tooltip__value'
                value.textContent = (series.values[index] ?? 0).toLocaleString('en-US')
                row.append(swatch, label, value)
                tooltip.append(row)
              })
              tooltip.hidden = false
              const left = u.cursor.left ?? 0
              const flip = left > u.over.clientWidth / 2
              tooltip.style.left = `${left + (flip ? -12 : 12)}px`
              tooltip.style.transform = flip ? 'translateX(-100%)' : 'none'
              tooltip.style.top = '8px'
            },
          ],
        },
      },
      [result.times.map((time) => time / 1000), ...result.series.map((series) => series.values)],
      element,
    )
    plot.over.appendChild(tooltip)
    plotRef.current = plot
    return () => {
      plot.destroy()
      plotRef.current = null
    }
  }, [result, width, theme, granularity])

  // Arrow keys walk the datapoints, as the pointer does.
  const move = (event: React.KeyboardEvent) => {
    const plot = plotRef.current
    if (
      !plot ||
      (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End')
    )
      return
    event.preventDefault()
    const last = result.times.length - 1
    const current = plot.cursor.idx ?? -1
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? last
          : Math.min(last, Math.max(0, current + (event.key === 'ArrowLeft' ? -1 : 1)))
    const value = result.series[0]?.values[next] ?? 0
    plot.setCursor({
      left: plot.valToPos((result.times[next] ?? 0) / 1000, 'x'),
      top: plot.valToPos(value, 'y'),
    })
  }

  return (
    <figure className="keyword-chart surface surface--raised">
      <div
        ref={wrapper}
        className="keyword-chart__plot"
        tabIndex={0}
        role="img"
        aria-label={`Post volume by ${granularity === 'DAY' ? 'day' : 'hour'} for ${result.series.map((series) => series.label).join(', ')}. Use the arrow keys to read each point.`}
        onKeyDown={move}
        onBlur={() => plotRef.current?.setCursor({ left: -10, top: -10 })}
        data-testid="keyword-chart"
      />
      <figcaption className="keyword-chart__legend">
        {result.series.map((series, index) => {
          const combined = result.series.length > 1 && index === result.series.length - 1
          return (
            <span key={series.label} className="keyword-chart__key">
              <span
                className={`keyword-chart__swatch${combined ? ' keyword-chart__swatch--dashed' : ''}`}
                style={combined ? undefined : { background: colours[index % Math.max(colours.length, 1)] }}
                aria-hidden="true"
              />
              {series.label}
              <span className="muted">
                {series.values.reduce((sum, value) => sum + value, 0).toLocaleString('en-US')} posts
              </span>
            </span>
          )
        })}
      </figcaption>
      <table className="visually-hidden">
        <caption>Post volume</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            {result.series.map((series) => (
              <th key={series.label} scope="col">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.times.map((time, index) => (
            <tr key={time}>
              <th scope="row">{formatTime(time, granularity)}</th>
              {result.series.map((series) => (
                <td key={series.label}>{series.values[index]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
