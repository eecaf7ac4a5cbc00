import { describe, expect, it } from 'vitest'
import {
  cardFingerprint,
  contains,
  createdInWindow,
  pollFingerprint,
  postFactsOfPayload,
  postFactsOfRemote,
  samePost,
  videoConversationFingerprint,
} from '../../../src/main/publish/fingerprint'
import type { CardPayload } from '../../../src/shared/rules/payloads'

describe('fingerprints', () => {
  const card: CardPayload = {
    name: 'Sale',
    components: [
      { type: 'MEDIA', media_key: '3_1' },
      { type: 'DETAILS', title: 'Shop', destination: { type: 'WEBSITE', url: 'https://e.com' } },
    ],
  }

  it('matches a card holding everything that was sent, whatever the server added', () => {
    const remote = {
      ...card,
      id: '9',
      card_type: 'IMAGE_WEBSITE',
      components: card.components!.map((c) => ({ ...c, extra: 1 }) as Record<string, unknown>),
    }
    expect(contains(remote, cardFingerprint(card))).toBe(true)
    const otherUrl = structuredClone(remote)
    otherUrl.components[1] = {
      ...otherUrl.components[1],
      destination: { type: 'WEBSITE', url: 'https://other.com' },
    }
    expect(contains(otherUrl, cardFingerprint(card))).toBe(false)
    expect(contains({ ...remote, components: remote.components.slice(0, 1) }, cardFingerprint(card))).toBe(
      false,
    )
    expect(contains({ ...remote, name: 'Sale 2' }, cardFingerprint(card))).toBe(false)
  })

  it('leaves out write-only fields and accepts numbers given as strings', () => {
    const poll = {
      name: 'P',
      duration_in_minutes: 60,
      first_choice: 'A',
      second_choice: 'B',
      media_key: '3_1',
    }
    expect(
      contains(
        { name: 'P', duration_in_minutes: '60', first_choice: 'A', second_choice: 'B' },
        pollFingerprint(poll),
      ),
    ).toBe(true)
    expect(
      contains(
        { name: 'P', duration_in_minutes: 61, first_choice: 'A', second_choice: 'B' },
        pollFingerprint(poll),
      ),
    ).toBe(false)
    const vc = {
      name: 'V',
      first_cta: '#A',
      first_cta_post: 'a',
      media_key: '13_1',
      thank_you_text: 't',
      poster_media_key: '3_2',
    }
    expect(videoConversationFingerprint(vc)).not.toHaveProperty('poster_media_key')
  })

  it('knows a post by name, text, card and media keys in order', () => {
    const sent = postFactsOfPayload({
      as_user_id: '1',
      name: 'N',
      text: 'Hi',
      card_uri: 'card://1',
      media_keys: '3_1,3_2',
    })
    const remote = {
      name: 'N',
      full_text: 'Hi',
      card_uri: 'card://1',
      extended_entities: { media: [{ media_key: '3_1' }, { media_key: '3_2' }] },
    }
    expect(samePost(postFactsOfRemote(remote), sent)).toBe(true)
    const swapped = { ...remote, extended_entities: { media: [{ media_key: '3_2' }, { media_key: '3_1' }] } }
    expect(samePost(postFactsOfRemote(swapped), sent)).toBe(false)
    expect(samePost(postFactsOfRemote({ ...remote, text: 'Hi', full_text: undefined }), sent)).toBe(true)
  })

  it('accepts creation times from the attempt on, on the server clock, within the tolerance', () => {
    const start = Date.parse('2026-01-07T10:00:00.700Z')
    expect(createdInWindow('2026-01-07T10:00:00Z', start, 0, 0)).toBe(true) // whole seconds, floored
    expect(createdInWindow('2026-01-07T09:59:59Z', start, 0, 0)).toBe(false)
    expect(createdInWindow('2026-01-07T10:59:59Z', start, 3_600_000, 0)).toBe(false) // server an hour ahead
    expect(createdInWindow('2026-01-07T11:00:01Z', start, 3_600_000, 0)).toBe(true)
    expect(createdInWindow('Wed Jan 07 09:59:50 +0000 2026', start, 0, 15_000)).toBe(true)
    expect(createdInWindow(undefined, start, 0, 15_000)).toBe(false)
  })
})
