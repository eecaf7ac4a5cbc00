/**
 * The catalog's product table with 10,000 products, scrolled by real input: wheel events sent
 * through the DevTools protocol (Input.dispatchMouseEvent, as a mouse over the table would send
 * them), while a requestAnimationFrame loop in the page records when each frame began. The same
 * loop runs first with nothing happening, so the figures can be read against the browser's own
 * pacing (headless Chromium without a GPU begins a frame every 16.7 ms, so the best interval is
 * one 60 Hz frame, not less). It also counts, while scrolling, the rows mounted and any menu
 * mounted inside the table: virtualized means only the rows on screen (plus the overscan).
 */
import type { Page } from 'playwright-core'
import { rendererCpuClock } from './rendererProfile'
import { maxRowsMounted, ROW_HEIGHT } from '../src/renderer/features/catalog/tableWindow'

const FRAME_MS = 1000 / 60
const IDLE_MS = 2_000
const SCROLL_MS = 5_000
/** A wheel notch every frame at 100 px: about 6,000 px (136 rows) a second, a fast flick. */
const WHEEL_DELTA = 100
const WHEEL_EVERY_MS = FRAME_MS

export interface ScrollFigures {
  /** CPU time (ms) per frame produced while scrolling: the renderer's main thread, the whole renderer. */
  mainThreadCpuPerFrame: number
  rendererCpuPerFrame: number
  /** Frame intervals (ms) while scrolling and while idle. */
  scrolling: number[]
  idle: number[]
  /** Frames the 60 Hz clock began that the page did not produce, as a share of all (0-1). */
  droppedShare: number
  idleDroppedShare: number
  /** Largest number of rows mounted in the table at a sampled frame, and what fits on screen. */
  maxRowsMounted: number
  rowsVisible: number
  /** The table's own bound: the rows on screen and the overscan, in whole blocks. */
  rowsAllowed: number
  /** Menus (or menu triggers) mounted inside the table at any sampled frame. */
  maxMenusMounted: number
  /** Share of sampled frames (0-1) with a placeholder row mounted (its page not loaded yet). */
  placeholderShare: number
  scrolledPx: number
}

/** Installed in the page as text: a frame clock and a DOM census every few frames. */
const RECORDER = `(() => {
  const table = document.querySelector('[data-testid="product-table"]')
  const scroller = table.querySelector('.product-table__scroll')
  const state = { times: [], rows: 0, menus: 0, placeholders: 0, sampled: 0, running: true }
  let frame = 0
  const tick = (time) => {
    if (!state.running) return
    state.times.push(time)
    // querySelectorAll reads no layout, so the census does not change what it measures.
    if (frame++ % 5 === 0) {
      state.sampled += 1
      state.rows = Math.max(state.rows, scroller.querySelectorAll('[role="row"]').length)
      state.menus = Math.max(
        state.menus,
        scroller.querySelectorAll('[role="menu"], [role="menuitem"], [aria-haspopup]').length,
      )
      if (scroller.querySelector('.product-row__placeholder')) state.placeholders += 1
    }
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
  window.__scrollRecorder = state
})()`

interface Recorded {
  times: number[]
  rows: number
  menus: number
  placeholders: number
  sampled: number
}

async function record(page: Page, during: () => Promise<void>): Promise<Recorded> {
  await page.evaluate(RECORDER)
  await during()
  return (await page.evaluate(
    '(() => { const s = window.__scrollRecorder; s.running = false; return s })()',
  )) as Recorded
}

function intervals(times: readonly number[]): number[] {
  return times.slice(1).map((time, index) => time - times[index]!)
}

/** Frames the 60 Hz clock began but the page skipped: an interval of n frames skipped n - 1. */
function droppedShare(frames: readonly number[]): number {
  const dropped = frames.reduce((sum, interval) => sum + Math.max(0, Math.round(interval / FRAME_MS) - 1), 0)
  return frames.length === 0 ? Number.NaN : dropped / (frames.length + dropped)
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

/** Scrolls the catalog's product table (already showing its products) and measures frames. */
export async function benchProductScroll(page: Page): Promise<ScrollFigures> {
  const scroller = page.locator('[data-testid="product-table"] .product-table__scroll')
  // The whole table in view, as a person would bring it before scrolling through it.
  await scroller.evaluate((element) => element.scrollIntoView({ block: 'end' }))
  const box = await scroller.boundingBox()
  if (!box) throw new Error('the product table is not on screen')
  const rowsVisible = Math.ceil(box.height / ROW_HEIGHT)
  const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) }
  const hit = await page.evaluate(
    `Boolean(document.elementFromPoint(${at.x}, ${at.y})?.closest('[data-testid="product-table"] .product-table__scroll'))`,
  )
  if (!hit) throw new Error(`the point ${at.x},${at.y} is not over the product table`)
  const session = await page.context().newCDPSession(page)
  await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...at })

  // The renderer's CPU time over the scroll: what the frames cost the page itself, apart from
  // the time it waited for a core on a busy machine.
  const clock = await rendererCpuClock(page)
  const idle = await record(page, () => sleep(IDLE_MS))
  const cpuBefore = await clock.read()
  const scrolled = await record(page, async () => {
    // A wheel keeps turning whether or not the page keeps up, so the events go out on their
    // own clock; waiting for each one's acknowledgement would let a slow page slow the input.
    const sent: Promise<unknown>[] = []
    const end = Date.now() + SCROLL_MS
    let next = Date.now()
    while (Date.now() < end) {
      sent.push(
        session.send('Input.dispatchMouseEvent', {
          type: 'mouseWheel',
          ...at,
          deltaX: 0,
          deltaY: WHEEL_DELTA,
        }),
      )
      next += WHEEL_EVERY_MS
      const rest = next - Date.now()
      if (rest > 0) await sleep(rest)
    }
    await Promise.all(sent)
    // The last wheel's frames, so a late frame after the input still counts.
    await sleep(200)
  })
  const cpuAfter = await clock.read()
  await clock.detach()
  await session.detach()
  const scrolledPx = (await scroller.evaluate((element) => element.scrollTop)) as number
  if (scrolledPx < 10_000) throw new Error(`the table scrolled only ${scrolledPx} px`)
  const scrolling = intervals(scrolled.times)
  const idleFrames = intervals(idle.times)
  const frames = scrolling.length + 1
  return {
    mainThreadCpuPerFrame: (cpuAfter.thread - cpuBefore.thread) / frames,
    rendererCpuPerFrame: (cpuAfter.process - cpuBefore.process) / frames,
    scrolling,
    idle: idleFrames,
    droppedShare: droppedShare(scrolling),
    idleDroppedShare: droppedShare(idleFrames),
    maxRowsMounted: scrolled.rows,
    rowsVisible,
    rowsAllowed: maxRowsMounted(box.height),
    maxMenusMounted: scrolled.menus,
    placeholderShare: scrolled.placeholders / Math.max(1, scrolled.sampled),
    scrolledPx,
  }
}
