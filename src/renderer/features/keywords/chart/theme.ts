import { useEffect, useState } from 'react'

/**
 * The chart's colours and type come from the design tokens. The legend and table use the CSS
 * variables themselves; the canvas needs concrete values, resolved here and again whenever the
 * palette changes (the OS scheme, or Settings pinning one through [data-theme]).
 */

const SERIES_TOKENS = [
  '--color-chart-1',
  '--color-chart-2',
  '--color-chart-3',
  '--color-chart-4',
  '--color-chart-5',
  '--color-chart-6',
] as const

/** The total of all keywords is drawn in the text colour, dashed; each keyword in a hue. */
export function seriesToken(index: number, isTotal: boolean): string {
  return isTotal ? '--color-text' : SERIES_TOKENS[index % SERIES_TOKENS.length]!
}

export interface CanvasTheme {
  series: (index: number, isTotal: boolean) => string
  text: string
  muted: string
  grid: string
  surface: string
  /** Canvas font for axis values and labels, e.g. "12px Inter, …". */
  font: string
}

/** Reads the tokens through a probe inside `host`, so a theme pinned on an ancestor applies. */
export function readCanvasTheme(host: HTMLElement): CanvasTheme {
  const probe = document.createElement('span')
  probe.setAttribute('aria-hidden', 'true')
  host.appendChild(probe)
  const resolve = (token: string) => {
    probe.style.color = `var(${token})`
    return getComputedStyle(probe).color
  }
  const hues = SERIES_TOKENS.map(resolve)
  const theme = {
    text: resolve('--color-text'),
    muted: resolve('--color-text-muted'),
    grid: resolve('--color-border'),
    surface: resolve('--color-surface-raised'),
  }
  probe.style.fontSize = 'var(--text-xs)'
  probe.style.fontFamily = 'var(--font-sans)'
  const style = getComputedStyle(probe)
  const size = /px$/.test(style.fontSize) ? style.fontSize : '12px'
  const font = `${size} ${style.fontFamily || 'sans-serif'}`
  probe.remove()
  return {
    ...theme,
    font,
    series: (index, isTotal) => (isTotal ? theme.text : (hues[index % hues.length] ?? theme.text)),
  }
}

let measuring: CanvasRenderingContext2D | null | undefined

/** The width of a line of text in a canvas font, CSS pixels (an estimate where there is no canvas). */
export function textWidth(text: string, font: string): number {
  if (measuring === undefined) measuring = document.createElement('canvas').getContext('2d')
  if (!measuring) return text.length * 7
  measuring.font = font
  return measuring.measureText(text).width
}

/** Changes whenever the palette may have changed: redraw then. */
export function useThemeVersion(): number {
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
