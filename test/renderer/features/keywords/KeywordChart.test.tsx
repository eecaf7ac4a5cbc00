// The keyword chart: ticks on the points, the total on its own scale, a legend that hides lines,
// a table of the same numbers, and keys that move a cursor the live region reads out.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type uPlot from 'uplot'
import { KeywordChart } from '../../../../src/renderer/features/keywords/KeywordChart'
import type { KeywordResult } from '../../../../src/shared/ipc/contracts/catalogs'
import { polyfillRadix } from '../library/fakeStudio'

/**
 * uPlot stands in as a plot that keeps its options and places its cursor the way uPlot does:
 * setCursor({ left }) finds the point at that position and calls the setCursor hooks (jsdom has
 * no canvas to draw on). A point sits 10 px after the one before.
 */
const { plots } = vi.hoisted(() => ({ plots: [] as FakePlot[] }))
interface FakePlot {
  opts: uPlot.Options
  data: number[][]
  destroyed: boolean
  setCursor(position: { left: number; top: number }): void
}
vi.mock('uplot', () => ({
  default: class {
    opts: uPlot.Options
    data: number[][]
    destroyed = false
    cursor: { idx: number | null; left: number } = { idx: null, left: -10 }
    over = document.createElement('div')
    constructor(opts: uPlot.Options, data: number[][], target: HTMLElement) {
      this.opts = opts
      this.data = data
      target.appendChild(this.over)
      plots.push(this as unknown as FakePlot)
      // As uPlot: laid out, and ready, in a microtask.
      queueMicrotask(() => {
        for (const hook of opts.hooks?.ready ?? []) hook?.(this as unknown as uPlot)
      })
    }
    valToPos(value: number, scale: string) {
      return scale === 'x' ? this.data[0]!.indexOf(value) * 10 : value
    }
    setCursor({ left }: { left: number; top: number }) {
      this.cursor = { idx: left < 0 ? null : Math.round(left / 10), left }
      for (const hook of this.opts.hooks?.setCursor ?? []) hook?.(this as unknown as uPlot)
    }
    destroy() {
      this.destroyed = true
      this.over.remove()
    }
  },
}))

const day = (offset: number) => new Date(2026, 10, 30 + offset, 12).getTime()
const DAYS = ['Mon 30 Nov', 'Tue 1 Dec', 'Wed 2 Dec', 'Thu 3 Dec', 'Fri 4 Dec', 'Sat 5 Dec', 'Sun 6 Dec']
const RUNNING = [312, 298, 305, 340, 290, 276, 331]
const TRAIL = [254, 261, 240, 270, 233, 248, 265]
// About the sum less the overlap, as the platform answers: well above each keyword.
const ALL = [526, 520, 507, 567, 487, 487, 554]

function keywordResult(): KeywordResult {
  return {
    resultId: '5f8e2b1c-0d6a-4c1e-9a3b-7c2d1e0f9a8b',
    query: {
      keywords: ['running shoes', 'trail shoes'],
      negativeKeywords: [],
      start: new Date(day(0)).toISOString(),
      end: new Date(day(7)).toISOString(),
      granularity: 'DAY',
    },
    times: DAYS.map((_, index) => day(index)),
    series: [
      { label: 'running shoes', values: RUNNING },
      { label: 'trail shoes', values: TRAIL },
      { label: 'All keywords', values: ALL },
    ],
    relatedKeywords: [],
  }
}

const plot = () => {
  const live = plots.filter((candidate) => !candidate.destroyed)
  expect(live).toHaveLength(1)
  return live[0]!
}
const readout = () => screen.getByTestId('chart-readout').textContent
const legendKey = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) })

beforeEach(() => {
  plots.length = 0
  polyfillRadix()
  // The plot is 800 px wide; jsdom has no canvas to measure text with.
  ;(window as unknown as Record<string, unknown>).ResizeObserver = class {
    constructor(private readonly report: (entries: { contentRect: { width: number } }[]) => void) {}
    observe() {
      this.report([{ contentRect: { width: 800 } }])
    }
    disconnect() {}
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('Keyword chart: the x axis', () => {
  it('puts one tick on each daily point, in the words of the table and the tooltip', () => {
    render(<KeywordChart result={keywordResult()} />)
    const x = plot().opts.axes![0]!
    const splits = (x.splits as () => number[])()
    expect(splits).toEqual(DAYS.map((_, index) => day(index)))
    // The weekday over the date: the table's words, on two lines.
    const labels = DAYS.map((label) => label.replace(' ', '\n'))
    const values = (x.values as (u: unknown, splits: number[]) => string[])(null, splits)
    expect(values).toEqual(labels)
    expect(JSON.parse(screen.getByTestId('keyword-chart').dataset.ticks!)).toEqual(labels)
  })
})

describe('Keyword chart: the total of all keywords', () => {
  it('has its own scale on the right, labelled, so the keyword lines keep their height', () => {
    render(<KeywordChart result={keywordResult()} />)
    const { series, axes, scales } = plot().opts
    expect(series.slice(1).map((line) => line.scale)).toEqual(['y', 'y', 'total'])
    const right = axes!.find((axis) => axis.scale === 'total')!
    expect(right).toMatchObject({ side: 1, show: true, label: 'Posts per day, all keywords' })
    const range = (key: string) => (scales![key]!.range as () => [number, number])()
    expect(range('total')[1]).toBeGreaterThanOrEqual(Math.max(...ALL))
    // The left scale ends near the highest keyword value, not at the total's.
    expect(range('y')[1]).toBeGreaterThanOrEqual(Math.max(...RUNNING))
    expect(range('y')[1]).toBeLessThan(Math.max(...ALL))
  })
})

describe('Keyword chart: the legend', () => {
  it('hides and shows a line with toggle buttons, and keeps one line shown', () => {
    render(<KeywordChart result={keywordResult()} />)
    expect(legendKey('trail shoes')).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(legendKey('trail shoes'))
    expect(legendKey('trail shoes')).toHaveAttribute('aria-pressed', 'false')
    expect(plot().opts.series.map((line) => line.show)).toEqual([undefined, true, false, true])

    // Hiding the total takes its scale away.
    fireEvent.click(legendKey('All keywords'))
    expect(plot().opts.axes!.find((axis) => axis.scale === 'total')!.show).toBe(false)

    // The last line shown stays: its button says it cannot be pressed, and pressing does nothing.
    const last = legendKey('running shoes')
    expect(last).toHaveAttribute('aria-disabled', 'true')
    fireEvent.click(last)
    expect(last).toHaveAttribute('aria-pressed', 'true')
    expect(plot().opts.series[1]!.show).toBe(true)

    fireEvent.click(legendKey('trail shoes'))
    expect(legendKey('trail shoes')).toHaveAttribute('aria-pressed', 'true')
    expect(legendKey('running shoes')).not.toHaveAttribute('aria-disabled')
  })
})

describe('Keyword chart: the table view', () => {
  it('shows the same numbers in a table, one row per day and one column per line', () => {
    render(<KeywordChart result={keywordResult()} />)
    fireEvent.click(screen.getByRole('radio', { name: 'Table' }))
    const table = screen.getByRole('table', { name: 'Posts per day' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'running shoes', 'trail shoes', 'All keywords'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(DAYS)
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['312', '254', '526'])
    expect(screen.queryByRole('application')).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Chart' }))
    expect(screen.getByRole('application')).toBeInTheDocument()
  })
})

describe('Keyword chart: the cursor', () => {
  it('moves with the arrow keys, Home and End, and the live region reads the point', () => {
    render(<KeywordChart result={keywordResult()} />)
    const chart = screen.getByRole('application', { name: 'Post volume, one point per day' })
    expect(chart).toHaveAttribute('tabindex', '0')
    expect(screen.getByTestId('chart-readout')).toHaveAttribute('aria-live', 'polite')
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(readout()).toBe('Mon 30 Nov: running shoes 312, trail shoes 254, All keywords 526')
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent(/^Mon 30 Novrunning shoes312/)
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(readout()).toBe('Tue 1 Dec: running shoes 298, trail shoes 261, All keywords 520')
    fireEvent.keyDown(chart, { key: 'End' })
    expect(readout()).toBe('Sun 6 Dec: running shoes 331, trail shoes 265, All keywords 554')
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(readout()).toMatch(/^Sun 6 Dec/)
    fireEvent.keyDown(chart, { key: 'Home' })
    expect(readout()).toMatch(/^Mon 30 Nov/)
  })

  it('reads only the lines shown, and keeps its point when a line is hidden', async () => {
    render(<KeywordChart result={keywordResult()} />)
    const chart = screen.getByRole('application')
    fireEvent.keyDown(chart, { key: 'End' })
    await act(async () => fireEvent.click(legendKey('trail shoes')))
    expect(screen.getByTestId('chart-tooltip')).not.toHaveTextContent('trail shoes')
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent(/^Sun 6 Dec/)
    fireEvent.keyDown(chart, { key: 'ArrowLeft' })
    expect(readout()).toBe('Sat 5 Dec: running shoes 276, All keywords 487')
  })

  it('shows the same cursor and tooltip under the pointer, without reading it out', () => {
    render(<KeywordChart result={keywordResult()} />)
    // uPlot places its cursor under the pointer and calls the setCursor hooks.
    act(() => plot().setCursor({ left: 20, top: 100 }))
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent(/^Wed 2 Decrunning shoes305trail shoes240/)
    expect(readout()).toBe('')
    // From there the keys carry on.
    fireEvent.keyDown(screen.getByRole('application'), { key: 'ArrowRight' })
    expect(readout()).toMatch(/^Thu 3 Dec/)
    act(() => plot().setCursor({ left: -10, top: -10 }))
    expect(screen.queryByTestId('chart-tooltip')).toBeNull()
  })
})
