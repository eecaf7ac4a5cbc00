import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '../../src/renderer/app/routes'
import { checkAccessibility } from './axe'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

let env: E2eEnvironment

beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

describe('the app shell', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows every page with its one-line purpose in ${colorScheme} mode`, async () => {
      const app = await env.launch({ colorScheme })
      try {
        const { page } = app
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
        // The canvas colour differs between the two palettes: the OS setting really drives the theme.
        expect(background).toBe(colorScheme === 'dark' ? 'rgb(18, 18, 20)' : 'rgb(246, 245, 242)')
        for (const route of ROUTES) {
          await page.getByTestId(`nav-${route.id}`).click()
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(route.label)
          expect(await page.getByTestId('page-summary').textContent()).toBe(route.summary)
          await expect
            .poll(() => page.getByTestId(`nav-${route.id}`).getAttribute('aria-current'))
            .toBe('page')
          await page.mouse.move(1279, 819) // no stray hover highlight in the screenshot
          await page.screenshot({ path: screenshotPath(`shell-${route.id}-${colorScheme}`) })
        }
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    })
  }

  it('is fully usable from the keyboard', async () => {
    const app = await env.launch()
    try {
      const { page } = app
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content')
      // Tab through the navigation until the Outbox link has focus, then open it with Enter.
      let focused = ''
      for (let presses = 0; presses < 20 && focused !== 'Outbox'; presses += 1) {
        await page.keyboard.press('Tab')
        focused = (await page.evaluate(() => document.activeElement?.textContent ?? '')).trim()
      }
      expect(focused).toBe('Outbox')
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Outbox')
      // Focus moves to the page so the next Tab continues inside it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('keeps a pinned theme across a restart, through the real services', async () => {
    const first = await env.launch({ colorScheme: 'light' })
    await first.page.getByTestId('nav-settings').click()
    await first.page.getByRole('radio', { name: 'Dark' }).click()
    await expect.poll(() => first.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    // The whole palette changes in one frame: no control is left fading into it.
    expect(
      await first.page.evaluate(
        () => document.getAnimations().filter((each) => each instanceof CSSTransition).length,
      ),
    ).toBe(0)
    await first.page.screenshot({ path: screenshotPath('settings-theme-pinned-dark') })
    expect(first.consoleErrors).toEqual([])
    await first.close()

    const second = await env.launch({ colorScheme: 'light', dataDir: first.dataDir })
    try {
      await expect.poll(() => second.page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
      expect(await second.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(18, 18, 20)',
      )
      // Keyboard: arrow keys move within the radio group and Space chooses, as the ARIA pattern says.
      await second.page.getByTestId('nav-settings').click()
      await second.page.getByRole('radio', { name: 'Dark' }).focus()
      await second.page.keyboard.press('ArrowLeft')
      await expect.poll(() => second.page.evaluate(() => document.activeElement?.textContent)).toBe('Light')
      await second.page.keyboard.press('Space')
      await expect
        .poll(() => second.page.evaluate(() => document.documentElement.dataset.theme))
        .toBe('light')
      expect(second.consoleErrors).toEqual([])
    } finally {
      await second.close()
    }
  })

  it('copies diagnostics from Settings and says so', async () => {
    const clipboard: string[] = []
    const app = await env.launch({ config: { writeClipboard: (text) => void clipboard.push(text) } })
    try {
      const { page } = app
      await page.getByTestId('nav-settings').click()
      await page.getByRole('button', { name: 'Copy diagnostics' }).click()
      await expect
        .poll(() => page.getByTestId('diagnostics-status').textContent())
        .toMatch(/^Copied: version, system and \d+ log lines?\. Paste them/)
      expect(clipboard).toHaveLength(1)
      // Main's own lines from this run: its start, and the calls the page has made.
      expect(clipboard[0]).toMatch(/^Ads Studio e2e\nSystem: /)
      expect(clipboard[0]).toContain('"msg":"services starting"')
      await page.screenshot({ path: screenshotPath('settings-diagnostics-copied') })
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('has an accessibility gate that fails on a serious finding', async () => {
    const app = await env.launch()
    try {
      // A page the gate must refuse: text at about 2.8:1, far under WCAG AA's 4.5:1.
      await app.page.setContent(
        '<html lang="en"><head><title>x</title></head><body><main><h1>Faint</h1><p style="color:#999;background:#fff">Too faint to read</p></main></body></html>',
      )
      await expect(
        checkAccessibility(app.page, 'gate self-test, made to fail', { record: false }),
      ).rejects.toThrow(/serious color-contrast/)
    } finally {
      await app.close()
    }
  })

  it('exposes window.studio with one method per channel and no generic invoke', async () => {
    const app = await env.launch()
    try {
      const shape = await app.page.evaluate(() => {
        const studio = window.studio as unknown as Record<string, Record<string, unknown>>
        return {
          namespaces: Object.keys(studio).sort(),
          methods: Object.entries(studio)
            .flatMap(([ns, group]) => Object.keys(group).map((m) => `${ns}.${m}`))
            .sort(),
          hasInvoke: 'invoke' in studio || '__adsStudioInvoke' in window,
          frozen: Object.isFrozen(studio),
        }
      })
      const { CHANNELS, PRELOAD_ONLY_CHANNELS } = await import('../../src/shared/ipc/channels')
      const preloadOnly: readonly string[] = PRELOAD_ONLY_CHANNELS
      expect(shape.methods).toEqual(CHANNELS.filter((channel) => !preloadOnly.includes(channel)).sort())
      expect(shape.hasInvoke).toBe(false)
      expect(shape.frozen).toBe(true)
      // A malformed payload from the page is refused by main's validation, not by the renderer.
      const refused = await app.page.evaluate(() =>
        (window.studio.settings.update as (r: unknown) => Promise<unknown>)({ theme: 'purple' }),
      )
      expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'theme' } })
    } finally {
      await app.close()
    }
  })
})
