import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { withoutMediaTokens } from '../../src/shared/creatives/media'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CardContent } from '../../src/shared/creatives/card'
import { png } from '../unit/media/fixtures'
import { screenshotPath, startE2e, type E2eApp, type E2eEnvironment } from './harness'

let env: E2eEnvironment
let fixtures: string

const SLIDES = [
  {
    file: 'slide-forest.png',
    rgb: [46, 125, 90] as [number, number, number],
    title: 'Forest trail boots',
    url: 'https://shop.example.com/boots',
  },
  {
    file: 'slide-ocean.png',
    rgb: [40, 96, 170] as [number, number, number],
    title: 'Ocean rain jacket',
    url: 'https://shop.example.com/jackets',
  },
  {
    file: 'slide-sunset.png',
    rgb: [214, 120, 60] as [number, number, number],
    title: 'Sunset camp stove',
    url: 'https://www.outdoors.example.org/stoves',
  },
]

beforeAll(async () => {
  env = await startE2e()
  fixtures = await mkdtemp(join(tmpdir(), 'ads-studio-cards-e2e-'))
  for (const slide of SLIDES) await writeFile(join(fixtures, slide.file), png(382, 200, slide.rgb))
})
afterAll(async () => {
  await env?.dispose()
  if (fixtures) await rm(fixtures, { recursive: true, force: true })
})

/** How a person would name the focused element: its aria-label, its label, or its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return ''
    const labelled = element.getAttribute('aria-labelledby')
    const byId = labelled
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
    const label = (element as HTMLInputElement).labels?.[0]?.textContent
    return (element.getAttribute('aria-label') ?? (label || byId || element.textContent) ?? '').trim()
  })
}

/** Presses Tab (or Shift+Tab) until the focused element has this name: the keyboard user's way around. */
async function tabTo(page: Page, name: string, { backwards = false, max = 80 } = {}): Promise<void> {
  const seen: string[] = []
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const focused = await focusedName(page)
    if (focused === name) return
    seen.push(focused)
  }
  throw new Error(`Tab never reached “${name}”. Focus went through: ${seen.join(' | ')}`)
}

async function draftContent(app: E2eApp, id: string): Promise<CardContent> {
  await app.services.drafts.flush()
  return (await app.services.drafts.get(id)).content as CardContent
}

function titlesOf(content: CardContent): string[] {
  return content.slides.map((slide) => {
    const details = slide.components.find((component) => component.type === 'DETAILS')
    return details?.type === 'DETAILS' ? details.title : ''
  })
}

async function chooseSlideMedia(app: E2eApp, file: string, backwards = false) {
  app.dialogAnswers.push(join(fixtures, file))
  await tabTo(app.page, 'Choose file for slide media', { backwards })
  await app.page.keyboard.press('Enter')
  await app.page.getByText(file, { exact: true }).waitFor()
}

async function fillDestination(page: Page, title: string, url: string) {
  await tabTo(page, 'Title')
  await page.keyboard.type(title)
  await tabTo(page, 'Website URL')
  await page.keyboard.type(url)
}

describe('the card builder', () => {
  it('builds a three-slide multi-destination carousel with the keyboard only, keeps it across a restart, and exports and imports it', async () => {
    const first = await env.launch({ colorScheme: 'light' })
    const { page } = first

    // Drafts → New draft → Card, from the keyboard.
    await tabTo(page, 'New draft')
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Card', exact: true }).waitFor()
    await expect.poll(() => focusedName(page)).toBe('Card')
    await page.keyboard.press('Enter')
    await page.getByLabel('Card name').waitFor()
    const draftId = /#\/cards\/([0-9a-f-]{36})$/.exec(page.url())?.[1]
    expect(draftId).toBeDefined()
    const id = draftId!

    await tabTo(page, 'Card name')
    await page.keyboard.type('Autumn outdoor collection')
    // Format: arrow keys move through the radio group and Space selects (the ARIA radio pattern;
    // whether the arrow alone also selects depends on how long the key is held).
    await tabTo(page, 'Single card')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => focusedName(page)).toBe('Carousel')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => focusedName(page)).toBe('Multi-destination carousel')
    await page.keyboard.press('Space')
    await page.getByRole('heading', { name: 'Slides', exact: true }).waitFor()

    // Two slides are seeded; fill them, then add the third.
    await chooseSlideMedia(first, SLIDES[0]!.file)
    await fillDestination(page, SLIDES[0]!.title, SLIDES[0]!.url)
    await chooseSlideMedia(first, SLIDES[1]!.file)
    await fillDestination(page, SLIDES[1]!.title, SLIDES[1]!.url)
    await tabTo(page, 'Add slide')
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'Slide 3' }).waitFor()
    await chooseSlideMedia(first, SLIDES[2]!.file, true)
    await fillDestination(page, SLIDES[2]!.title, SLIDES[2]!.url)

    await expect
      .poll(async () => titlesOf(await draftContent(first, id)))
      .toEqual(SLIDES.map((slide) => slide.title))

    // Reorder by keyboard drag and drop: pick slide 3 up with Space, move it up one place, drop it.
    await tabTo(page, 'Reorder slide 3', { backwards: true })
    await page.keyboard.press('Space')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-pressed')))
      .toBe('true')
    // dnd-kit starts listening for arrows a moment after the pick-up (and scrolls the item into view).
    await page.waitForTimeout(250)
    await page.keyboard.press('ArrowUp')
    await page.getByText('slide 3 is over position 2 of 3.', { exact: false }).waitFor({ state: 'attached' })
    await page.keyboard.press('Space')
    await expect
      .poll(async () => titlesOf(await draftContent(first, id)))
      .toEqual([SLIDES[0]!.title, SLIDES[2]!.title, SLIDES[1]!.title])
    // …and with the visible move buttons: slide 1 down one place.
    await tabTo(page, 'Move slide 1 down', { backwards: true, max: 120 })
    await page.keyboard.press('Enter')
    await expect
      .poll(async () => titlesOf(await draftContent(first, id)))
      .toEqual([SLIDES[2]!.title, SLIDES[0]!.title, SLIDES[1]!.title])
    await expect.poll(() => focusedName(page)).toBe('Move slide 2 down')

    // Undo and redo from the keyboard.
    await page.keyboard.press('Control+z')
    await expect
      .poll(async () => titlesOf(await draftContent(first, id)))
      .toEqual([SLIDES[0]!.title, SLIDES[2]!.title, SLIDES[1]!.title])
    await page.keyboard.press('Control+Shift+z')
    await expect
      .poll(async () => titlesOf(await draftContent(first, id)))
      .toEqual([SLIDES[2]!.title, SLIDES[0]!.title, SLIDES[1]!.title])

    await page.locator('[data-testid="save-status"][data-save-state="saved"]').waitFor()
    const built = await draftContent(first, id)
    expect(built.mode).toBe('multi_destination')
    expect(built.name).toBe('Autumn outdoor collection')
    expect(built.slides).toHaveLength(3)
    for (const slide of built.slides) {
      const media = slide.components.find((component) => component.type === 'MEDIA')
      expect(media?.type === 'MEDIA' && media.media).toMatchObject({
        source: 'local',
        width: 382,
        height: 200,
        mimeType: 'image/png',
      })
    }
    // No rule errors: the preview shows the first slide's domain, and the summary says ready.
    await page.getByText('Ready to publish').waitFor()
    await expect
      .poll(() => page.locator('.tl-details__domain').first().textContent())
      .toBe('outdoors.example.org')
    await page.mouse.move(1279, 819)
    await page.screenshot({ path: screenshotPath('cards-builder-light'), fullPage: false })
    await page.goto(page.url().replace(/#.*$/, '#/drafts'))
    await page.getByRole('link', { name: 'Autumn outdoor collection' }).waitFor()
    await page.screenshot({ path: screenshotPath('drafts-page-light') })
    expect(first.consoleErrors).toEqual([])
    await first.close()

    // Restart: new services on the same data directory find the same draft.
    const second = await env.launch({ colorScheme: 'dark', dataDir: first.dataDir })
    try {
      expect((await second.services.drafts.get(id)).content).toEqual(built)
      const row = second.page.getByRole('link', { name: 'Autumn outdoor collection' })
      await row.waitFor()
      await second.page.screenshot({ path: screenshotPath('drafts-page-dark') })

      // Export from the row's action menu, keyboard only.
      const exportPath = join(fixtures, 'autumn.json')
      second.dialogAnswers.push(exportPath)
      await tabTo(second.page, 'Actions for Autumn outdoor collection')
      await second.page.keyboard.press('Enter')
      await second.page.getByRole('menuitem', { name: 'Export as .json…' }).waitFor()
      while ((await focusedName(second.page)) !== 'Export as .json…')
        await second.page.keyboard.press('ArrowDown')
      await second.page.keyboard.press('Enter')
      await second.page.getByText('exported as autumn.json').waitFor()
      expect(JSON.parse(await readFile(exportPath, 'utf8'))).toMatchObject({
        type: 'ads-studio/draft',
        draft: { id, content: built },
      })

      // Import it again: a second draft with the same content (and a new id, the first is still here),
      // but no file tokens: a file's paths grant nothing, its media are chosen again (issue 39, D11).
      second.dialogAnswers.push(exportPath)
      await tabTo(second.page, 'Import…', { backwards: true })
      await second.page.keyboard.press('Enter')
      await second.page.getByText('Imported “Autumn outdoor collection”.').waitFor()
      await expect
        .poll(() => second.page.getByRole('link', { name: 'Autumn outdoor collection' }).count())
        .toBe(2)
      const list = await second.services.drafts.list()
      const copies = list.drafts.filter((draft) => draft.name === 'Autumn outdoor collection')
      expect(copies).toHaveLength(2)
      const imported = copies.find((draft) => draft.id !== id)!
      expect((await second.services.drafts.get(imported.id)).content).toEqual(withoutMediaTokens(built))

      // The builder in dark mode, reopened from the list with the keyboard.
      await second.page.keyboard.press('Escape')
      await tabTo(second.page, 'Autumn outdoor collection', { backwards: true })
      await second.page.keyboard.press('Enter')
      await second.page.getByRole('heading', { name: 'Slides', exact: true }).waitFor()
      await second.page.getByText(SLIDES[2]!.file, { exact: true }).waitFor()
      await second.page.locator('.tl-media img').first().waitFor()
      await second.page.mouse.move(1279, 819)
      await second.page.screenshot({ path: screenshotPath('cards-builder-dark') })
      expect(second.consoleErrors).toEqual([])
    } finally {
      await second.close()
    }
  })
})
