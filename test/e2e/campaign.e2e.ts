import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandbox, type Sandbox } from '../../sandbox/index'
import { mp4Of } from '../support/mediaFixtures'
import { screenshotPath, startE2e, type E2eApp, type E2eEnvironment } from './harness'
import { connectThroughWizard, switchAccount } from './sandboxSession'
import { focusedElement } from './suite'

// Issue 14 end to end: line items, curated categories, features and account apps, through the
// UI against the local sandbox, with screenshots in light and dark.

let env: E2eEnvironment
let sandbox: Sandbox

beforeAll(async () => {
  ;[env, sandbox] = await Promise.all([startE2e(), startSandbox({ port: 0 })])
})
afterAll(async () => {
  await Promise.all([env?.dispose(), sandbox?.close()])
})

/** Light, then dark, of the same state: the theme follows the system, which the page emulates. */
async function screenshots(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.mouse.move(0, 0)
  // Transitions are finished at once, so a colour change is never caught halfway.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: screenshotPath(`${name}-light`), animations: 'disabled', ...options })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: screenshotPath(`${name}-dark`), animations: 'disabled', ...options })
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Network retries come quickly, so a request slowed by a busy machine is retried within a poll. */
const quick = { outbox: { backoffBaseMs: 300, backoffMaxMs: 1_500 } }
/**
 * How long to keep looking before giving up: long enough for a job on a loaded machine. These
 * bound the waiting only; nothing asserts how fast anything is.
 */
const JOB = { timeout: 60_000 }
const WAIT = { timeout: 20_000 }

async function launchConnected(): Promise<E2eApp> {
  const app = await env.launch({ colorScheme: 'light', config: quick })
  await connectThroughWizard(env, sandbox, app)
  await expect
    .poll(() => app.page.getByTestId('account-select').textContent(), WAIT)
    .toContain('Sandbox Studio Main')
  return app
}

const rowOf = (page: Page, name: string) => page.getByTestId('line-item-row').filter({ hasText: name })
const lineItemByName = (name: string) => sandbox.state().lineItems.find((item) => item.name === name)

describe('Line items', () => {
  it('pauses two line items after a confirmation that lists what changes, and edits one within the rules', async () => {
    const app = await launchConnected()
    const { page } = app
    try {
      await page.getByTestId('nav-line-items').click()
      await expect.poll(() => page.getByTestId('line-item-row').count(), WAIT).toBe(3)
      await rowOf(page, 'Website clicks').getByRole('checkbox').click()
      await rowOf(page, 'App installs').getByRole('checkbox').click()
      await expect.poll(() => page.getByTestId('selection-count').textContent(), WAIT).toBe('2 selected')
      await page
        .getByRole('toolbar', { name: 'Selected line items' })
        .getByRole('button', { name: 'Pause' })
        .click()

      const dialog = page.getByRole('alertdialog')
      await expect.poll(() => dialog.getByRole('heading').textContent(), WAIT).toBe('Pause 2 line items?')
      const changes = dialog.getByRole('list', { name: 'What changes' }).getByRole('listitem')
      expect(await changes.allTextContents()).toEqual([
        'Website clicksActive → Paused',
        'App installsActive → Paused',
      ])
      await screenshots(page, 'line-items-pause-confirm')
      await dialog.getByRole('button', { name: 'Pause line items' }).click()

      await expect.poll(() => page.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      expect(await page.getByTestId('job-report').textContent()).toContain('Pause 2 line items')
      expect(await page.getByTestId('job-step').allTextContents()).toEqual([
        'Pause “Website clicks”',
        'Pause “App installs”',
      ])
      await expect.poll(() => rowOf(page, 'Website clicks').textContent(), WAIT).toContain('Paused')
      expect(await rowOf(page, 'App installs').textContent()).toContain('Paused')
      expect(await rowOf(page, 'Preroll on publishers').textContent()).toContain('Active')
      expect(lineItemByName('Website clicks')?.entity_status).toBe('PAUSED')
      expect(lineItemByName('App installs')?.entity_status).toBe('PAUSED')
      await screenshots(page, 'line-items-paused')

      // The edit form checks the spec's rules as you type: TARGET is not for app installs.
      await rowOf(page, 'App installs').getByRole('button', { name: 'Edit App installs' }).click()
      const sheet = page.getByTestId('line-item-sheet')
      await sheet.getByTestId('field-bid_strategy').click()
      await page.getByRole('option', { name: 'Target bid' }).click()
      await expect
        .poll(() => sheet.getByTestId('field-message').first().textContent(), WAIT)
        .toBe('Target bid is only for Reach or Website clicks line items')
      expect(await sheet.getByTestId('save-line-item').isDisabled()).toBe(true)
      await sheet.getByTestId('field-bid_strategy').click()
      await page.getByRole('option', { name: 'Maximum bid' }).click()
      await expect
        .poll(() => sheet.getByText('Enter a bid: the maximum bid strategy needs one').count(), WAIT)
        .toBe(1)
      // 0.29 is 290,000 micros exactly, not 289,999.99…
      await sheet.getByTestId('field-bid_amount_local_micro').fill('0.29')
      await expect.poll(() => sheet.getByText('$0.29', { exact: true }).count(), WAIT).toBe(1)
      await sheet.getByTestId('field-total_budget_amount_local_micro').fill('1,000')
      await sheet.getByTestId('field-daily_budget_amount_local_micro').fill('1000.01')
      await expect
        .poll(() => sheet.getByText('The daily budget cannot be more than the total budget').count(), WAIT)
        .toBe(1)
      await sheet.getByTestId('show-problems').click()
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT)
        .toBe('field-daily_budget_amount_local_micro')
      await screenshots(page, 'line-item-form-rule')
      await sheet.getByTestId('field-daily_budget_amount_local_micro').fill('50')
      await sheet.getByTestId('save-line-item').click()
      await expect.poll(() => sheet.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      expect(lineItemByName('App installs')).toMatchObject({
        bid_strategy: 'MAX',
        bid_amount_local_micro: 290_000,
        total_budget_amount_local_micro: 1_000_000_000,
        daily_budget_amount_local_micro: 50_000_000,
      })
      // Its history: this session's changes, newest first (the seeded creation is older than 7 days).
      await sheet.getByRole('tab', { name: 'History' }).click()
      // The platform's entries, beside the writes this app made (labelled by where they came from).
      const platformEntries = sheet.locator('[data-testid="history-entry"][data-source="platform"]')
      await expect.poll(() => platformEntries.count(), WAIT).toBe(2)
      expect(await sheet.locator('[data-testid="history-entry"][data-source="app"]').count()).toBeGreaterThan(
        0,
      )
      // In the app's words: the field as the form names it, money in the currency, values in words.
      const newest = await platformEntries.first().textContent()
      expect(newest).toContain('Bid$0.29')
      expect(newest).toContain('Bid strategyMaximum bid')
      expect(newest).not.toContain('_local_micro')
      expect(await platformEntries.nth(1).textContent()).toContain('StatusPaused')
      // The values of one change start at one edge, whatever the length of their names.
      const valueEdges = await platformEntries
        .first()
        .locator('dd')
        .evaluateAll((values) => values.map((value) => Math.round(value.getBoundingClientRect().left)))
      expect(valueEdges.length).toBe(4)
      expect(new Set(valueEdges).size).toBe(1)
      await screenshots(page, 'line-item-history')
      await page.keyboard.press('Escape')
      // Closed, after a save, the sheet gives focus back to the row's button that opened it (issue 41 item 7).
      await expect.poll(() => focusedElement(page), WAIT).toBe('BUTTON Edit App installs')

      // Deleting asks first, as a danger, and says it cannot be undone.
      await page.getByRole('checkbox', { name: 'Select all line items' }).click()
      await page.getByRole('checkbox', { name: 'Select all line items' }).click()
      await rowOf(page, 'Website clicks').getByRole('checkbox').click()
      await page
        .getByRole('toolbar', { name: 'Selected line items' })
        .getByRole('button', { name: 'Delete' })
        .click()
      const danger = page.getByRole('alertdialog')
      expect(await danger.textContent()).toContain('This cannot be undone.')
      await screenshots(page, 'line-items-delete-confirm')
      await danger.getByRole('button', { name: 'Delete line item' }).click()
      await expect.poll(() => page.getByTestId('line-item-row').count(), WAIT).toBe(2)
      expect(await page.getByTestId('job-report').textContent()).toContain('Delete “Website clicks” — done.')
      expect(lineItemByName('Website clicks')?.deleted).toBe(true)
      // Delete, now disabled with nothing selected, cannot take focus back: the page does.
      await expect.poll(() => focusedElement(page), WAIT).toMatch(/^MAIN /)
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('attaches a curated category, warning about the countries it does not cover', async () => {
    const app = await launchConnected()
    const { page } = app
    try {
      await page.getByTestId('nav-line-items').click()
      await rowOf(page, 'Preroll on publishers')
        .getByRole('button', { name: 'Edit Preroll on publishers' })
        .click()
      const sheet = page.getByTestId('line-item-sheet')
      await sheet.getByRole('tab', { name: 'Curated categories' }).click()
      await expect.poll(() => sheet.getByTestId('no-categories').count(), WAIT).toBe(1)
      await sheet.getByTestId('target-countries').fill('US, FR')
      await sheet.getByTestId('category-lookup').fill('US')
      await sheet.getByRole('button', { name: 'Look up' }).click()
      const found = sheet.getByRole('list', { name: 'Curated categories found' }).getByTestId('category-card')
      await expect.poll(() => found.count(), WAIT).toBe(3)
      const sports = found.filter({ hasText: /^Sports / })
      expect(await sports.getByTestId('country-warning').textContent()).toContain(
        'will not reach people in France',
      )
      await sports.getByRole('button', { name: 'Attach Sports' }).click()
      await expect.poll(() => sheet.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      const attached = sheet
        .getByRole('list', { name: 'Attached curated categories' })
        .getByTestId('category-card')
      await expect.poll(() => attached.count(), WAIT).toBe(1)
      expect(await attached.textContent()).toContain('Sports')
      expect(await sports.textContent()).toContain('Attached')
      const preroll = lineItemByName('Preroll on publishers')
      const sportsId = sandbox.state().curatedCategories.find((c) => c.name === 'Sports')?.id
      expect(
        sandbox
          .state()
          .lineItemCuratedCategories.filter((link) => link.line_item_id === preroll?.id && !link.deleted)
          .map((link) => link.curated_category_id),
      ).toEqual([sportsId])
      await screenshots(page, 'line-item-curated-category')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('Account features and apps', () => {
  it('unlocks PROMOTED_MEDIA_POLLS on a sandbox account, then publishes a poll with media', async () => {
    const app = await launchConnected()
    const { page } = app
    try {
      // The second account has no poll media yet.
      await switchAccount(page, 'Sandbox Studio Second')
      await page.getByTestId('nav-polls').click()
      await page.getByRole('button', { name: 'New poll' }).click()
      await page.waitForURL(/#\/polls\/[0-9a-f-]{36}$/)
      const pollUrl = page.url()
      await page.getByLabel('Card name').fill('Poll with a picture')
      await page.getByTestId('poll-choice-1').fill('Left')
      await page.getByTestId('poll-choice-2').fill('Right')
      const gate = page.getByTestId('poll-media-gate')
      await expect.poll(() => gate.textContent(), WAIT).toContain('This account does not have it')
      await gate.getByTestId('feature-link-PROMOTED_MEDIA_POLLS').click()

      // Settings → Features: the link lands on the missing feature, ready to add.
      await page.waitForURL(/#\/settings$/)
      const features = page.getByTestId('features-section')
      await expect
        .poll(() => features.textContent(), WAIT)
        .toContain('This account does not have the feature “Poll cards with an image or a video (beta)”')
      expect(await features.getByTestId('feature').locator('code').allTextContents()).toEqual([
        'REACH_FREQUENCY_CAP',
      ])
      expect(await features.getByTestId('feature-add-select').textContent()).toContain(
        'Poll cards with an image',
      )
      await features.getByTestId('feature-add').click()
      await expect.poll(() => features.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      await expect
        .poll(() => features.getByTestId('feature').locator('code').allTextContents(), WAIT)
        .toEqual(['REACH_FREQUENCY_CAP', 'PROMOTED_MEDIA_POLLS'])
      const second = sandbox.state().accounts.find((account) => account.name === 'Sandbox Studio Second')
      expect(second?._features).toContain('PROMOTED_MEDIA_POLLS')
      await features.scrollIntoViewIfNeeded()
      await screenshots(page, 'settings-features-unlocked')

      // Back in the poll: media are offered now; pick the account's banner from the library.
      await features.getByTestId('feature-back').click()
      await page.waitForURL(pollUrl)
      await expect.poll(() => page.getByTestId('poll-media-gate').count(), WAIT).toBe(0)
      await page.getByRole('button', { name: 'From library for poll media' }).click()
      const picker = page.getByTestId('library-picker')
      await picker.getByTestId('media-tile').filter({ hasText: 'Second account banner' }).click()
      await expect.poll(() => page.getByTestId('library-picker').count(), WAIT).toBe(0)
      await expect
        .poll(() => page.getByTestId('save-status').getAttribute('data-save-state'), WAIT)
        .toBe('saved')
      await expect.poll(() => page.getByTestId('issue-summary').textContent(), WAIT).toMatch(/^Ready/)
      await page
        .getByRole('toolbar', { name: 'Edit history' })
        .getByRole('button', { name: 'Publish' })
        .click()
      // The review sheet: Enter confirms.
      await page.getByRole('dialog', { name: 'Review and publish' }).waitFor()
      await page.keyboard.press('Enter')
      // The job may already be published when the page would offer "Open the outbox": go by the sidebar.
      await expect
        .poll(() => page.getByRole('toolbar', { name: 'Edit history' }).textContent(), WAIT)
        .toMatch(/In the outbox|Published/)
      await page.getByTestId('nav-outbox').click()
      await page.waitForURL(/#\/outbox$/)
      const job = page.getByTestId('outbox-job').filter({ hasText: 'Poll with a picture' })
      await expect.poll(() => job.getByTestId('outbox-state').textContent(), JOB).toBe('Published')
      const banner = sandbox
        .state()
        .mediaLibrary.find((item) => item.name === 'Second account banner')?.media_key
      const card = sandbox.state().pollCards.find((c) => c.name === 'Poll with a picture')
      expect(card).toMatchObject({ _account: second?.id, _media_key: banner, first_choice: 'Left' })
      // The grant ran first: the outbox keeps one queue per account, in order.
      const jobs = page.getByTestId('outbox-job')
      expect(await jobs.first().textContent()).toContain('Add PROMOTED_MEDIA_POLLS')
      await screenshots(page, 'outbox-feature-then-poll')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })

  it('fills an app destination from an app registered on the account', async () => {
    const app = await launchConnected()
    const { page } = app
    try {
      await page.getByTestId('nav-account').click()
      await page.getByRole('tab', { name: 'Apps' }).click()
      await expect.poll(() => page.getByTestId('account-app').count(), WAIT).toBe(2)
      await screenshots(page, 'account-apps')

      await page.getByTestId('nav-cards').click()
      await page.getByRole('button', { name: 'New card' }).click()
      await page.waitForURL(/#\/cards\/[0-9a-f-]{36}$/)
      await page.getByLabel('Card name').fill('Install the app')
      await page.getByRole('button', { name: 'Remove website component' }).click()
      await page.getByRole('button', { name: /Add component to/ }).click()
      await page.getByRole('menuitem', { name: /App button/ }).click()
      await page.getByTestId('registered-apps').click()
      await page.getByTestId('registered-app-both').click()
      await expect.poll(() => page.getByLabel('App Store id').inputValue(), WAIT).toBe('333903271')
      expect(await page.getByLabel('Google Play app id').inputValue()).toBe('com.example.sandboxstudio')
      expect(await page.getByLabel('iOS deep link').inputValue()).toBe('sandboxstudio://open/')
      expect(await page.getByLabel('Android deep link').inputValue()).toBe('sandboxstudio://open/')
      await expect
        .poll(
          () => page.getByText('The app registers sandboxstudio://open/* — complete the path.').count(),
          WAIT,
        )
        .toBe(2)
      await page.getByLabel('iOS deep link').scrollIntoViewIfNeeded()
      // The preview's author ("Sandbox Studio Main @sandbox_designer · Promoted") keeps to one line, as
      // on the timeline, in the preview's narrow column.
      const authorLines = await page
        .locator('.tl-author__name')
        .evaluate(
          (name) => name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight),
        )
      expect(authorLines).toBeLessThan(1.5)
      await screenshots(page, 'card-app-from-registered')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
    }
  })
})

describe('Ad account', () => {
  it('renames the account, uploads an ads video that becomes PREROLL media, and says plainly when history is not allowlisted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ads-studio-account-e2e-'))
    const video = join(dir, 'spring-preroll.mp4')
    await writeFile(video, mp4Of(1280, 720, 6_000))
    const app = await launchConnected()
    const { page } = app
    try {
      await page.getByTestId('nav-account').click()
      await page.getByTestId('account-name').fill('Sandbox Studio Main — Spring')
      await page.getByTestId('account-industry').click()
      await page.getByRole('option', { name: 'Retail' }).click()
      await page.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => page.getByTestId('job-report').getAttribute('data-state'), JOB).toBe('done')
      await expect.poll(() => page.getByTestId('account-select').textContent(), WAIT).toContain('Spring')
      expect(sandbox.state().accounts.find((a) => a.id === sandbox.demo.accountIds[0])).toMatchObject({
        name: 'Sandbox Studio Main — Spring',
        industry_type: 'RETAIL',
      })
      await screenshots(page, 'account-settings')

      await page.getByRole('tab', { name: 'Account media' }).click()
      await expect.poll(() => page.getByTestId('account-media-row').count(), WAIT).toBe(3)
      await page.getByTestId('upload-video').click()
      app.dialogAnswers.push(video)
      const dialog = page.getByTestId('upload-video-dialog')
      await dialog.getByRole('button', { name: 'Choose video…' }).click()
      await expect.poll(() => dialog.textContent(), WAIT).toContain('spring-preroll.mp4')
      expect(await dialog.getByTestId('category-ADS_VIDEO').getAttribute('data-state')).toBe('checked')
      await screenshots(page, 'account-upload-video')
      await dialog.getByTestId('upload-start').click()
      await expect.poll(() => page.getByTestId('upload-video-dialog').count(), JOB).toBe(0)
      await expect.poll(() => page.getByTestId('account-media-row').count(), WAIT).toBe(2)
      const fresh = page.locator('[data-testid="account-media-row"][data-fresh]')
      await expect.poll(() => fresh.count(), WAIT).toBe(1)
      expect(await fresh.textContent()).toContain('Pre-roll video')
      const uploaded = sandbox.state().mediaLibrary.find((m) => m.name === 'spring-preroll')
      expect(uploaded?.media_category).toBe('ADS_VIDEO')
      // The row shows the video as a still; its media key is copied on request, not shown.
      expect(await fresh.getByRole('button', { name: /^Copy media key/ }).getAttribute('title')).toBe(
        String(uploaded?.media_key),
      )
      await screenshots(page, 'account-media-preroll')

      await switchAccount(page, 'Sandbox Studio Second')
      await page.getByRole('tab', { name: 'History' }).click()
      // The campaign is picked by its name, not typed by its id.
      await page.getByTestId('history-entity-pick').fill('Second account')
      await page.getByRole('option', { name: /Second account reach/ }).click()
      await page.getByRole('button', { name: 'Show history' }).click()
      await expect
        .poll(() => page.getByTestId('history-not-allowlisted').textContent(), WAIT)
        .toContain('This ad account is not in the account history beta')
      await screenshots(page, 'account-history-not-allowlisted')
      expect(app.consoleErrors).toEqual([])
    } finally {
      await app.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
