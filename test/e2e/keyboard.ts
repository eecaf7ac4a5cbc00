import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { focusedElement } from './suite'

/** Bounds each wait on a loaded machine; nothing asserts speed. */
const WAIT = { timeout: 30_000 }
/** More Tab presses than any screen of the app has controls between two stops of a journey. */
const MAX_TABS = 60

/**
 * Lets what a key started finish before focus is read: React's commit, then Radix's focus moves,
 * which happen in the frame after (FocusScope, onCloseAutoFocus) or in a task after that.
 */
function settle(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  )
}

/** Whether `target` (or a control inside it) has keyboard focus. */
const hasFocus = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))

/**
 * A keyboard-only journey through the app (issue 41 item 7): every step is a key (Tab,
 * Shift+Tab, Enter, Space, arrows, typing), and after each one focus must be on a control,
 * never on the page body. A failure names the step that lost focus.
 */
export function keyboardJourney(page: Page) {
  /** Fails, naming `step`, when focus is on <body> (or nowhere) once the app has settled. */
  async function expectFocus(step: string): Promise<void> {
    await settle(page)
    const where = await focusedElement(page)
    expect(where, `focus fell to the page body after: ${step}`).not.toBe('BODY')
  }

  return {
    expectFocus,

    /** One key (or chord), then the focus check. */
    async press(key: string, step: string): Promise<void> {
      await page.keyboard.press(key)
      await expectFocus(step)
    },

    /** Types into the focused control, key by key, then checks focus stayed on a control. */
    async type(text: string, step: string): Promise<void> {
      await page.keyboard.type(text)
      await expectFocus(step)
    },

    /**
     * Tab (or Shift+Tab, when `target` comes before the focused control in the page) until
     * `target` has focus; focus is checked after every press.
     */
    async tabTo(target: Locator, step: string): Promise<void> {
      await target.waitFor(WAIT)
      const before = await target.evaluate((element) => {
        const active = document.activeElement
        if (!active || active === document.body) return false
        return Boolean(element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)
      })
      const key = before ? 'Shift+Tab' : 'Tab'
      for (let presses = 0; presses < MAX_TABS; presses++) {
        if (await hasFocus(target)) return
        await page.keyboard.press(key)
        await expectFocus(`${step} (${key} ${presses + 1})`)
      }
      throw new Error(`${step}: ${MAX_TABS} × ${key} never reached the control (${String(target)})`)
    },

    /** Waits for the app to get somewhere by itself (an answer from main), then checks focus. */
    async waitFor(reached: () => Promise<unknown>, step: string): Promise<void> {
      await reached()
      await expectFocus(step)
    },
  }
}

export type KeyboardJourney = ReturnType<typeof keyboardJourney>

export { WAIT }
