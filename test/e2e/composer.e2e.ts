import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshotPath, startE2e, type E2eEnvironment } from './harness'

let env: E2eEnvironment

beforeAll(async () => {
  env = await startE2e()
})
afterAll(async () => {
  await env?.dispose()
})

/** Opens an editor page, starts a new draft from its list and waits for the editor. */
async function newDraft(page: Page, route: string, buttonName: string): Promise<string> {
  await page.goto(page.url().replace(/#.*$/, `#/${route}`))
  await page.getByRole('button', { name: buttonName }).click()
  await page.waitForURL(new RegExp(`#/${route}/[0-9a-f-]{36}$`))
  await page.getByTestId('save-status').waitFor()
  return page.url().split('/').at(-1)!
}

/** The app scrolls inside <main>, so a full-page shot needs a window as tall as the editor. */
async function screenshotEditor(page: Page, name: string) {
  await page.mouse.move(0, 0)
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const height = await page.evaluate(() => document.querySelector('.app-main')?.scrollHeight ?? 1000)
  await page.setViewportSize({ width: 1440, height: Math.max(900, Math.ceil(height)) })
  await page.screenshot({ path: screenshotPath(name) })
  await page.setViewportSize({ width: 1440, height: 1000 })
}

async function cssColor(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span')
    probe.style.color = `var(${name})`
    document.body.append(probe)
    const color = getComputedStyle(probe).color
    probe.remove()
    return color
  }, variable)
}

async function counter(page: Page) {
  const ring = page.getByTestId('post-counter')
  return {
    state: await ring.getAttribute('data-state'),
    number: await page.getByTestId('post-counter-number').textContent(),
    color: await page.getByTestId('post-counter-number').evaluate((node) => getComputedStyle(node).color),
  }
}

describe('the post composer', () => {
  it('counts weighted length live and highlights exactly the text past the limit', async () => {
    const app = await env.launch({ colorScheme: 'light' })
    try {
      const { page } = app
      const draftId = await newDraft(page, 'composer', 'New post')
      await page.getByTestId('post-limit-280').click()
      const text = page.getByTestId('post-text')
      await text.click()

      // Weighted: "Launch day " 11 + 🚀 2 + " details: " 10 + a URL 23 (whatever its length) + " " 1 = 47.
      const opening = 'Launch day 🚀 details: https://example.com/spring/launch-event?ref=ads '
      await page.keyboard.type(opening)
      await expect.poll(() => counter(page).then((c) => c.number)).toBe(String(280 - 47))
      expect((await counter(page)).state).toBe('ok')
      expect(await page.getByTestId('post-overflow').count()).toBe(0)

      // Up to the limit exactly: 233 more plain characters, the last ones typed key by key.
      await page.keyboard.insertText('x'.repeat(223))
      await page.keyboard.type('y'.repeat(10))
      await expect.poll(() => counter(page).then((c) => c.number)).toBe('0')
      const atLimit = await counter(page)
      expect(atLimit.state).toBe('near')
      expect(atLimit.color).toBe(await cssColor(page, '--color-warning'))
      expect(await page.getByTestId('post-overflow').count()).toBe(0)

      // Past it: " past it " 9 + 🎉 2 = 11 over.
      const past = ' past it 🎉'
      await page.keyboard.type(past)
      await expect.poll(() => counter(page).then((c) => c.number)).toBe('-11')
      const over = await counter(page)
      expect(over.state).toBe('over')
      expect(over.color).toBe(await cssColor(page, '--color-danger'))
      expect(await page.getByTestId('post-overflow').textContent()).toBe(past)
      // The preview marks the same characters.
      expect(await page.getByTestId('post-preview').locator('mark').textContent()).toBe(past)
      // The highlight sits under the last line of the textarea's text, not somewhere else.
      const mark = await page.getByTestId('post-overflow').boundingBox()
      const area = await text.boundingBox()
      expect(mark && area && mark.y >= area.y && mark.y + mark.height <= area.y + area.height).toBe(true)

      // Deleting back under the limit clears the highlight.
      for (let i = 0; i < [...past].length; i += 1) await page.keyboard.press('Backspace')
      await expect.poll(() => counter(page).then((c) => c.number)).toBe('0')
      expect(await page.getByTestId('post-overflow').count()).toBe(0)

      // Everything typed is saved in the draft.
      await page.keyboard.type(past)
      await expect
        .poll(() =>
          page.evaluate(async (id) => {
            const result = await window.studio.drafts.get({ id })
            return result.ok ? (result.value.content as { text: string }).text : null
          }, draftId),
        )
        .toBe(`${opening}${'x'.repeat(223)}${'y'.repeat(10)}${past}`)
      await expect.poll(() => page.getByTestId('save-status').getAttribute('data-save-state')).toBe('saved')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows the three editors, filled in, in ${colorScheme} mode`, async () => {
      const app = await env.launch({ colorScheme })
      try {
        const { page } = app
        await page.setViewportSize({ width: 1440, height: 1000 })

        await newDraft(page, 'polls', 'New poll')
        await page.getByLabel('Card name').fill('Spring launch poll')
        await page.getByTestId('poll-choice-1').fill('Trail runners')
        await page.getByTestId('poll-choice-2').fill('Road shoes')
        await page.getByRole('button', { name: 'Add choice' }).click()
        await page.getByTestId('poll-choice-3').fill('Both, obviously')
        await page.getByRole('spinbutton').nth(0).fill('2')
        await expect.poll(() => page.getByTestId('poll-preview').textContent()).toContain('2 days left')
        await screenshotEditor(page, `composer-poll-editor-${colorScheme}`)

        await newDraft(page, 'video-conversations', 'New video conversation card')
        await page.getByLabel('Card name').fill('Trailer conversation')
        await page.getByTestId('vc-title').fill('Which one first?')
        await page.getByTestId('vc-hashtag-1').fill('#TeamTrail')
        await page.getByTestId('vc-post-1').fill('I am #TeamTrail all the way')
        await page.getByRole('button', { name: 'Add option' }).click()
        await page.getByTestId('vc-hashtag-2').fill('TeamRoad')
        await page.getByTestId('vc-post-2').fill('Road it is: #TeamRoad')
        await page.getByLabel('Thank-you text').fill('Thanks for voting!')
        await page.getByLabel('Thank-you URL (optional)').fill('https://example.com/thanks')
        await expect
          .poll(() => page.getByTestId('video-conversation-preview').textContent())
          .toContain('#TeamRoad')
        await screenshotEditor(page, `composer-video-conversation-editor-${colorScheme}`)

        await newDraft(page, 'composer', 'New post')
        await page
          .getByTestId('post-text')
          .fill(
            `Spring is here. Our trail collection lands today, with free returns for 30 days. See it first: https://example.com/spring ${'and more words '.repeat(16)}`,
          )
        await page.getByTestId('post-advertiser').fill('1234567890')
        await page.getByLabel('Post name (optional)').fill('Spring launch post')
        // A new account is on the standard tier (4,000); the ring says how much room is left.
        await expect
          .poll(() => page.getByTestId('post-counter').getAttribute('aria-label'))
          .toMatch(/characters left of 4,000$/)
        await screenshotEditor(page, `composer-post-editor-${colorScheme}`)
        expect(app.consoleErrors).toEqual([])
      } finally {
        await app.close()
      }
    })
  }
})
