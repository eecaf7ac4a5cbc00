/**
 * Key → painted frame, in Chromium, through the built app: the bare-textarea floor, the composer
 * with a 25,000-character post and the card builder with six slides. Each case types real key
 * events at a fast typist's pace and times each one with bench/probe.js (see typeAndTime).
 */
import type { Page } from 'playwright-core'
import { LIMITS } from '../src/shared/rules/limits'
import { ok, typeAndTime, type BenchApp, type BenchBrowser } from './browser'
import { realisticPostText } from './postText'

export const WARMUP_KEYS = 30
export const SAMPLE_KEYS = 240

/** A character, then Backspace, and so on: the text keeps its length and changes every key. */
export function alternatingKeys(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index % 2 === 0 ? 'x' : 'Backspace'))
}

async function timeTyping(page: Page): Promise<number[]> {
  await typeAndTime(page, alternatingKeys(WARMUP_KEYS))
  return typeAndTime(page, alternatingKeys(SAMPLE_KEYS))
}

/** The floor: a bare <textarea> in a page of its own, same browser, same probe, same run. */
export async function benchFloor(bench: Pick<BenchBrowser, 'browser'>): Promise<number[]> {
  const context = await bench.browser.newContext({ viewport: { width: 1280, height: 820 } })
  try {
    const page = await context.newPage()
    await page.setContent('<!doctype html><textarea rows="10" cols="60">Spring sale</textarea>')
    await page.locator('textarea').focus()
    await page.keyboard.press('End')
    return await timeTyping(page)
  } finally {
    await context.close()
  }
}

export async function benchComposer(app: BenchApp): Promise<number[]> {
  const { page } = app
  const limit = LIMITS.postLength.longForm.value
  // The tier belongs to the posting user (postLengthKey); with no profile connected the composer reads this key.
  await ok(page, `window.studio.settings.update({ postLengthLimits: { 'no-profile/no-user': ${limit} } })`)
  const draft = await ok<{ id: string; content: Record<string, unknown> }>(
    page,
    `window.studio.drafts.create({ kind: 'post', name: 'Long-form bench' })`,
  )
  const content = { ...draft.content, text: realisticPostText(limit - 1) }
  await ok(page, `window.studio.drafts.update(${JSON.stringify({ id: draft.id, content })})`)
  await page.goto(page.url().replace(/#.*$/, `#/composer/${draft.id}`))
  // The renderer reads settings once at start: reload so the composer checks the long-form tier.
  await page.reload()
  const area = page.getByTestId('post-text')
  await area.waitFor()
  const counter = page.getByTestId('post-counter-number')
  await counter.waitFor()
  // The row measures a long-form post within its limit (no overflow highlight), as the issue asks.
  const remaining = (await counter.textContent())?.trim() ?? ''
  if (!/^\d/.test(remaining))
    throw new Error(
      `the composer bench post should be within the long-form limit; the counter says ${remaining}`,
    )
  await area.focus()
  await page.keyboard.press('Control+End')
  return timeTyping(page)
}

/**
 * The same text in a bare <textarea> with the composer's own CSS and width, in the same page,
 * outside React: what the browser alone spends per key on this text, told apart from the app's
 * (bench/postText.ts says why the text's shape matters). Call after benchComposer, on its page.
 */
export async function benchComposerTextFloor(app: BenchApp): Promise<number[]> {
  const { page } = app
  await page.evaluate(`(() => {
    const source = document.querySelector('[data-testid="post-text"]')
    const box = source.getBoundingClientRect()
    const area = document.createElement('textarea')
    area.className = source.className
    area.dataset.benchFloor = ''
    area.value = source.value
    Object.assign(area.style, { position: 'fixed', left: box.left + 'px', top: '0px', width: box.width + 'px', zIndex: 10 })
    document.body.append(area)
    area.focus()
    area.setSelectionRange(area.value.length, area.value.length)
  })()`)
  try {
    return await timeTyping(page)
  } finally {
    await page.evaluate(`document.querySelector('[data-bench-floor]')?.remove()`)
  }
}

export function sixSlideCard(): Record<string, unknown> {
  const slides = Array.from({ length: 6 }, (_, index) => ({
    id: `slide-${index + 1}`,
    components: [
      {
        id: `media-${index + 1}`,
        type: 'MEDIA',
        media: {
          source: 'library',
          mediaKey: `3_${1000 + index}`,
          mediaType: 'IMAGE',
          width: 1200,
          height: 628,
        },
      },
      {
        id: `details-${index + 1}`,
        type: 'DETAILS',
        title: `Slide ${index + 1} headline`,
        destination: {
          type: 'WEBSITE',
          url: `https://shop.example.com/collection/${index + 1}?utm_source=ads`,
        },
      },
    ],
  }))
  return { name: 'Autumn collection', mode: 'multi_destination', components: [], slides }
}

export async function benchBuilder(app: BenchApp): Promise<number[]> {
  const { page } = app
  const draft = await ok<{ id: string }>(
    page,
    `window.studio.drafts.create({ kind: 'card', name: 'Six slides' })`,
  )
  await ok(page, `window.studio.drafts.update(${JSON.stringify({ id: draft.id, content: sixSlideCard() })})`)
  await page.goto(page.url().replace(/#.*$/, `#/cards/${draft.id}`))
  const title = page.getByLabel('Title', { exact: true }).last()
  await title.waitFor()
  await title.focus()
  await page.keyboard.press('End')
  return timeTyping(page)
}
