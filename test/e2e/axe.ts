import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/**
 * The accessibility gate: axe-core, injected into the page with Playwright, checks every screen
 * the E2E suite screenshots, once in the light palette and once in the dark one. Any serious or
 * critical finding fails the test that took the screenshot; the running totals are printed.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const BLOCKING = new Set(['serious', 'critical'])
export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  targets: string[]
  html: string
  summary: string
}

export interface AxeTally {
  screens: number
  checks: number
  serious: number
  critical: number
  moderate: number
  minor: number
}

export const emptyTally = (): AxeTally => ({
  screens: 0,
  checks: 0,
  serious: 0,
  critical: 0,
  moderate: 0,
  minor: 0,
})

/** One tally per test process (the E2E files run one after the other, each in its own module scope). */
export const axeTally: AxeTally = emptyTally()

interface RawResult {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; html: string; failureSummary?: string }[]
}

/** What one axe run covers: the whole page or the elements `include` selects; all rules or `rules`. */
interface AxeScope {
  include?: string
  rules?: readonly string[]
}

/**
 * With a popup open, the rules about the page around it: it is hidden while the popup is open,
 * and must not then hold anything focusable. The rest of the page is as it was closed, which the
 * gate has just checked, so only the popup itself gets every rule, in each palette.
 */
const AROUND_A_POPUP = ['aria-hidden-focus', 'aria-hidden-body'] as const

async function runAxe(page: Page, scope: AxeScope = {}): Promise<RawResult[]> {
  // page.evaluate runs through the DevTools protocol, so the renderer's CSP (no inline script,
  // no eval) stays as it is; the CSP is never relaxed for the gate.
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async ({ include, rules }) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: RawResult[] }> }
      }
    ).axe
    const result = await axe.run(include ? { include: [include] } : document, {
      resultTypes: ['violations'],
      runOnly: rules
        ? { type: 'rule', values: rules }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }))
  }, scope)
}

/**
 * Runs axe with the page pinned to `theme`: the app's palette follows `data-theme` on <html>
 * (tokens.css), so pinning it there checks the other palette without reloading. Transitions are
 * switched off so colours are measured at rest. The page's own theme is restored afterwards.
 */
async function runAxeInTheme(page: Page, theme: Theme, scopes: readonly AxeScope[]): Promise<AxeFinding[]> {
  const previous = await page.evaluate((pinned) => {
    const root = document.documentElement
    const before = root.getAttribute('data-theme')
    root.setAttribute('data-theme', pinned)
    let style = document.getElementById('__axe-still')
    if (!style) {
      style = document.createElement('style')
      style.id = '__axe-still'
      style.textContent =
        '*, *::before, *::after { transition: none !important; animation: none !important; }'
      document.head.append(style)
    }
    return before
  }, theme)
  try {
    const violations: RawResult[] = []
    for (const scope of scopes) violations.push(...(await runAxe(page, scope)))
    return violations.flatMap((v) =>
      v.nodes.map((node) => ({
        rule: v.id,
        impact: v.impact ?? 'minor',
        help: v.help,
        targets: node.target.map(String),
        html: node.html.slice(0, 200),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    )
  } finally {
    await page.evaluate((before) => {
      const root = document.documentElement
      if (before === null) root.removeAttribute('data-theme')
      else root.setAttribute('data-theme', before)
      document.getElementById('__axe-still')?.remove()
    }, previous)
  }
}

/** Checks the current screen in both palettes; throws with every serious or critical finding. */
export async function checkAccessibility(
  page: Page,
  screen: string,
  {
    record = true,
    tally = axeTally,
    popup,
  }: {
    /** The gate's own self-test checks a page made to fail; it stays out of the suite's totals. */
    record?: boolean
    /** Where the counts go (the screens with a menu or select open keep their own). */
    tally?: AxeTally
    /** An open popup (a selector): it gets every rule, the page around it AROUND_A_POPUP. */
    popup?: string
  } = {},
): Promise<void> {
  const blocking: string[] = []
  const counts = { serious: 0, critical: 0, moderate: 0, minor: 0 }
  for (const theme of THEMES) {
    const scopes: AxeScope[] = !popup
      ? [{}]
      : theme === THEMES[0]
        ? [{ include: popup }, { rules: AROUND_A_POPUP }]
        : [{ include: popup }]
    const findings = await runAxeInTheme(page, theme, scopes)
    if (record) tally.checks += 1
    for (const finding of findings) {
      const impact = finding.impact as keyof typeof counts
      if (impact in counts) counts[impact] += 1
      if (BLOCKING.has(finding.impact)) {
        blocking.push(
          `  [${theme}] ${finding.impact} ${finding.rule}: ${finding.help}\n    at ${finding.targets.join(' ')}: ${finding.html}\n    ${finding.summary}`,
        )
      }
    }
  }
  if (record) {
    tally.screens += 1
    tally.serious += counts.serious
    tally.critical += counts.critical
    tally.moderate += counts.moderate
    tally.minor += counts.minor
  }
  console.log(
    `axe ${screen} (light + dark): ${counts.critical} critical, ${counts.serious} serious, ` +
      `${counts.moderate} moderate, ${counts.minor} minor`,
  )
  if (blocking.length > 0) {
    // While fixing findings, AXE_REPORT_ONLY=1 lists them all in one run instead of stopping at the first screen.
    if (process.env.AXE_REPORT_ONLY) return void console.log(blocking.join('\n'))
    throw new Error(
      `axe found ${blocking.length} serious or critical issue(s) on "${screen}":\n${blocking.join('\n')}`,
    )
  }
}

export function tallySummary(title: string, t: AxeTally): string {
  return (
    `${title}: ${t.screens} screens, ${t.checks} checks (light and dark): ` +
    `${t.critical} critical, ${t.serious} serious, ${t.moderate} moderate, ${t.minor} minor`
  )
}

export const axeSummary = (): string => tallySummary('axe gate', axeTally)
