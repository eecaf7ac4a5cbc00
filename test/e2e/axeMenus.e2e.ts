import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkOpenPopups } from './axeMenus'
import { startE2e, type E2eEnvironment } from './harness'

let env: E2eEnvironment

beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

/**
 * A page with one menu button, wired as a modal menu is: opened with ArrowDown, it hides what is
 * behind it (aria-hidden, and inert when `inert`), closed with Escape it gives focus back to the
 * button unless `dropsFocus`.
 */
async function menuPage(page: Page, { inert, dropsFocus }: { inert: boolean; dropsFocus: boolean }) {
  await page.setContent(`<html lang="en"><head><title>Menus</title></head><body>
    <main id="behind"><h1>Menus</h1>
      <button id="first">First</button>
      <button id="trigger" aria-haspopup="menu" aria-expanded="false" aria-controls="menu">Actions</button>
    </main>
    <div id="menu" role="menu" aria-label="Actions" hidden>
      <div role="menuitem" tabindex="-1">Duplicate</div>
    </div>
  </body></html>`)
  await page.evaluate(
    ({ inert, dropsFocus }) => {
      const trigger = document.getElementById('trigger')!
      const menu = document.getElementById('menu')!
      const behind = document.getElementById('behind')!
      trigger.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowDown') return
        menu.hidden = false
        trigger.setAttribute('aria-expanded', 'true')
        behind.setAttribute('aria-hidden', 'true')
        behind.inert = inert
        menu.querySelector<HTMLElement>('[role="menuitem"]')!.focus()
      })
      menu.addEventListener('keydown', (event) => {
        if (event.key !== 'Escape') return
        menu.hidden = true
        trigger.setAttribute('aria-expanded', 'false')
        behind.removeAttribute('aria-hidden')
        behind.inert = false
        if (dropsFocus) (document.activeElement as HTMLElement).blur()
        else trigger.focus()
      })
      document.getElementById('first')!.focus()
    },
    { inert, dropsFocus },
  )
}

describe('the accessibility gate with menus open', () => {
  it('opens each menu from the keyboard and fails on what is hidden yet focusable behind it', async () => {
    const app = await env.launch()
    try {
      await menuPage(app.page, { inert: false, dropsFocus: false })
      await expect(checkOpenPopups(app.page, 'menu self-test', { record: false })).rejects.toThrow(
        /menu "Actions" open[\s\S]*serious aria-hidden-focus/,
      )
    } finally {
      await app.close()
    }
  })

  it('fails when Escape does not give focus back to the trigger', async () => {
    const app = await env.launch()
    try {
      await menuPage(app.page, { inert: true, dropsFocus: true })
      await expect(checkOpenPopups(app.page, 'menu self-test', { record: false })).rejects.toThrow(
        /after Escape, focus is on the page body, not back on the trigger/,
      )
    } finally {
      await app.close()
    }
  })

  it('passes a menu that hides the page inert and gives focus back, and leaves focus as it was', async () => {
    const app = await env.launch()
    try {
      await menuPage(app.page, { inert: true, dropsFocus: false })
      await checkOpenPopups(app.page, 'menu self-test', { record: false })
      expect(await app.page.evaluate(() => document.activeElement?.id)).toBe('first')
      expect(await app.page.locator('#trigger').getAttribute('aria-expanded')).toBe('false')
    } finally {
      await app.close()
    }
  })
})
