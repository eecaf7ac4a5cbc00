import { describe, expect, it } from 'vitest'
import type { E2eApp } from './harness'
import { connectToMainAccount } from './sandboxSession'
import { sandboxSuite, shootBothPalettes } from './suite'

/**
 * Issue 42, items 2 to 5: the designer edits a published video conversation card while someone
 * edits the same card on the platform (the sandbox's outside-edit route). Sending stops in
 * conflict with nothing sent; Changes shows base · platform now · yours; the designer keeps
 * theirs, and Post changes sends only that field. Light and dark.
 */

const suite = sandboxSuite()
const WAIT = { timeout: 30_000 }
const JOB = { timeout: 60_000 }

type Handlers = Record<string, (request: unknown) => Promise<unknown>>

async function publishedConversation(app: E2eApp): Promise<string> {
  const handlers = app.services.handlers as Handlers
  const video = suite.sandbox
    .state()
    .mediaLibrary.find((item) => item.name === 'Product video 16x9' && !item.deleted)
  if (!video) throw new Error('the sandbox seed has a 16:9 video in the first account’s library')
  const draft = (await handlers['drafts.create']!({
    kind: 'video_conversation_card',
    name: 'Red or blue',
  })) as {
    id: string
  }
  await handlers['drafts.update']!({
    id: draft.id,
    content: {
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
    },
  })
  await handlers['outbox.enqueue']!({ draftId: draft.id })
  await expect
    .poll(async () => ((await handlers['drafts.get']!({ id: draft.id })) as { status: string }).status, JOB)
    .toBe('published')
  return draft.id
}

describe('An edit of a published card that someone else changed meanwhile', () => {
  it('stops in conflict, shows base, platform and yours, and posts the chosen value', async () => {
    const app = await suite.env.launch({ colorScheme: 'light' })
    const { page } = app
    const { sandbox } = suite
    try {
      await connectToMainAccount(app, sandbox)
      await page.reload()
      const draftId = await publishedConversation(app)
      const cardId = String(
        sandbox.state().videoConversationCards.find((card) => card.name === 'Red or blue')?.id,
      )
      await page.evaluate((hash) => (location.hash = hash), `#/video-conversations/${draftId}`)
      await page.getByTestId('published-banner').waitFor(WAIT)

      // The designer opens the edit: main reads the card, its base. Then someone changes the title.
      const opened = sandbox.requestLog().at(-1)?.seq ?? 0
      await page.getByRole('button', { name: 'Edit card' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit the video conversation card' })
      await dialog.waitFor()
      await expect
        .poll(
          () =>
            sandbox
              .requestLog(opened)
              .some(
                (entry) => entry.method === 'GET' && entry.path.endsWith(`/video_conversation/${cardId}`),
              ),
          WAIT,
        )
        .toBe(true)
      sandbox.outsideChange({
        kind: 'video_conversation_cards',
        action: 'edit',
        id: cardId,
        fields: { title: 'Pick one today' },
      })
      await dialog.getByLabel('Title').fill('Choose a side')
      await dialog.getByRole('button', { name: 'Keep for later' }).click()
      await dialog.waitFor({ state: 'hidden' })

      // Changes: the pending change, field by field; the sidebar counts it.
      await expect.poll(() => page.getByTestId('changes-count').textContent(), WAIT).toContain('1')
      await page.getByTestId('nav-changes').click()
      const item = page.getByTestId('change-item')
      await expect.poll(() => item.getAttribute('data-state'), WAIT).toBe('local')
      const pendingRow = item.getByTestId('change-fields').getByRole('row', { name: /Title/ })
      expect(await pendingRow.getByRole('cell').allInnerTexts()).toEqual(['Pick a side', '', 'Choose a side'])
      await shootBothPalettes(page, 'changes-pending')

      // Post changes: the re-read finds the title changed there too; nothing is sent.
      const since = sandbox.requestLog().at(-1)?.seq ?? 0
      await page.getByRole('button', { name: /^Post changes/ }).click()
      await expect.poll(() => item.getAttribute('data-state'), JOB).toBe('conflict')
      expect(sandbox.requestLog(since).filter((entry) => entry.method === 'PUT')).toEqual([])
      const table = item.getByTestId('conflict-table')
      const row = table.getByRole('row', { name: /Title/ })
      expect(await row.getByRole('cell').allInnerTexts()).toEqual([
        'Pick a side',
        'Pick one today',
        'Choose a side',
        expect.stringContaining('Keep mine'),
      ])
      expect(await page.getByTestId('changes-count').getAttribute('title')).toBe('1 conflict')
      await shootBothPalettes(page, 'changes-conflict')

      // The drafts list says it too, in words and an icon.
      await page.getByTestId('nav-drafts').click()
      const chip = page.locator(`tr[data-draft-id="${draftId}"]`).getByTestId('change-state')
      await expect.poll(() => chip.getAttribute('data-state'), WAIT).toBe('conflict')
      expect(await chip.textContent()).toBe('Conflict')
      await shootBothPalettes(page, 'changes-drafts-list')
      await page.getByTestId('nav-changes').click()

      // Keep mine, apply: re-based on the platform's copy, then posted with only the title.
      await row.getByRole('radio', { name: 'Keep mine' }).click()
      await item.getByRole('button', { name: 'Apply choices' }).click()
      await expect.poll(() => item.getAttribute('data-state'), WAIT).toBe('local')
      const rebasedRow = item.getByTestId('change-fields').getByRole('row', { name: /Title/ })
      expect(await rebasedRow.getByRole('cell').allInnerTexts()).toEqual([
        'Pick one today',
        '',
        'Choose a side',
      ])
      await page.getByRole('button', { name: /^Post changes/ }).click()
      await expect.poll(() => page.getByTestId('change-item').count(), JOB).toBe(0)
      const puts = sandbox.requestLog(since).filter((entry) => entry.method === 'PUT')
      expect(puts.map((entry) => entry.fieldNames)).toEqual([['title']])
      const stored = sandbox.state().videoConversationCards.find((card) => String(card.id) === cardId)
      expect(stored?.title).toBe('Choose a side')
      await shootBothPalettes(page, 'changes-posted')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})
