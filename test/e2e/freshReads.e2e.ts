import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { emptyPollCardContent } from '../../src/shared/creatives/pollCard'
import type { E2eApp } from './harness'
import { connectToMainAccount } from './sandboxSession'
import { sandboxSuite, shootBothPalettes } from './suite'

/**
 * Issue 45: screens that read one object fresh from the platform before the designer acts on it
 * — a published poll or video conversation card when its draft opens (B:99, B:130), an account
 * medium when its deletion is confirmed (B:74), an attached curated category when it is changed
 * (B:198), and the change itself (PUT, B:200) — against the sandbox, light and dark.
 */

const suite = sandboxSuite()
const WAIT = { timeout: 30_000 }
const JOB = { timeout: 60_000 }

type Handlers = Record<string, (request: unknown) => Promise<unknown>>

async function launched(): Promise<{ app: E2eApp; handlers: Handlers; profileId: string }> {
  const app = await suite.env.launch({ colorScheme: 'light' })
  const profileId = await connectToMainAccount(app, suite.sandbox)
  await app.page.reload()
  return { app, handlers: app.services.handlers as Handlers, profileId }
}

/** A draft made and published through main, as the editor and the outbox would. */
async function publishedDraft(app: E2eApp, kind: string, name: string, content: unknown): Promise<string> {
  const handlers = app.services.handlers as Handlers
  const draft = (await handlers['drafts.create']!({ kind, name })) as { id: string }
  await handlers['drafts.update']!({ id: draft.id, content })
  await handlers['outbox.enqueue']!({ draftId: draft.id })
  await expect
    .poll(async () => ((await handlers['drafts.get']!({ id: draft.id })) as { status: string }).status, JOB)
    .toBe('published')
  return draft.id
}

async function openDraft(page: Page, route: string, draftId: string) {
  await page.evaluate((hash) => (location.hash = hash), `#/${route}/${draftId}`)
  await page.waitForURL(new RegExp(`#/${route}/${draftId}$`))
}

const cardState = (page: Page) => page.getByTestId('published-card-state')

describe('A published card read back when it opens', () => {
  it('shows a poll’s voting window, then that it was deleted; and a conversation card’s text changed elsewhere', async () => {
    const { app } = await launched()
    const { page } = app
    const { sandbox } = suite
    try {
      const pollId = await publishedDraft(app, 'poll_card', 'Lunch poll', {
        ...emptyPollCardContent(),
        name: 'Lunch poll',
        choices: ['Soup', 'Salad'],
      })
      await openDraft(page, 'polls', pollId)
      await expect.poll(() => cardState(page).getAttribute('data-state'), WAIT).toBe('live')
      expect(await cardState(page).textContent()).toMatch(/^On the platform now: voting is open until .+\.$/)
      await shootBothPalettes(page, 'published-poll-open')

      const cardId = sandbox.state().pollCards.find((card) => card.name === 'Lunch poll')?.id as string
      sandbox.outsideChange({ kind: 'poll_cards', action: 'delete', id: cardId })
      await page.getByTestId('nav-polls').click()
      await openDraft(page, 'polls', pollId)
      await expect.poll(() => cardState(page).getAttribute('data-state'), WAIT).toBe('deleted')
      expect(await cardState(page).textContent()).toContain(
        'posts can no longer use this poll. Duplicate it to publish a new one.',
      )

      const video = sandbox
        .state()
        .mediaLibrary.find((item) => item.name === 'Product video 16x9' && !item.deleted)
      if (!video) throw new Error('the sandbox seed has a 16:9 video in the first account’s library')
      const conversationId = await publishedDraft(app, 'video_conversation_card', 'Red or blue', {
        name: 'Red or blue',
        title: 'Pick a side',
        options: [
          { id: 'a', hashtag: 'TeamRed', post: 'I pick red' },
          { id: 'b', hashtag: 'TeamBlue', post: 'I pick blue' },
        ],
        thankYouText: 'Thanks for voting',
        thankYouUrl: '',
        video: {
          source: 'library',
          mediaKey: String(video.media_key),
          mediaType: 'VIDEO',
          width: 1920,
          height: 1080,
          aspectRatio: '16:9',
        },
        poster: null,
        unlockedImage: null,
        unlockedVideo: null,
      })
      const conversation = sandbox.state().videoConversationCards.find((card) => card.name === 'Red or blue')
      sandbox.outsideChange({
        kind: 'video_conversation_cards',
        action: 'edit',
        id: String(conversation?.id),
        fields: { title: 'Pick one today' },
      })
      await openDraft(page, 'video-conversations', conversationId)
      await expect.poll(() => cardState(page).getAttribute('data-state'), WAIT).toBe('live')
      const changes = cardState(page).getByRole('definition')
      await expect.poll(() => changes.allTextContents(), WAIT).toEqual(['“Pick one today”'])
      expect(await cardState(page).getByRole('term').allTextContents()).toEqual(['Title'])
      await shootBothPalettes(page, 'published-conversation-changed')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('Account media read fresh before deletion', () => {
  it('shows the medium as the platform has it in the confirmation, then deletes it', async () => {
    const { app } = await launched()
    const { page } = app
    const { sandbox } = suite
    try {
      await page.getByTestId('nav-account').click()
      await page.getByRole('tab', { name: 'Account media' }).click()
      const rows = page.getByTestId('account-media-row')
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0)
      const before = await rows.count()
      await rows
        .first()
        .getByRole('button', { name: /^Delete / })
        .click()
      const dialog = page.getByRole('alertdialog')
      const fresh = dialog.getByTestId('account-media-fresh')
      await expect.poll(() => fresh.getAttribute('data-state'), WAIT).toBe('read')
      expect(await fresh.getByRole('term').allTextContents()).toEqual(
        expect.arrayContaining(['On the platform now', 'Added', 'Last changed']),
      )
      await shootBothPalettes(page, 'account-media-delete-fresh')
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await expect.poll(() => page.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      await expect.poll(() => rows.count(), WAIT).toBe(before - 1)
      const deleted = sandbox
        .state()
        .accountMedia.filter((media) => media._account === sandbox.demo.accountIds[0] && media.deleted)
      expect(deleted).toHaveLength(1)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('Changing a line item’s curated category', () => {
  it('reads the attachment fresh, shows a change made elsewhere, and puts another category in its place', async () => {
    const { app, handlers, profileId } = await launched()
    const { page } = app
    const { sandbox } = suite
    const accountId = sandbox.demo.accountIds[0]
    try {
      const state = sandbox.state()
      const preroll = state.lineItems.find((item) => item.name === 'Preroll on publishers' && !item.deleted)
      const category = (name: string) => String(state.curatedCategories.find((c) => c.name === name)?.id)
      const attached = (await handlers['lineItems.attachCategory']!({
        profileId,
        accountId,
        lineItemId: String(preroll?.id),
        curatedCategoryId: category('Sports'),
      })) as { job: { id: string } }
      await expect
        .poll(
          async () =>
            ((await handlers['outbox.get']!({ jobId: attached.job.id })) as { job: { state: string } }).job
              .state,
          JOB,
        )
        .toBe('done')

      await page.getByTestId('nav-line-items').click()
      await page
        .getByTestId('line-item-row')
        .filter({ hasText: 'Preroll on publishers' })
        .getByRole('button', { name: 'Edit Preroll on publishers' })
        .click()
      const sheet = page.getByTestId('line-item-sheet')
      await sheet.getByRole('tab', { name: 'Curated categories' }).click()
      const attachedList = sheet.getByRole('list', { name: 'Attached curated categories' })
      await expect.poll(() => attachedList.textContent(), WAIT).toContain('Sports')

      // A teammate changes it on the platform while the sheet is open.
      const link = sandbox
        .state()
        .lineItemCuratedCategories.find((l) => l.line_item_id === preroll?.id && !l.deleted)
      sandbox.outsideChange({
        kind: 'line_item_curated_categories',
        action: 'edit',
        id: String(link?.id),
        fields: { curated_category_id: category('News') },
      })
      await attachedList.getByRole('button', { name: 'Change Sports' }).click()
      const panel = sheet.getByTestId('category-change')
      await expect
        .poll(() => panel.textContent(), WAIT)
        .toContain('Changed elsewhere: on the platform it is “News” now.')
      await expect.poll(() => attachedList.textContent(), WAIT).toContain('News')
      expect(await sheet.locator('#find-title').textContent()).toBe('Put another category in place of “News”')

      await sheet.getByTestId('category-lookup').fill('US')
      await sheet.getByRole('button', { name: 'Look up' }).click()
      const found = sheet.getByRole('list', { name: 'Curated categories found' })
      await found.getByRole('button', { name: 'Use instead: Sports in place of News' }).waitFor(WAIT)
      await shootBothPalettes(page, 'line-item-category-change')
      await found.getByRole('button', { name: 'Use instead: Sports in place of News' }).click()
      await expect.poll(() => sheet.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      expect(await sheet.getByTestId('job-report').textContent()).toContain(
        'Change “News” to “Sports” on “Preroll on publishers”',
      )
      await expect.poll(() => panel.count(), WAIT).toBe(0)
      await expect.poll(() => attachedList.textContent(), WAIT).toContain('Sports')
      const after = sandbox
        .state()
        .lineItemCuratedCategories.filter((l) => l.line_item_id === preroll?.id && !l.deleted)
      expect(after.map((l) => [l.id, l.curated_category_id])).toEqual([[link?.id, category('Sports')]])
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
