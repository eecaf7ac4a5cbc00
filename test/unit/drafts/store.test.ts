import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ContentValidator } from '../../../src/shared/drafts/envelope'
import { createDraftStore, DraftStoreError } from '../../../src/main/drafts/store'
import type { DraftStoreOptions } from '../../../src/main/drafts/store'
import { filesIn, manualClock, readJson, useTempDirs } from './helpers'

const tempDir = useTempDirs()

async function openStore(options: Partial<DraftStoreOptions> & { dir: string }) {
  const store = createDraftStore(options)
  await store.load()
  return store
}

describe('draft store CRUD', () => {
  it('creates a draft, writes it as one JSON file and lists it', async () => {
    const dir = await tempDir()
    const clock = manualClock()
    const store = await openStore({ dir, now: clock.now })

    const draft = await store.create('card', 'Summer carousel', { components: [{ type: 'MEDIA' }] })

    expect(draft).toMatchObject({
      kind: 'card',
      name: 'Summer carousel',
      status: 'draft',
      schemaVersion: 2,
      createdAt: '2026-03-01T12:00:00.000Z',
      updatedAt: '2026-03-01T12:00:00.000Z',
      content: { components: [{ type: 'MEDIA' }] },
    })
    expect(await readJson(join(dir, 'drafts', `${draft.id}.json`))).toEqual(draft)
    expect(store.get(draft.id)).toEqual(draft)
    expect(store.list()).toEqual([
      {
        id: draft.id,
        kind: 'card',
        name: 'Summer carousel',
        status: 'draft',
        createdAt: draft.createdAt,
        updatedAt: draft.updatedAt,
      },
    ])
  })

  it('saves changes durably and a new store on the same directory sees them', async () => {
    const dir = await tempDir()
    const clock = manualClock()
    const store = await openStore({ dir, now: clock.now })
    const draft = await store.create('post', 'Launch post', { text: 'v1' })

    clock.advance(5_000)
    const saved = await store.save({ ...draft, name: 'Launch post (final)', content: { text: 'v2' } })

    expect(saved.updatedAt).toBe('2026-03-01T12:00:05.000Z')
    expect(saved.createdAt).toBe(draft.createdAt)
    const reopened = await openStore({ dir })
    expect(reopened.get(draft.id)).toEqual(saved)
    expect(await filesIn(join(dir, 'drafts'))).toEqual([`${draft.id}.json`])
  })

  it('hands out copies, so callers cannot change the index behind its back', async () => {
    const store = await openStore({ dir: await tempDir() })
    const draft = await store.create('post', 'Post', { text: 'original' })
    const copy = store.get(draft.id)
    ;(copy?.content as { text: string }).text = 'mutated'
    expect(store.get(draft.id)?.content).toEqual({ text: 'original' })
  })

  it('lists the most recently changed drafts first', async () => {
    const clock = manualClock()
    const store = await openStore({ dir: await tempDir(), now: clock.now })
    const first = await store.create('card', 'first', {})
    clock.advance(1000)
    const second = await store.create('card', 'second', {})
    clock.advance(1000)
    await store.save({ ...first, name: 'first, edited' })
    expect(store.list().map((summary) => summary.id)).toEqual([first.id, second.id])
  })

  it('rejects a save for a draft it does not have', async () => {
    const store = await openStore({ dir: await tempDir() })
    const draft = await store.create('card', 'x', {})
    await expect(store.save({ ...draft, id: '7d1c1f8e-2b9a-4a57-8a4e-5e2f4b7c9d10' })).rejects.toMatchObject({
      code: 'not_found',
    })
  })

  it('rejects invalid drafts and kind changes with a clear message', async () => {
    const store = await openStore({ dir: await tempDir() })
    const draft = await store.create('card', 'x', {})
    const invalid = store.save({ ...draft, status: 'archived' as never })
    await expect(invalid).rejects.toBeInstanceOf(DraftStoreError)
    await expect(invalid).rejects.toMatchObject({
      code: 'invalid_draft',
      message: expect.stringContaining('status'),
    })
    await expect(store.save({ ...draft, kind: 'post' })).rejects.toMatchObject({
      code: 'invalid_draft',
      message: 'A card draft cannot become a post',
    })
  })

  it('checks content with the injected validator and keeps the normalised result', async () => {
    const validateContent: ContentValidator = (kind, content) => {
      if (kind !== 'poll_card') return { ok: true }
      const choices = (content as { choices?: unknown }).choices
      return Array.isArray(choices) && choices.length >= 2
        ? { ok: true, content: { choices, durationInMinutes: 1440 } }
        : { ok: false, message: 'a poll needs two choices' }
    }
    const store = await openStore({ dir: await tempDir(), validateContent })

    await expect(store.create('poll_card', 'Poll', { choices: ['yes'] })).rejects.toMatchObject({
      code: 'invalid_content',
      message: 'Draft content is invalid: a poll needs two choices',
    })
    const poll = await store.create('poll_card', 'Poll', { choices: ['yes', 'no'] })
    expect(poll.content).toEqual({ choices: ['yes', 'no'], durationInMinutes: 1440 })
    expect(store.list()).toHaveLength(1)
  })

  it('refuses content that is not plain JSON', async () => {
    const store = await openStore({ dir: await tempDir() })
    await expect(store.create('card', 'x', { when: new Date() } as never)).rejects.toMatchObject({
      code: 'invalid_content',
    })
  })

  it('refuses to work before load and after close', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir })
    expect(() => store.list()).toThrow(expect.objectContaining({ code: 'not_loaded' }))
    await store.load()
    await store.close()
    expect(() => store.list()).toThrow(expect.objectContaining({ code: 'closed' }))
    await expect(store.create('card', 'x', {})).rejects.toMatchObject({ code: 'closed' })
  })

  it('leaves no temp files behind after many writes', async () => {
    const dir = await tempDir()
    const store = await openStore({ dir })
    const draft = await store.create('card', 'x', { n: 0 })
    await Promise.all(Array.from({ length: 20 }, (_, n) => store.save({ ...draft, content: { n } })))
    expect(await readdir(join(dir, 'drafts'))).toEqual([`${draft.id}.json`])
    // Concurrent saves of one draft land in call order: the last one wins on disk.
    expect(
      ((await readJson(join(dir, 'drafts', `${draft.id}.json`))) as { content: unknown }).content,
    ).toEqual({
      n: 19,
    })
  })
})

describe('duplicate', () => {
  it('copies kind and content under a new id and name, as unpublished work', async () => {
    const clock = manualClock()
    const store = await openStore({ dir: await tempDir(), now: clock.now })
    const original = await store.create('card', 'Hero card', {
      components: [{ type: 'MEDIA', mediaKey: 'k1' }],
    })
    await store.setStatus(original.id, 'published', { cardUri: 'card://1' })
    clock.advance(60_000)

    const copy = await store.duplicate(original.id)

    expect(copy.id).not.toBe(original.id)
    expect(copy).toMatchObject({
      kind: 'card',
      name: 'Hero card (copy)',
      status: 'draft',
      createdAt: '2026-03-01T12:01:00.000Z',
      content: { components: [{ type: 'MEDIA', mediaKey: 'k1' }] },
    })
    expect(copy).not.toHaveProperty('published')
    expect(store.list()).toHaveLength(2)
    expect(store.get(original.id)?.status).toBe('published')
  })

  it('fails for an unknown draft', async () => {
    const store = await openStore({ dir: await tempDir() })
    await expect(store.duplicate('7d1c1f8e-2b9a-4a57-8a4e-5e2f4b7c9d10')).rejects.toMatchObject({
      code: 'not_found',
    })
  })
})

describe('setStatus', () => {
  it('records status and merges remote ids step by step', async () => {
    const dir = await tempDir()
    const store = await openStore({ dir })
    const draft = await store.create('card', 'x', {})

    await store.setStatus(draft.id, 'publishing', { mediaKey: '3_99' })
    const done = await store.setStatus(draft.id, 'published', { cardUri: 'card://42', cardId: '42' })

    expect(done.status).toBe('published')
    expect(done.published).toEqual({ mediaKey: '3_99', cardUri: 'card://42', cardId: '42' })
    const reopened = await openStore({ dir })
    expect(reopened.get(draft.id)).toEqual(done)
  })

  it('is not rolled back by an editor saving a copy it read before publishing', async () => {
    const store = await openStore({ dir: await tempDir() })
    const draft = await store.create('card', 'x', { v: 0 })
    const staleEditorCopy = store.get(draft.id)
    if (!staleEditorCopy) throw new Error('draft vanished')
    await store.setStatus(draft.id, 'publishing', { mediaKey: '3_1' })

    const saved = await store.save({ ...staleEditorCopy, content: { v: 1 } })

    expect(saved).toMatchObject({ status: 'publishing', published: { mediaKey: '3_1' }, content: { v: 1 } })
  })

  it('rejects unknown statuses and malformed remote ids', async () => {
    const store = await openStore({ dir: await tempDir() })
    const draft = await store.create('card', 'x', {})
    await expect(store.setStatus(draft.id, 'gone' as never)).rejects.toMatchObject({ code: 'invalid_draft' })
    await expect(store.setStatus(draft.id, 'published', { cardUri: '' })).rejects.toMatchObject({
      code: 'invalid_draft',
    })
    expect(store.get(draft.id)?.status).toBe('draft')
  })
})
