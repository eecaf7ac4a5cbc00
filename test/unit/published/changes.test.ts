import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPublishedChanges } from '../../../src/main/published/changes'
import { createPendingChangesStore } from '../../../src/main/published/pendingChanges'
import { AppFailure, appError } from '../../../src/shared/errors'
import type { CardContent } from '../../../src/shared/creatives/card'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft } from '../../../src/shared/drafts/envelope'

/**
 * Edits of published cards as changes (issue 42): the base recorded when editing begins (the
 * platform's copy, else the mirror's, else the draft's), the changes measured from the draft the
 * designer saw, the re-base after a choice, and a store that keeps a conflict across a restart.
 */

const DRAFT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const content: CardContent = {
  name: 'Spring',
  mode: 'single',
  components: [
    { id: 'm', type: 'MEDIA', media: null },
    { id: 'd', type: 'DETAILS', title: 'Hello', destination: { type: 'WEBSITE', url: 'https://a.example' } },
  ],
  slides: [],
}
const draft: Draft = {
  id: DRAFT_ID,
  kind: 'card',
  name: 'Spring',
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
  status: 'published',
  content,
  published: { accountId: 'acc1', cardId: 'c1' },
}
const platformCard = (name: string, title = 'Hello') => ({
  id: 'c1',
  name,
  updated_at: '2026-12-02T00:00:00Z',
  components: [
    { type: 'MEDIA', media_key: '3_1' },
    { type: 'DETAILS', title, destination: { type: 'WEBSITE', url: 'https://a.example' } },
  ],
})

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ads-changes-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function service(read: () => Promise<unknown>, mirrored?: unknown, entry?: unknown) {
  const pending = createPendingChangesStore(join(dir, 'published-changes.json'))
  const changes = createPublishedChanges({
    drafts: { get: (id) => (id === DRAFT_ID ? draft : undefined), flush: async () => undefined },
    outbox: {
      enqueueOperations: async () => ({ id: 'job1' }) as never,
      job: async () => ({ state: 'done' }) as never,
    },
    // The read goes through getCard; the fake context answers it as the platform would.
    withAdsContext: async () => read() as never,
    pending,
    ...(mirrored
      ? {
          mirror: {
            open: async () =>
              ({
                readRecords: async () => [mirrored],
                get: () => entry,
              }) as never,
            quarantined: () => [],
          },
        }
      : {}),
    gate: async () => [],
    now: () => Date.parse('2026-12-03T00:00:00Z'),
  })
  return { changes, pending }
}

describe('recording the base of a published card', () => {
  it('takes the platform’s copy when it can read it', async () => {
    const { changes, pending } = service(async () => platformCard('Spring, as on the platform'))
    expect(await changes.begin('p1', DRAFT_ID)).toBe('unchanged')
    const base = (await pending.get(DRAFT_ID))!.base
    expect(base).toMatchObject({ source: 'platform', updatedAt: '2026-12-02T00:00:00Z' })
    expect((base.raw as { name: string }).name).toBe('Spring, as on the platform')
  })

  it('takes the mirror’s record offline, and the draft’s content with neither', async () => {
    const offline = () => Promise.reject(new AppFailure(appError('offline', 'No network')))
    const record = {
      id: 'c1',
      name: 'Mirrored',
      updatedAt: '2026-12-01T12:00:00Z',
      fingerprint: 'f',
      fetchedAt: '2026-12-01T12:00:01Z',
      deleted: false,
      raw: platformCard('Mirrored'),
    }
    const fromMirror = service(offline, record)
    await fromMirror.changes.begin('p1', DRAFT_ID)
    expect((await fromMirror.pending.get(DRAFT_ID))!.base).toMatchObject({
      source: 'mirror',
      updatedAt: '2026-12-01T12:00:00Z',
    })
    await rm(join(dir, 'published-changes.json'))
    const fromDraft = service(offline)
    await fromDraft.changes.begin('p1', DRAFT_ID)
    const base = (await fromDraft.pending.get(DRAFT_ID))!.base
    expect(base).toMatchObject({ source: 'draft', updatedAt: null })
    expect((base.raw as { name: string }).name).toBe('Spring')
  })

  it('keeps the base while changes are pending against it, and reads it again when none are', async () => {
    let name = 'First'
    const { changes, pending } = service(async () => platformCard(name))
    await changes.begin('p1', DRAFT_ID)
    name = 'Second'
    await changes.begin('p1', DRAFT_ID)
    expect(((await pending.get(DRAFT_ID))!.base.raw as { name: string }).name).toBe('Second')
    await changes.keep('p1', DRAFT_ID, { ...content, name: 'Mine' })
    name = 'Third'
    await changes.begin('p1', DRAFT_ID)
    expect(((await pending.get(DRAFT_ID))!.base.raw as { name: string }).name).toBe('Second')
  })
})

describe('an edit begun and not changed', () => {
  it('shows as changed on the platform once the mirror holds a newer copy with other values', async () => {
    const newer = {
      id: 'c1',
      name: 'Renamed there',
      updatedAt: '2026-12-05T00:00:00Z',
      fingerprint: 'another',
      fetchedAt: '2026-12-05T00:00:01Z',
      deleted: false,
    }
    const { changes } = service(async () => platformCard('Spring'), { ...newer, raw: {} }, newer)
    expect(await changes.begin('p1', DRAFT_ID)).toBe('downloaded')
    const [listed] = await changes.list('p1', 'acc1')
    expect(listed).toMatchObject({ state: 'downloaded', fields: [] })
  })
})

describe('keeping an edit as field changes', () => {
  it('records only the fields the designer changed from the draft they saw, by wire path', async () => {
    const { changes } = service(async () => platformCard('Renamed elsewhere'))
    const edited = structuredClone(content)
    const details = edited.components[1]
    if (details?.type !== 'DETAILS') throw new Error('DETAILS second')
    details.title = 'Hi there'
    const kept = await changes.keep('p1', DRAFT_ID, edited)
    // The name the draft shows differs from the platform's, but the designer did not touch it.
    expect(kept.changes).toEqual({ 'components.1.title': 'Hi there' })
    const view = await changes.view(kept)
    expect(view.state).toBe('local')
    expect(view.fields).toEqual([
      {
        path: 'components.1.title',
        label: 'Title (component 2)',
        base: 'Hello',
        mine: 'Hi there',
        conflict: false,
      },
    ])
  })

  it('drops a change set back to the base value', async () => {
    const { changes } = service(async () => platformCard('Spring'))
    const kept = await changes.keep('p1', DRAFT_ID, { ...content, name: 'Summer' })
    expect(kept.changes).toEqual({ name: 'Summer' })
    const back = await changes.keep('p1', DRAFT_ID, { ...content, name: 'Spring' })
    expect(back.changes).toEqual({})
  })
})

describe('a conflict', () => {
  async function inConflict() {
    const setup = service(async () => platformCard('Spring'))
    await setup.changes.keep('p1', DRAFT_ID, { ...content, name: 'Mine' })
    await setup.pending.update(DRAFT_ID, (change) => ({
      ...change,
      conflict: {
        updatedAt: '2026-12-04T00:00:00Z',
        readAt: '2026-12-04T00:00:01Z',
        raw: platformCard('Theirs', 'Changed there too'),
        deleted: false,
        fields: [{ path: 'name', base: 'Spring', theirs: 'Theirs', mine: 'Mine' }],
      },
    }))
    return setup
  }

  it('survives a restart: the store reads it back, still in conflict', async () => {
    await inConflict()
    const reopened = service(async () => platformCard('Spring'))
    const [change] = await reopened.changes.list('p1', 'acc1')
    expect(change?.state).toBe('conflict')
    expect(change?.fields[0]).toMatchObject({
      base: 'Spring',
      theirs: 'Theirs',
      mine: 'Mine',
      conflict: true,
    })
    expect(await reopened.changes.post('p1', 'acc1')).toEqual({ jobIds: [], skipped: [DRAFT_ID] })
  })

  it('refuses a choice that leaves a field undecided', async () => {
    const { changes } = await inConflict()
    await expect(changes.resolve('p1', DRAFT_ID, {})).rejects.toMatchObject({ field: 'name' })
  })

  it('re-bases on the platform’s copy after keep mine, and takes theirs into the content', async () => {
    const mine = await inConflict()
    const rebased = await mine.changes.resolve('p1', DRAFT_ID, { name: 'mine' })
    expect(rebased.conflict).toBeUndefined()
    expect(rebased.base).toMatchObject({ source: 'platform', updatedAt: '2026-12-04T00:00:00Z' })
    expect(rebased.changes).toEqual({ name: 'Mine' })

    await rm(join(dir, 'published-changes.json'))
    const theirs = await inConflict()
    const taken = await theirs.changes.resolve('p1', DRAFT_ID, { name: 'theirs' })
    expect(taken.changes).toEqual({})
    // Nothing of the designer's is left: nothing stays pending.
    expect(await theirs.pending.get(DRAFT_ID)).toBeUndefined()
  })
})

describe('the store of pending changes', () => {
  it('moves a damaged file aside and starts empty', async () => {
    const file = join(dir, 'published-changes.json')
    await writeFile(file, '{ not json')
    const store = createPendingChangesStore(file)
    expect(await store.list()).toEqual([])
    expect((await readdir(dir)).some((name) => name.includes('.damaged-'))).toBe(true)
  })
})
