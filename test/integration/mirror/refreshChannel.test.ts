import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import type { Sandbox } from '../../../sandbox/index'
import type { StudioEvent } from '../../../src/shared/ipc/events'
import { MIRROR_KINDS, type MirrorKindStatus } from '../../../src/shared/ipc/contracts/mirror'
import { openConnectedApp } from '../library/connectedApp'
import type { ConnectedApp } from '../library/connectedApp'

/** mirror.refresh and mirror.status through the validating dispatcher, with mirror.changed events. */

let sandbox: Sandbox
let app: ConnectedApp
let accountId: string

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  accountId = sandbox.demo.accountIds[0]!
  sandbox.fill({ kind: 'media_library', accountId, count: 60 })
  app = await openConnectedApp(sandbox, { keychainService: `Ads Studio mirror test ${process.pid}` })
})
afterAll(async () => {
  await app?.close()
  await sandbox?.close()
})

const scope = () => ({ profileId: app.profile.id, accountId })
const kindsOf = (answer: { kinds: MirrorKindStatus[] }) =>
  Object.fromEntries(answer.kinds.map((k) => [k.kind, k]))

describe('mirror channels', () => {
  it('says nothing is mirrored yet, then gets every kind and tells the window as it goes', async () => {
    const before = kindsOf(await app.call('mirror.status', scope()))
    expect(before.cards).toMatchObject({ asOf: null, count: 0 })

    const seen: StudioEvent[] = []
    const unsubscribe = app.services.events.subscribe((event) => {
      if (event.name === 'mirror.changed') seen.push(event)
    })
    const after = kindsOf(await app.call('mirror.refresh', scope()))
    unsubscribe()

    // The 60 filled and the seeded ones: two pages and more of at most 50 (spec part B:88).
    expect(after.media_library!.count).toBeGreaterThan(60)
    expect(after.cards!.count).toBeGreaterThanOrEqual(1)
    // The seeded line items and audiences, in the shape the app reads (none kept raw and flagged).
    expect(after.line_items!.count).toBeGreaterThan(0)
    expect(after.custom_audiences!.count).toBeGreaterThan(0)
    for (const kind of MIRROR_KINDS)
      expect(after[kind]).toMatchObject({ asOf: expect.any(String), pagesPending: 0, flagged: 0 })
    const done = seen.filter((e) => (e.payload as { state: string }).state === 'done')
    expect(done.map((e) => (e.payload as { kind: string }).kind)).toEqual([...MIRROR_KINDS])
  })

  it('lists the Library’s cards from the mirror when the platform cannot be reached, saying how old', async () => {
    sandbox.fill({ kind: 'cards', accountId, count: 3 })
    const online = await app.call<{ cards: { name: string }[]; mirror?: unknown }>('library.cards', {
      ...scope(),
      kinds: ['component'],
    })
    expect(online.mirror).toBeUndefined()
    // The three new cards were made after the mirror's walk: offline, the mirror does not know them.
    await sandbox.close()
    const offline = await app.call<{ cards: { name: string }[]; mirror?: { asOf: string } }>(
      'library.cards',
      {
        ...scope(),
        kinds: ['component', 'poll'],
      },
    )
    expect(offline.mirror?.asOf).toEqual(expect.any(String))
    expect(offline.cards.map((c) => c.name)).toContain('Seeded website card')
    expect(offline.cards.map((c) => c.name)).not.toContain('Filled website card 1')
    const searched = await app.call<{ cards: { name: string }[] }>('library.cards', {
      ...scope(),
      kinds: ['component'],
      q: 'seeded',
    })
    expect(searched.cards.map((c) => c.name)).toEqual(['Seeded website card'])

    // The media library too, with its filters: a term in the name, a media type.
    const media = await app.call<{ items: { name?: string }[]; mirror?: { asOf: string } }>('library.list', {
      ...scope(),
      q: 'Filled image 1',
      mediaType: 'IMAGE',
    })
    expect(media.mirror?.asOf).toEqual(expect.any(String))
    expect(media.items.map((i) => i.name)).toContain('Filled image 17')
    expect(media.items.every((i) => i.name?.startsWith('Filled image 1'))).toBe(true)
    const videos = await app.call<{ items: unknown[] }>('library.list', {
      ...scope(),
      q: 'Filled',
      mediaType: 'VIDEO',
    })
    expect(videos.items).toEqual([])
  })
})
