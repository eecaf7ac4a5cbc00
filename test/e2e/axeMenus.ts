import type { ElementHandle, Page } from 'playwright-core'
import { checkAccessibility, emptyTally, tallySummary } from './axe'

/**
 * The accessibility gate with each menu, select, combobox and popover open. At a screen the
 * suite screenshots, every trigger of one is opened from the keyboard, the screen is checked in
 * both palettes (axe.ts: the popup with every rule, the page around it for what hiding it may
 * break), the popup is closed with Escape, and focus must be back on the trigger.
 * Focus and scroll positions are then put back, so the test goes on from the state it shot.
 *
 * Each kind of trigger is opened once per test file, told apart by its class: the findings are
 * the primitive's (its list, its hiding of the page, its focus), so a table's row menus, a
 * form's eight selects or the account switcher on every page cost one check each, and the added
 * time stays small.
 */

const MARK = 'data-axe-trigger'
const POPUP_MARK = 'data-axe-popup'

/** The triggers, by the ARIA the primitives give them, and the key that opens each. */
const KINDS = [
  { kind: 'select', selector: 'button[role="combobox"]', key: 'ArrowDown' },
  { kind: 'combobox', selector: 'input[role="combobox"]', key: 'ArrowDown' },
  { kind: 'menu', selector: '[aria-haspopup="menu"], [aria-haspopup="true"]', key: 'ArrowDown' },
  { kind: 'listbox', selector: '[aria-haspopup="listbox"]', key: 'ArrowDown' },
  { kind: 'popover', selector: '[aria-haspopup="dialog"]', key: 'Enter' },
] as const

type Kind = (typeof KINDS)[number]['kind']

interface Trigger {
  mark: string
  kind: Kind
  key: string
  /** What the trigger is called on screen, for messages. */
  label: string
  /** Which kind of trigger this is, for opening each kind once. */
  identity: string
}

/** One tally per test process, as axe.ts keeps for the screens themselves. */
export const openTally = { ...emptyTally(), triggers: 0, skipped: 0, seconds: 0 }
const checked = new Set<string>()

const WAIT = { timeout: 2_000 }

/** The visible, enabled, closed triggers on the page, outside anything hidden or inert. */
async function findTriggers(page: Page): Promise<Trigger[]> {
  return page.evaluate(
    ({ kinds, mark }) => {
      for (const old of document.querySelectorAll(`[${mark}]`)) old.removeAttribute(mark)
      const squeeze = (text: string | null | undefined) =>
        (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)
      // What names the trigger on screen, for messages: its label, else its words.
      const shownLabel = (element: Element): string => {
        const labelledBy = element.getAttribute('aria-labelledby')?.split(/\s+/)[0]
        const byId = labelledBy ? document.getElementById(labelledBy)?.textContent : null
        const byLabel = element instanceof HTMLInputElement ? element.labels?.[0]?.textContent : null
        return squeeze(byId || byLabel || element.textContent)
      }
      const found: Trigger[] = []
      for (const { kind, selector, key } of kinds) {
        for (const element of document.querySelectorAll(selector)) {
          if (element.hasAttribute(mark)) continue
          if (element.closest('[aria-hidden="true"], [inert]')) continue
          if (element.matches(':disabled, [aria-disabled="true"], [aria-expanded="true"]')) continue
          if (!element.checkVisibility({ visibilityProperty: true })) continue
          const id = String(found.length)
          element.setAttribute(mark, id)
          found.push({
            mark: id,
            kind,
            key,
            label: shownLabel(element) || squeeze(element.getAttribute('aria-label')),
            identity: `${kind}|${element.className}`,
          })
        }
      }
      return found
    },
    { kinds: KINDS, mark: MARK },
  )
}

/** Every box that can scroll and where it stands, to put back once the popups have been. */
async function scrollPositions(page: Page) {
  return page.evaluateHandle(() =>
    [...document.querySelectorAll('*')]
      .filter(
        (element) => element.scrollHeight > element.clientHeight || element.scrollWidth > element.clientWidth,
      )
      .map((element) => ({ element, top: element.scrollTop, left: element.scrollLeft })),
  )
}

async function openCheckClose(page: Page, trigger: Trigger, screen: string, record: boolean): Promise<void> {
  const handle = (await page.$(`[${MARK}="${trigger.mark}"]`)) as ElementHandle<HTMLElement> | null
  if (!handle) return
  const name = `${screen}, ${trigger.kind} "${trigger.label}" open`
  await handle.focus()
  await page.keyboard.press(trigger.key)
  await page
    .waitForFunction((element) => element.getAttribute('aria-expanded') === 'true', handle, WAIT)
    .catch(() => {
      throw new Error(`${name}: ${trigger.key} on the focused trigger did not open it`)
    })
  // Open is settled once focus has moved into the popup (a combobox keeps it in its field) and
  // the popup has been laid out and painted.
  if (trigger.kind !== 'combobox') {
    await page
      .waitForFunction((element) => document.activeElement !== element, handle, WAIT)
      .catch(() => undefined)
  }
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  // The popup is what the trigger controls; without that link the whole page gets every rule.
  const popup = await handle.evaluate((element, mark) => {
    const id = element.getAttribute('aria-controls')
    const controlled = id ? document.getElementById(id) : null
    controlled?.setAttribute(mark, '')
    return controlled ? `[${mark}]` : undefined
  }, POPUP_MARK)
  try {
    await checkAccessibility(page, name, { tally: openTally, record, ...(popup ? { popup } : {}) })
  } finally {
    await page.evaluate((mark) => document.querySelector(`[${mark}]`)?.removeAttribute(mark), POPUP_MARK)
    await page.keyboard.press('Escape')
  }
  await page
    .waitForFunction(
      (element) => element.getAttribute('aria-expanded') !== 'true' && document.activeElement === element,
      handle,
      WAIT,
    )
    .catch(async () => {
      const focused = await page.evaluate(() => {
        const active = document.activeElement
        return !active || active === document.body
          ? 'the page body'
          : `${active.tagName.toLowerCase()} "${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}"`
      })
      throw new Error(`${name}: after Escape, focus is on ${focused}, not back on the trigger`)
    })
}

/**
 * Opens, checks and closes each trigger on the screen not checked yet in this file. Skipped
 * while a text field has focus: leaving it would commit or validate what is typed (fields
 * validate on blur), and the test would go on from a state it did not make.
 */
export async function checkOpenPopups(
  page: Page,
  screen: string,
  /** The gate's self-test opens popups made to fail; they stay out of the suite's totals. */
  { record = true }: { record?: boolean } = {},
): Promise<void> {
  const typing = await page.evaluate(() => {
    const active = document.activeElement
    return (
      !!active &&
      active.matches(
        'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="file"]), ' +
          'textarea, [contenteditable]:not([contenteditable="false"])',
      )
    )
  })
  if (typing) {
    if (record) openTally.skipped += 1
    return
  }
  const seen = record ? checked : new Set<string>()
  const triggers = (await findTriggers(page)).filter((trigger) => {
    if (seen.has(trigger.identity)) return false
    seen.add(trigger.identity)
    return true
  })
  if (triggers.length === 0) return
  const started = performance.now()
  const focused = await page.evaluateHandle(() => document.activeElement)
  const scrolled = await scrollPositions(page)
  try {
    for (const trigger of triggers) {
      if (record) openTally.triggers += 1
      await openCheckClose(page, trigger, screen, record)
    }
  } finally {
    await page.evaluate(
      ([before, positions, mark]) => {
        for (const old of document.querySelectorAll(`[${mark}]`)) old.removeAttribute(mark)
        for (const { element, top, left } of positions) element.scrollTo({ top, left, behavior: 'instant' })
        if (before instanceof HTMLElement && before !== document.body && before.isConnected)
          before.focus({ preventScroll: true })
        else if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
      },
      [focused, scrolled, MARK] as const,
    )
    if (record) openTally.seconds += (performance.now() - started) / 1000
  }
}

export function openSummary(): string {
  return (
    `${tallySummary('axe gate, menus and selects open', openTally)} ` +
    `(${openTally.triggers} triggers in ${openTally.seconds.toFixed(1)} s; ` +
    `${openTally.skipped} screens skipped with a text field focused)`
  )
}
