import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addSandboxFeatures,
  deleteAccountMedia,
  deleteSandboxAccount,
  getAccountDetails,
  getAccountHistory,
  getAccountMedia,
  listAccountApps,
  listAccountMedia,
  listAdvertiserBusinessCategories,
  updateAccount,
} from '../../../src/main/api/accountAdmin'
import { createSandboxAccount, listMediaLibrary } from '../../../src/main/api/ads'
import { createPollCard } from '../../../src/main/api/cards'
import { type AdsContext } from '../../../src/main/api/adsRequest'
import {
  createLineItemCuratedCategory,
  deleteLineItem,
  deleteLineItemCuratedCategory,
  getCampaign,
  getCuratedCategory,
  getLineItem,
  getLineItemCuratedCategory,
  listCampaigns,
  listCuratedCategories,
  listLineItemCuratedCategories,
  listLineItems,
  updateLineItem,
  updateLineItemCuratedCategory,
} from '../../../src/main/api/lineItems'
import { NOT_ALLOWLISTED_MESSAGE } from '../../../src/main/campaign/accountAdminService'
import type { CategoryLinkView, LineItemView } from '../../../src/shared/ipc/contracts/campaign'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

// Every endpoint issue 14 uses, once through its api function and once through the IPC channel
// (main service → outbox → executor), against the independent sandbox.

let sandbox: Sandbox
let app: ConnectedApp
let ctx: AdsContext
let main: string
let second: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio campaign test ${process.pid}` })
  ctx = await app.adsContext()
  ;[main, second] = sandbox.demo.accountIds as [string, string]
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const scope = (accountId = main) => ({ profileId: app.profile.id, accountId })
const FINISHED = ['done', 'failed', 'canceled', 'published']

async function settle(job: OutboxJobView): Promise<OutboxJobView> {
  for (;;) {
    const { job: now } = await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })
    if (FINISHED.includes(now.state)) return now
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
async function queued(channel: string, request: Record<string, unknown>): Promise<OutboxJobView> {
  const { job } = await app.call<{ job: OutboxJobView }>(channel, request)
  return settle(job)
}
const lineItems = async (accountId = main) =>
  (await app.call<{ lineItems: LineItemView[] }>('lineItems.list', scope(accountId))).lineItems
const byName = async (name: string, accountId = main) => {
  const found = (await lineItems(accountId)).find((item) => item.name === name)
  if (!found) throw new Error(`no line item ${name}`)
  return found
}

describe('api functions against the sandbox', () => {
  it('line items and campaigns: list, get, update, delete (a repeat is not_found)', async () => {
    const page = await listLineItems(ctx, second)
    const reach = page.data[0]!
    expect(reach).toMatchObject({ name: 'Reach', objective: 'REACH', placements: ['ALL_ON_PLATFORM'] })
    expect((await getLineItem(ctx, second, reach.id)).id).toBe(reach.id)
    const campaigns = await listCampaigns(ctx, second)
    expect(campaigns.data.map((c) => c.name)).toEqual(['Second account reach'])
    expect((await getCampaign(ctx, second, reach.campaign_id!)).budget_optimization).toBe('CAMPAIGN')
    const updated = await updateLineItem(ctx, second, reach.id, { frequency_cap: '3', duration_in_days: '7' })
    expect(updated).toMatchObject({ frequency_cap: '3', duration_in_days: '7' })
    // Micros come back as exact decimal strings.
    const bid = await updateLineItem(ctx, second, reach.id, {
      bid_strategy: 'TARGET',
      bid_amount_local_micro: '2290000',
    })
    expect(bid.bid_amount_local_micro).toBe('2290000')
  })

  it('curated categories and their links: get, list, create, get, update, delete', async () => {
    const sports = (await listCuratedCategories(ctx, main, ['CA'])).data
    expect(sports.map((c) => c.name)).toEqual(['Sports'])
    const one = await getCuratedCategory(ctx, main, sports[0]!.id)
    expect(one.country_codes).toEqual(['US', 'GB', 'CA'])
    const news = (await listCuratedCategories(ctx, main, ['GB'])).data.find((c) => c.name === 'News')!
    const lineItem = (await listLineItems(ctx, main)).data[0]!
    const link = await createLineItemCuratedCategory(ctx, main, {
      lineItemId: lineItem.id,
      curatedCategoryId: one.id,
    })
    expect((await getLineItemCuratedCategory(ctx, main, link.id)).curated_category_id).toBe(one.id)
    const moved = await updateLineItemCuratedCategory(ctx, main, link.id, { curatedCategoryId: news.id })
    expect(moved.curated_category_id).toBe(news.id)
    expect((await listLineItemCuratedCategories(ctx, main)).data.map((l) => l.id)).toContain(link.id)
    expect((await deleteLineItemCuratedCategory(ctx, main, link.id)).deleted).toBe(true)
    await expect(getCuratedCategory(ctx, main, 'nope')).rejects.toMatchObject({ code: 'not_found' })
  })

  it('accounts: details, update, apps, history, business categories, sandbox features and deletion', async () => {
    expect((await getAccountDetails(ctx, main)).industry_type).toBe('MEDIA')
    const apps = await listAccountApps(ctx, main)
    expect(apps.data.map((a) => a.deep_link_pattern)).toEqual([
      'sandboxstudio://open/*',
      'sandboxstudio://open/*',
    ])
    const history = await getAccountHistory(ctx, main, {
      entityType: 'CAMPAIGN',
      entityId: (await listCampaigns(ctx, main)).data[0]!.id,
      startTime: '2026-01-05T00:00:00Z',
      endTime: '2026-01-06T00:00:00Z',
    })
    expect(history.data.map((h) => h.change_type)).toEqual(['CREATE'])
    const business = await listAdvertiserBusinessCategories(ctx)
    expect(business.find((c) => c.name === 'Technology')?.iab_categories).toEqual(['IAB19'])

    const sandboxAccount = await createSandboxAccount(ctx)
    expect(
      (await updateAccount(ctx, sandboxAccount.id, { name: 'Renamed', industryType: 'RETAIL' })).name,
    ).toBe('Renamed')
    expect(await addSandboxFeatures(ctx, sandboxAccount.id, ['AGE_TARGETING'])).toEqual(['AGE_TARGETING'])
    expect((await deleteSandboxAccount(ctx, sandboxAccount.id)).deleted).toBe(true)
  })

  it('names a missing feature (403) and a rate limit (429) so a person knows what to do', async () => {
    const library = await listMediaLibrary(ctx, second, { q: 'Second account banner' })
    const banner = library.data[0]?.media_key ?? ''
    await expect(
      createPollCard(ctx, second, {
        name: 'Needs the beta',
        durationInMinutes: 60,
        firstChoice: 'A',
        secondChoice: 'B',
        mediaKey: banner,
      }),
    ).rejects.toMatchObject({
      code: 'forbidden',
      field: 'media_key',
      message: expect.stringMatching(/does not have the PROMOTED_MEDIA_POLLS feature — the advertiser asks/),
    })
    sandbox.setFaults({ force429: 1, pathPattern: '^GET .*/line_items$' })
    try {
      await expect(app.call('lineItems.list', scope())).rejects.toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/rate limit was reached — wait until it resets/),
        retryAfter: expect.any(Number),
      })
    } finally {
      sandbox.setFaults({ force429: false, pathPattern: undefined })
    }
    // The client holds the endpoint's window until the reset the 429 named (a second away), and
    // sends nothing meanwhile: the next tests read line items only after it.
    for (let tries = 0; ; tries += 1) {
      const read = await app.call('lineItems.list', scope()).then(
        () => true,
        () => false,
      )
      if (read) break
      expect(tries).toBeLessThan(50)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })

  it('account media: list by creative type, get, delete', async () => {
    const preroll = await listAccountMedia(ctx, main, { creativeTypes: ['PREROLL'] })
    expect(preroll.data.map((m) => m.creative_type)).toEqual(['PREROLL'])
    const banners = await listAccountMedia(ctx, main, { creativeTypes: ['BANNER', 'INTERSTITIAL'] })
    expect(banners.data).toHaveLength(2)
    const first = banners.data[0]!
    expect((await getAccountMedia(ctx, main, first.id)).id).toBe(first.id)
    expect((await deleteAccountMedia(ctx, main, first.id)).deleted).toBe(true)
    await expect(deleteAccountMedia(ctx, main, first.id)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('line items through the app', () => {
  it('lists line items with their campaign and money as exact strings', async () => {
    const items = await lineItems()
    expect(items.map((item) => [item.name, item.campaignName, item.campaignBudgetOptimization])).toEqual([
      ['Website clicks', 'Performance', 'LINE_ITEM'],
      ['Preroll on publishers', 'Brand awareness', 'CAMPAIGN'],
      ['App installs', 'Performance', 'LINE_ITEM'],
    ])
    expect(items[1]?.values).toMatchObject({ categories: ['IAB19'], advertiser_domain: 'example.com' })
  })

  it('pauses two line items in one job, each its own step', async () => {
    const [web, installs] = [await byName('Website clicks'), await byName('App installs')]
    const job = await queued('lineItems.setStatus', {
      ...scope(),
      lineItemIds: [web.id, installs.id],
      status: 'PAUSED',
    })
    expect(job).toMatchObject({
      type: 'operation',
      area: 'line_items',
      state: 'done',
      title: 'Pause 2 line items',
    })
    expect(job.steps.map((step) => step.label)).toEqual(['Pause “Website clicks”', 'Pause “App installs”'])
    expect((await byName('Website clicks')).values.entity_status).toBe('PAUSED')
    expect((await byName('App installs')).values.entity_status).toBe('PAUSED')
    // Nothing to change is refused before anything is queued.
    await expect(
      app.call('lineItems.setStatus', { ...scope(), lineItemIds: [web.id], status: 'PAUSED' }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
    await queued('lineItems.setStatus', { ...scope(), lineItemIds: [web.id, installs.id], status: 'ACTIVE' })
  })

  it('refuses in main what the rules table refuses, on the field, and queues nothing', async () => {
    const installs = await byName('App installs')
    const before = (await app.call<{ jobs: OutboxJobView[] }>('outbox.list', {})).jobs.length
    await expect(
      app.call('lineItems.update', {
        ...scope(),
        lineItemId: installs.id,
        patch: { bid_strategy: 'TARGET', bid_amount_local_micro: '1000000' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_input', field: 'bid_strategy' })
    const preroll = await byName('Preroll on publishers')
    // Its campaign budgets per campaign: no daily budget (the rule needs the campaign, read in main).
    await expect(
      app.call('lineItems.update', {
        ...scope(),
        lineItemId: preroll.id,
        patch: { daily_budget_amount_local_micro: '1000000' },
      }),
    ).rejects.toMatchObject({ field: 'daily_budget_amount_local_micro' })
    // Three business categories are one too many for PREROLL_VIEWS.
    await expect(
      app.call('lineItems.update', {
        ...scope(),
        lineItemId: preroll.id,
        patch: { categories: ['IAB19', 'IAB20', 'IAB22'] },
      }),
    ).rejects.toMatchObject({ field: 'categories' })
    expect((await app.call<{ jobs: OutboxJobView[] }>('outbox.list', {})).jobs.length).toBe(before)
    // A patch that breaks no rule goes through, money to the micro.
    const web = await byName('Website clicks')
    const job = await queued('lineItems.update', {
      ...scope(),
      lineItemId: web.id,
      patch: {
        bid_strategy: 'TARGET',
        bid_amount_local_micro: '290000',
        total_budget_amount_local_micro: '100000000',
        daily_budget_amount_local_micro: '5000000',
      },
    })
    expect(job.state).toBe('done')
    expect((await byName('Website clicks')).values).toMatchObject({
      bid_amount_local_micro: '290000',
      daily_budget_amount_local_micro: '5000000',
    })
  })

  it('reports a bulk job per item: the one that failed can be retried, the done one is not sent again', async () => {
    const [web, installs] = [await byName('Website clicks'), await byName('App installs')]
    sandbox.setFaults({ errorRate: 1, pathPattern: `^PUT .*/line_items/${web.id}$` })
    const { job } = await app.call<{ job: OutboxJobView }>('lineItems.setStatus', {
      ...scope(),
      lineItemIds: [web.id, installs.id],
      status: 'PAUSED',
    })
    for (;;) {
      const { job: now } = await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })
      if (now.state === 'waiting_network') break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // While the first waits for the platform, the second is deleted elsewhere.
    await deleteLineItem(ctx, main, installs.id)
    sandbox.setFaults({ errorRate: 0, pathPattern: undefined })
    await app.call('outbox.retry', { jobId: job.id })
    const failed = await settle(job)
    expect(failed.state).toBe('failed')
    expect(failed.error?.message).toMatch(/1 of 2/)
    expect(failed.steps.map((step) => [step.status, step.error?.code])).toEqual([
      ['done', undefined],
      ['pending', 'not_found'],
    ])
    const updatesOfWeb = () =>
      sandbox.state().history.filter((h) => h.entity_id === web.id && h.change_type === 'UPDATE').length
    const sentBefore = updatesOfWeb()
    await app.call('outbox.retry', { jobId: job.id })
    const again = await settle(job)
    expect(again.state).toBe('failed')
    expect(updatesOfWeb()).toBe(sentBefore)
    await app
      .call('lineItems.setStatus', { ...scope(), lineItemIds: [web.id], status: 'ACTIVE' })
      .then((r) => settle((r as { job: OutboxJobView }).job))
  })

  it('deletes a line item; deleting it again reads "already deleted"', async () => {
    const reach = (await lineItems(second))[0]!
    const first = await queued('lineItems.delete', { ...scope(second), lineItemIds: [reach.id] })
    expect(first.state).toBe('done')
    expect(first.steps[0]?.result).toEqual({ id: reach.id, alreadyDeleted: false })
    const repeat = await queued('lineItems.delete', { ...scope(second), lineItemIds: [reach.id] })
    expect(repeat.state).toBe('done')
    expect(repeat.steps[0]?.result).toEqual({ id: reach.id, alreadyDeleted: true })
    await expect(
      app.call('lineItems.delete', { ...scope(second), lineItemIds: ['zzzzz'] }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
  })

  it('attaches, lists and detaches curated categories', async () => {
    const preroll = await byName('Preroll on publishers')
    const { categories } = await app.call<{ categories: { id: string; name: string }[] }>(
      'curatedCategories.list',
      {
        ...scope(),
        countryCodes: ['US'],
      },
    )
    const sports = categories.find((c) => c.name === 'Sports')!
    const looked = await app.call<{ category: { countryCodes: string[] } }>('curatedCategories.get', {
      ...scope(),
      categoryId: sports.id,
    })
    expect(looked.category.countryCodes).toEqual(['US', 'GB', 'CA'])
    await expect(
      app.call('curatedCategories.get', { ...scope(), categoryId: 'nope1' }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'There is no curated category nope1',
    })

    const attach = await queued('lineItems.attachCategory', {
      ...scope(),
      lineItemId: preroll.id,
      curatedCategoryId: sports.id,
    })
    expect(attach).toMatchObject({ state: 'done', title: 'Attach “Sports” to “Preroll on publishers”' })
    expect(attach.created).toBeDefined()
    const { links } = await app.call<{ links: CategoryLinkView[] }>('lineItems.categories', {
      ...scope(),
      lineItemId: preroll.id,
    })
    expect(links.map((link) => link.category?.name)).toEqual(['Sports'])
    await expect(
      app.call('lineItems.attachCategory', {
        ...scope(),
        lineItemId: preroll.id,
        curatedCategoryId: sports.id,
      }),
    ).rejects.toMatchObject({ field: 'curatedCategoryId' })
    const detach = await queued('lineItems.detachCategory', { ...scope(), linkIds: [links[0]!.id] })
    expect(detach).toMatchObject({ state: 'done', title: 'Detach “Sports”' })
    expect(
      (
        await app.call<{ links: CategoryLinkView[] }>('lineItems.categories', {
          ...scope(),
          lineItemId: preroll.id,
        })
      ).links,
    ).toEqual([])
  })

  it('attaches once even when the answer is lost, adopting what the lost request created', async () => {
    const web = await byName('Website clicks')
    const news = (await listCuratedCategories(ctx, main, ['GB'])).data.find((c) => c.name === 'News')!
    const before = sandbox.created().line_item_curated_categories
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^POST .*/line_item_curated_categories$' })
    const { job } = await app.call<{ job: OutboxJobView }>('lineItems.attachCategory', {
      ...scope(),
      lineItemId: web.id,
      curatedCategoryId: news.id,
    })
    for (;;) {
      if (sandbox.created().line_item_curated_categories > before) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    await app.call('outbox.retry', { jobId: job.id })
    const done = await settle(job)
    expect(done.state).toBe('done')
    expect(sandbox.created().line_item_curated_categories).toBe(before + 1)
  })
})

describe('account through the app', () => {
  it('reads details and apps, renames and sets the industry through the outbox', async () => {
    const { account } = await app.call<{ account: { name: string; sandbox: boolean } }>(
      'accounts.details',
      scope(),
    )
    expect(account).toMatchObject({ name: 'Sandbox Studio Main', sandbox: true })
    const { apps } = await app.call<{ apps: { osType: string; appStoreIdentifier: string }[] }>(
      'accounts.apps',
      scope(),
    )
    expect(apps.map((a) => [a.osType, a.appStoreIdentifier]).sort()).toEqual([
      ['ANDROID', 'com.example.sandboxstudio'],
      ['IOS', '333903271'],
    ])
    const job = await queued('accounts.update', {
      ...scope(second),
      name: 'Second, renamed',
      industryType: 'TRAVEL',
    })
    expect(job.state).toBe('done')
    expect((await getAccountDetails(ctx, second)).industry_type).toBe('TRAVEL')
    await expect(app.call('accounts.update', { ...scope(), industryType: 'PIRACY' })).rejects.toMatchObject({
      code: 'invalid_request',
    })
  })

  it('reads history between whole hours, and says plainly when the account is not allowlisted', async () => {
    const campaignId = (await listCampaigns(ctx, main)).data[0]!.id
    const request = {
      ...scope(),
      entityType: 'CAMPAIGN',
      entityId: campaignId,
      startTime: '2026-01-05T00:00:00Z',
      endTime: '2026-01-06T00:00:00Z',
    }
    const { entries } = await app.call<{ entries: { changeType: string; changedBy: { userId: string } }[] }>(
      'accounts.history',
      request,
    )
    expect(entries).toEqual([
      expect.objectContaining({
        changeType: 'CREATE',
        changedBy: expect.objectContaining({ userId: sandbox.demo.userId }),
      }),
    ])
    await expect(
      app.call('accounts.history', { ...request, startTime: '2026-01-05T00:30:00Z' }),
    ).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'startTime',
    })
    await expect(app.call('accounts.history', { ...request, accountId: second })).rejects.toMatchObject({
      code: 'forbidden',
      message: NOT_ALLOWLISTED_MESSAGE,
    })
  })

  it('adds a feature to a sandbox account and deletes a sandbox-made account', async () => {
    const job = await queued('accounts.addFeatures', {
      ...scope(second),
      featureKeys: ['PROMOTED_MEDIA_POLLS'],
    })
    expect(job.state).toBe('done')
    const { features } = await app.call<{ features: string[] }>('accounts.features', scope(second))
    expect(features).toContain('PROMOTED_MEDIA_POLLS')
    await expect(
      app.call('accounts.addFeatures', { ...scope(second), featureKeys: ['MIND_READING'] }),
    ).rejects.toMatchObject({ field: 'featureKeys.0' })

    const made = await createSandboxAccount(ctx)
    const deleted = await queued('accounts.deleteSandbox', scope(made.id))
    expect(deleted).toMatchObject({ state: 'done', title: `Delete the sandbox account “${made.name}”` })
    // The seeded accounts were not made on the sandbox host: the platform refuses, per item.
    const refused = await queued('accounts.deleteSandbox', scope(second))
    expect(refused.state).toBe('failed')
    expect(refused.error?.message).toMatch(/Only accounts created on the ads sandbox host/)
  })

  it('lists account media by creative type and deletes them', async () => {
    const { items } = await app.call<{ items: { id: string; creativeType: string; videoId?: string }[] }>(
      'accountMedia.list',
      { ...scope(), creativeTypes: ['PREROLL'] },
    )
    expect(items).toEqual([expect.objectContaining({ creativeType: 'PREROLL', videoId: expect.any(String) })])
    const job = await queued('accountMedia.delete', { ...scope(), accountMediaIds: [items[0]!.id] })
    expect(job.state).toBe('done')
    expect(
      (await app.call<{ items: unknown[] }>('accountMedia.list', { ...scope(), creativeTypes: ['PREROLL'] }))
        .items,
    ).toEqual([])
  })

  it('lists advertiser business categories with their IAB codes', async () => {
    const { categories } = await app.call<{ categories: { name: string; iabCategories: string[] }[] }>(
      'businessCategories.list',
      { profileId: app.profile.id },
    )
    expect(categories).toHaveLength(16)
    expect(categories.find((c) => c.name === 'Travel')?.iabCategories).toEqual(['IAB20'])
  })
})
