import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDraftStore } from '../../../src/main/drafts/store'
import type { ContentValidator } from '../../../src/shared/drafts/envelope'
import { manualClock, readJson, useTempDirs } from './helpers'

const tempDir = useTempDirs()

async function openStore(dir: string, extra: { now?: () => Date; validateContent?: ContentValidator } = {}) {
  const store = createDraftStore({ dir, ...extra })
  await store.load()
  return store
}

const carousel = {
  mode: 'multi_destination',
  slides: [
    {
      components: [
        { type: 'MEDIA', mediaKey: '3_1' },
        { type: 'DETAILS', title: 'One', url: 'https://a.example' },
      ],
    },
    {
      components: [
        { type: 'MEDIA', mediaKey: '3_2' },
        { type: 'DETAILS', title: 'Two', url: 'https://b.example' },
      ],
    },
  ],
}

describe('export and import', () => {
  it('round-trips a draft through a shareable .json file into another data directory', async () => {
    const clock = manualClock()
    const alice = await openStore(await tempDir(), { now: clock.now })
    const draft = await alice.create('card', 'Carousel for Bob', carousel)
    const file = join(await tempDir(), 'Carousel for Bob.json')

    await alice.exportDraft(draft.id, file)

    expect(await readJson(file)).toEqual({
      type: 'ads-studio/draft',
      version: 1,
      exportedAt: '2026-03-01T12:00:00.000Z',
      draft,
    })
    clock.advance(10_000)
    const bob = await openStore(await tempDir(), { now: clock.now })
    const imported = await bob.importDraft(file)
    expect(imported).toEqual({
      draft: { ...draft, updatedAt: '2026-03-01T12:00:10.000Z' },
      idChanged: false,
      originalId: draft.id,
    })
    expect(bob.get(draft.id)).toEqual(imported.draft)
  })

  it('gives an imported draft a new id when its id is already taken', async () => {
    const store = await openStore(await tempDir())
    const draft = await store.create('card', 'mine', carousel)
    const file = join(await tempDir(), 'mine.json')
    await store.exportDraft(draft.id, file)

    const again = await store.importDraft(file)

    expect(again.idChanged).toBe(true)
    expect(again.originalId).toBe(draft.id)
    expect(again.draft.id).not.toBe(draft.id)
    expect(again.draft.content).toEqual(draft.content)
    expect(store.list()).toHaveLength(2)
  })

  it('does not reuse the id of a draft waiting in the trash', async () => {
    const store = await openStore(await tempDir())
    const draft = await store.create('card', 'x', {})
    const file = join(await tempDir(), 'x.json')
    await store.exportDraft(draft.id, file)
    await store.remove(draft.id)

    const imported = await store.importDraft(file)

    expect(imported.idChanged).toBe(true)
    await expect(store.undoRemove(draft.id)).resolves.toMatchObject({ id: draft.id })
  })

  it('imports published work as an unpublished draft', async () => {
    const store = await openStore(await tempDir())
    const draft = await store.create('card', 'x', {})
    await store.setStatus(draft.id, 'published', { cardUri: 'card://7' })
    const file = join(await tempDir(), 'x.json')
    await store.exportDraft(draft.id, file)

    const { draft: imported } = await store.importDraft(file)

    expect(imported.status).toBe('draft')
    expect(imported).not.toHaveProperty('published')
  })

  it('imports and migrates a bare version 1 draft file', async () => {
    const file = join(await tempDir(), 'old.json')
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        id: '0b7d7a3e-6f43-4e4b-9a0e-8c2f5d1e3a44',
        kind: 'poll',
        title: 'Old poll',
        created: Date.UTC(2025, 0, 1),
        modified: Date.UTC(2025, 0, 2),
        state: 'editing',
        content: { choices: ['a', 'b'] },
      }),
    )
    const store = await openStore(await tempDir())

    const result = await store.importDraft(file)

    expect(result.migratedFrom).toBe(1)
    expect(result.draft).toMatchObject({ kind: 'poll_card', name: 'Old poll', schemaVersion: 2 })
  })

  it.each([
    ['not JSON at all', 'PK\u0003\u0004 binary zip data', 'import_invalid', /not valid JSON/],
    [
      'truncated JSON',
      '{"type":"ads-studio/draft","version":1,"draft":{"id":',
      'import_invalid',
      /not valid JSON/,
    ],
    [
      'another app file',
      '{"type":"excalidraw","version":2,"elements":[]}',
      'import_invalid',
      /not an Ads Studio draft/,
    ],
    [
      'a newer export format',
      '{"type":"ads-studio/draft","version":99,"draft":{}}',
      'import_invalid',
      /newer Ads Studio/,
    ],
    [
      'a wrapper with no draft',
      '{"type":"ads-studio/draft","version":1}',
      'import_invalid',
      /holds no draft/,
    ],
    ['a JSON array', '[1,2,3]', 'import_invalid', /does not contain an Ads Studio draft/],
    [
      'a damaged draft',
      '{"schemaVersion":2,"id":"nope","kind":"card","name":"x"}',
      'import_invalid',
      /cannot be imported/,
    ],
  ])('rejects %s with a clear message', async (_label, text, code, message) => {
    const file = join(await tempDir(), 'garbage.json')
    await writeFile(file, text)
    const store = await openStore(await tempDir())

    await expect(store.importDraft(file)).rejects.toMatchObject({
      code,
      message: expect.stringMatching(message),
    })
    expect(store.list()).toEqual([])
  })

  it('rejects content the content model refuses', async () => {
    const source = await openStore(await tempDir())
    const draft = await source.create('poll_card', 'p', { choices: [] })
    const file = join(await tempDir(), 'p.json')
    await source.exportDraft(draft.id, file)
    const strict = await openStore(await tempDir(), {
      validateContent: () => ({ ok: false, message: 'a poll needs two choices' }),
    })

    await expect(strict.importDraft(file)).rejects.toMatchObject({
      code: 'import_invalid',
      message: expect.stringContaining('a poll needs two choices'),
    })
  })

  it('says when the file cannot be read', async () => {
    const dir = await tempDir()
    const store = await openStore(dir)
    await expect(store.importDraft(join(dir, 'missing.json'))).rejects.toMatchObject({
      code: 'import_unreadable',
      message: expect.stringContaining('ENOENT'),
    })
    await expect(store.importDraft(dir)).rejects.toMatchObject({ code: 'import_unreadable' })
  })
})
