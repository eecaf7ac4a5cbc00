import { describe, expect, it } from 'vitest'
import { createIpcDispatcher, type HandlerMap } from '../../../src/main/ipc/dispatcher'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { CHANNELS } from '../../../src/shared/ipc/channels'

// The campaign channels (issue 14) refuse, at the boundary and on their field, what main would
// put into a URL or send: ids that are not ids, text with a lone surrogate, hours that are not
// whole, features the sandbox cannot grant, and empty changes.

const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }
const profileId = '6f1c1f0e-2a4b-4c3d-8e9f-0a1b2c3d4e5f'
const base = { profileId, accountId: '18ce54d4x5t' }

const neverCalled = Object.fromEntries(
  CHANNELS.map((channel) => [
    channel,
    () => {
      throw new Error(`${channel} ran with a payload its schema should have refused`)
    },
  ]),
) as unknown as HandlerMap
const dispatcher = createIpcDispatcher(neverCalled, createSenderPolicy(RENDERER))

const history = {
  ...base,
  entityType: 'LINE_ITEM',
  entityId: 'li1',
  startTime: '2026-01-05T00:00:00Z',
  endTime: '2026-01-06T00:00:00Z',
}

const cases: [string, Record<string, unknown>, string][] = [
  ['lineItems.list', { ...base, accountId: '../accounts' }, 'accountId'],
  ['lineItems.list', { ...base, cursor: 'c\ud800' }, 'cursor'],
  ['lineItems.setStatus', { ...base, lineItemIds: ['a/b'], status: 'PAUSED' }, 'lineItemIds.0'],
  ['lineItems.setStatus', { ...base, lineItemIds: ['li1'], status: 'DELETED' }, 'status'],
  ['lineItems.setStatus', { ...base, lineItemIds: [], status: 'PAUSED' }, 'lineItemIds'],
  [
    'lineItems.setStatus',
    { ...base, lineItemIds: Array.from({ length: 201 }, (_, i) => `l${i}`), status: 'PAUSED' },
    'lineItemIds',
  ],
  ['lineItems.delete', { ...base, lineItemIds: ['li1?x=1'] }, 'lineItemIds.0'],
  ['lineItems.update', { ...base, lineItemId: 'li1', patch: { name: 'Half \ud83d' } }, 'patch.name'],
  ['lineItems.update', { ...base, lineItemId: 'li1', patch: { objective: 'REACH' } }, 'patch.objective'],
  ['lineItems.update', { ...base, lineItemId: 'li1', patch: {} }, 'patch'],
  [
    'lineItems.update',
    { ...base, lineItemId: 'li1', patch: { categories: ['IAB1\udc00'] } },
    'patch.categories.0',
  ],
  ['lineItems.attachCategory', { ...base, lineItemId: 'li1', curatedCategoryId: '' }, 'curatedCategoryId'],
  ['curatedCategories.list', { ...base, countryCodes: ['usa'] }, 'countryCodes.0'],
  ['accounts.update', { ...base, name: '   ' }, 'name'],
  ['accounts.update', { ...base, name: 'Spring \ud800' }, 'name'],
  ['accounts.update', { ...base, industryType: 'PIRACY' }, 'industryType'],
  ['accounts.update', { ...base }, 'name'],
  ['accounts.addFeatures', { ...base, featureKeys: ['MIND_READING'] }, 'featureKeys.0'],
  ['accounts.history', { ...history, startTime: '2026-01-05T00:30:00Z' }, 'startTime'],
  ['accounts.history', { ...history, endTime: '2026-01-04T00:00:00Z' }, 'endTime'],
  ['accounts.history', { ...history, entityType: 'AD' }, 'entityType'],
  ['accountMedia.list', { ...base, creativeTypes: ['BILLBOARD'] }, 'creativeTypes.0'],
  ['accountMedia.delete', { ...base, accountMediaIds: ['x y'] }, 'accountMediaIds.0'],
]

describe('campaign channels', () => {
  it.each(cases)('%s refuses %j on "%s"', async (channel, payload, field) => {
    const result = await dispatcher.dispatch(channel, sender, payload)
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
    if (!result.ok) expect(result.error.field ?? '').toBe(field)
  })
})
