import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteAccountMedia, listAccountMedia } from '../../../src/main/api/accountAdmin'
import { type AdsContext } from '../../../src/main/api/adsRequest'
import {
  createLineItemCuratedCategory,
  deleteLineItemCuratedCategory,
  listCuratedCategories,
  listLineItems,
  updateLineItemCuratedCategory,
} from '../../../src/main/api/lineItems'
import type { AccountMediaDetail, CategoryLinkView } from '../../../src/shared/ipc/contracts/campaign'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { openConnectedApp, type ConnectedApp } from '../library/connectedApp'

// Issue 45: what the campaign screens read fresh before acting (one account medium, B:74; one
// line item curated category, B:198) and the change of an attached category (PUT, B:200),
// through the IPC channels (main service → outbox → executor) against the sandbox.

let sandbox: Sandbox
let app: ConnectedApp
let ctx: AdsContext
let main: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio fresh reads test ${process.pid}` })
  ctx = await app.adsContext()
  main = sandbox.demo.accountIds[0]!
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const here = () => ({ profileId: app.profile.id, accountId: main })
const FINISHED = ['done', 'failed', 'canceled', 'published']

async function settle(job: OutboxJobView): Promise<OutboxJobView> {
  for (;;) {
    const { job: now } = await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: job.id })
    if (FINISHED.includes(now.state)) return now
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** The refusal the dispatcher forwards, as the renderer receives it. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as { code: string; message: string; field?: string }
  }
  throw new Error('The call was accepted')
}

describe('one account medium, read fresh (accountMedia.get)', () => {
  it('reads it as the platform has it, says when it is deleted, and refuses an id not on the account', async () => {
    const [first, second] = (await listAccountMedia(ctx, main)).data
    const { item } = await app.call<{ item: AccountMediaDetail }>('accountMedia.get', {
      ...here(),
      accountMediaId: first!.id,
    })
    expect(item).toMatchObject({ id: first!.id, creativeType: first!.creative_type, deleted: false })
    expect(item.createdAt).toBe(first!.created_at)
    expect(item.updatedAt).toBe(first!.updated_at)

    // Deleted elsewhere: still readable, and said to be deleted.
    await deleteAccountMedia(ctx, main, second!.id)
    const gone = await app.call<{ item: AccountMediaDetail }>('accountMedia.get', {
      ...here(),
      accountMediaId: second!.id,
    })
    expect(gone.item.deleted).toBe(true)

    expect(await refusal(app.call('accountMedia.get', { ...here(), accountMediaId: 'nope1' }))).toMatchObject(
      {
        code: 'not_found',
        message: 'This account media is not on this ad account any more: the list shows it as it is now.',
      },
    )
  })
})

describe('changing an attached curated category', () => {
  async function categories() {
    const all = (await listCuratedCategories(ctx, main, ['US', 'GB', 'CA'])).data
    const named = (name: string) => all.find((category) => category.name === name)!
    return { sports: named('Sports'), news: named('News') }
  }
  async function lineItem(name: string) {
    return (await listLineItems(ctx, main)).data.find((item) => item.name === name)!
  }
  const linksOf = (lineItemId: string) =>
    sandbox
      .state()
      .lineItemCuratedCategories.filter((link) => link.line_item_id === lineItemId && !link.deleted)

  it('reads the attachment fresh, then puts another category in its place through the outbox', async () => {
    const { sports, news } = await categories()
    const preroll = await lineItem('Preroll on publishers')
    const link = await createLineItemCuratedCategory(ctx, main, {
      lineItemId: preroll.id,
      curatedCategoryId: sports.id,
    })

    const read = await app.call<{ link: CategoryLinkView }>('lineItems.categoryLink', {
      ...here(),
      lineItemId: preroll.id,
      linkId: link.id,
    })
    expect(read.link).toMatchObject({
      id: link.id,
      lineItemId: preroll.id,
      curatedCategoryId: sports.id,
      category: { name: 'Sports' },
    })

    const { job } = await app.call<{ job: OutboxJobView }>('lineItems.changeCategory', {
      ...here(),
      lineItemId: preroll.id,
      linkId: link.id,
      curatedCategoryId: news.id,
    })
    const done = await settle(job)
    expect(done).toMatchObject({
      state: 'done',
      title: 'Change “Sports” to “News” on “Preroll on publishers”',
    })
    // The same link, changed in place: nothing detached, nothing created.
    expect(linksOf(preroll.id).map((l) => [l.id, l.curated_category_id])).toEqual([[link.id, news.id]])
    const { links } = await app.call<{ links: CategoryLinkView[] }>('lineItems.categories', {
      ...here(),
      lineItemId: preroll.id,
    })
    expect(links.map((l) => l.category?.name)).toEqual(['News'])
    await deleteLineItemCuratedCategory(ctx, main, link.id)
  })

  it('refuses, on the field, the category attached now, one attached already and one that does not exist', async () => {
    const { sports, news } = await categories()
    const web = await lineItem('Website clicks')
    const first = await createLineItemCuratedCategory(ctx, main, {
      lineItemId: web.id,
      curatedCategoryId: sports.id,
    })
    const second = await createLineItemCuratedCategory(ctx, main, {
      lineItemId: web.id,
      curatedCategoryId: news.id,
    })
    const change = (curatedCategoryId: string) =>
      refusal(
        app.call('lineItems.changeCategory', {
          ...here(),
          lineItemId: web.id,
          linkId: first.id,
          curatedCategoryId,
        }),
      )
    expect(await change(sports.id)).toMatchObject({
      field: 'curatedCategoryId',
      message: '“Sports” is the one attached now — choose another category',
    })
    expect(await change(news.id)).toMatchObject({
      field: 'curatedCategoryId',
      message: '“News” is already attached to this line item',
    })
    expect(await change('nope1')).toMatchObject({
      field: 'curatedCategoryId',
      message: 'There is no curated category nope1',
    })
    // Nothing was queued for any of them.
    expect(
      linksOf(web.id)
        .map((l) => l.curated_category_id)
        .sort(),
    ).toEqual([sports.id, news.id].sort())
    await deleteLineItemCuratedCategory(ctx, main, first.id)
    await deleteLineItemCuratedCategory(ctx, main, second.id)
  })

  it('shows a change made elsewhere, and refuses an attachment detached or moved elsewhere', async () => {
    const { sports, news } = await categories()
    const web = await lineItem('Website clicks')
    const preroll = await lineItem('Preroll on publishers')
    const link = await createLineItemCuratedCategory(ctx, main, {
      lineItemId: web.id,
      curatedCategoryId: sports.id,
    })
    const read = (lineItemId = web.id) =>
      app.call<{ link: CategoryLinkView }>('lineItems.categoryLink', {
        ...here(),
        lineItemId,
        linkId: link.id,
      })

    await updateLineItemCuratedCategory(ctx, main, link.id, { curatedCategoryId: news.id })
    expect((await read()).link).toMatchObject({ curatedCategoryId: news.id, category: { name: 'News' } })

    await updateLineItemCuratedCategory(ctx, main, link.id, { lineItemId: preroll.id })
    expect(await refusal(read())).toMatchObject({
      code: 'not_found',
      message: 'That curated category is now attached to another line item. The list shows it as it is now.',
    })

    await deleteLineItemCuratedCategory(ctx, main, link.id)
    expect(await refusal(read(preroll.id))).toMatchObject({
      code: 'not_found',
      message:
        'That curated category is no longer attached: it was detached elsewhere. The list shows it as it is now.',
    })
    expect(
      await refusal(
        app.call('lineItems.changeCategory', {
          ...here(),
          lineItemId: preroll.id,
          linkId: link.id,
          curatedCategoryId: sports.id,
        }),
      ),
    ).toMatchObject({ code: 'not_found' })
  })

  it('changes it once when the answer is lost: the PUT is sent again and settles on the same link', async () => {
    const { sports, news } = await categories()
    const web = await lineItem('Website clicks')
    const link = await createLineItemCuratedCategory(ctx, main, {
      lineItemId: web.id,
      curatedCategoryId: sports.id,
    })
    sandbox.setFaults({ dropAfterCommitRate: 1, pathPattern: '^PUT .*/line_item_curated_categories/' })
    const { job } = await app.call<{ job: OutboxJobView }>('lineItems.changeCategory', {
      ...here(),
      lineItemId: web.id,
      linkId: link.id,
      curatedCategoryId: news.id,
    })
    for (;;) {
      const stored = sandbox.state().lineItemCuratedCategories.find((l) => l.id === link.id)
      if (stored?.curated_category_id === news.id) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    sandbox.setFaults({ dropAfterCommitRate: 0, pathPattern: undefined })
    let finished = await settle(job)
    if (finished.state === 'failed') {
      await app.call('outbox.retry', { jobId: job.id })
      finished = await settle(job)
    }
    expect(finished.state).toBe('done')
    expect(linksOf(web.id).map((l) => [l.id, l.curated_category_id])).toEqual([[link.id, news.id]])
    await deleteLineItemCuratedCategory(ctx, main, link.id)
  })
})
