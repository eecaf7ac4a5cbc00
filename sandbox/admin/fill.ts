import type { Runtime } from '../context'
import { makeLibraryItem, newMediaKey } from '../ads/records'
import type { AdsRecord } from '../state'
import { isoSeconds, longId, shortId } from '../state'
import { OutsideChangeError } from './outsideEdits'

/**
 * The rest of the world made many objects on an account (POST /__admin/fill, --fill): what a
 * busy account holds, so the app's mirror can be tried at scale. Each object is one the
 * platform could have made, with honest created_at and updated_at.
 */

export const FILL_KINDS = ['cards', 'poll_cards', 'media_library', 'line_items'] as const
export type FillKind = (typeof FILL_KINDS)[number]

/** Enough for any bench; more is refused so a typo cannot eat the machine's memory. */
export const FILL_MAX = 50_000

export interface FillRequest {
  kind: FillKind
  accountId: string
  count: number
}

function card(rt: Runtime, accountId: string, n: number, stamp: string): AdsRecord {
  const id = longId(rt.state)
  return {
    id,
    name: `Filled website card ${n}`,
    card_type: 'IMAGE_WEBSITE',
    card_uri: `card://${id}`,
    components: [
      { type: 'DETAILS', title: `Offer ${n}`, destination: { type: 'WEBSITE', url: 'https://example.com' } },
    ],
    created_at: stamp,
    updated_at: stamp,
    deleted: false,
    _account: accountId,
  }
}

function pollCard(rt: Runtime, accountId: string, n: number, stamp: string): AdsRecord {
  const id = shortId(rt.state)
  return {
    id,
    name: `Filled poll ${n}`,
    card_uri: `card://${id}`,
    card_type: 'TEXT_POLLS',
    first_choice: 'Yes',
    second_choice: 'No',
    duration_in_minutes: 1440,
    start_time: stamp,
    end_time: stamp,
    created_at: stamp,
    updated_at: stamp,
    deleted: false,
    _account: accountId,
    _media_key: null,
  }
}

/** Adds `count` objects of a kind to an account of the demo world; answers how many it holds. */
export function fillObjects(
  rt: Runtime,
  request: FillRequest,
  now: number,
): { kind: FillKind; total: number } {
  if (!Number.isSafeInteger(request.count) || request.count < 1 || request.count > FILL_MAX)
    throw new OutsideChangeError(400, `count must be a whole number from 1 to ${FILL_MAX}`)
  if (!rt.state.accounts.some((a) => a.id === request.accountId))
    throw new OutsideChangeError(404, `There is no ad account ${request.accountId}`)
  const stamp = isoSeconds(now)
  const { kind, accountId, count } = request
  // Line items are made in the image of one the account has: its campaign, objective and bids.
  const model = rt.state.lineItems.find((l) => l._account === accountId && !l.deleted)
  if (kind === 'line_items' && !model)
    throw new OutsideChangeError(409, `Ad account ${accountId} has no line item to model new ones on`)
  for (let n = 1; n <= count; n++) {
    if (kind === 'line_items')
      rt.state.lineItems.push({
        ...model,
        id: shortId(rt.state),
        name: `Filled line item ${n}`,
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
      })
    else if (kind === 'cards') rt.state.cards.push(card(rt, accountId, n, stamp))
    else if (kind === 'poll_cards') rt.state.pollCards.push(pollCard(rt, accountId, n, stamp))
    else {
      const { mediaKey } = newMediaKey(rt.state, 'IMAGE', 'POST_IMAGE')
      rt.state.mediaLibrary.push(
        makeLibraryItem({
          account: accountId,
          mediaKey,
          mediaType: 'IMAGE',
          mediaCategory: 'POST_IMAGE',
          width: 1200,
          height: 628,
          name: `Filled image ${n}`,
          now,
        }),
      )
    }
  }
  const collection = {
    cards: 'cards',
    poll_cards: 'pollCards',
    media_library: 'mediaLibrary',
    line_items: 'lineItems',
  } as const
  const total = rt.state[collection[kind]].filter((r) => r._account === accountId).length
  return { kind, total }
}
