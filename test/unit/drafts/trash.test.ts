import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDraftStore } from '../../../src/main/drafts/store'
import { filesIn, manualClock, readJson, useTempDirs } from './helpers'

const tempDir = useTempDirs()

async function openStore(dir: string, now?: () => Date) {
  const store = createDraftStore(
    now ? { dir, now, autosaveDelayMs: 60_000 } : { dir, autosaveDelayMs: 60_000 },
  )
  await store.load()
  return store
}

describe('trash', () => {
  it('moves a removed draft into the trash, where undo brings it back unchanged', async () => {
    const dir = await tempDir()
    const clock = manualClock()
    const store = await openStore(dir, clock.now)
    const keep = await store.create('card', 'keep', {})
    const draft = await store.create('post', 'to remove', { text: 'hello' })
    clock.advance(30_000)

    await store.remove(draft.id)

    expect(store.get(draft.id)).toBeUndefined()
    expect(store.list().map((summary) => summary.id)).toEqual([keep.id])
    expect(await filesIn(join(dir, 'drafts'))).toEqual([`${keep.id}.json`])
    expect(await filesIn(join(dir, 'trash'))).toEqual([`${draft.id}.json`])
    expect(store.listTrash()).toEqual([
      expect.objectContaining({ id: draft.id, name: 'to remove', removedAt: '2026-03-01T12:00:30.000Z' }),
    ])

    const restored = await store.undoRemove(draft.id)

    expect(restored).toEqual(draft)
    expect(store.get(draft.id)).toEqual(draft)
    expect(store.listTrash()).toEqual([])
    expect(await filesIn(join(dir, 'trash'))).toEqual([])
    expect(await readJson(join(dir, 'drafts', `${draft.id}.json`))).toEqual(draft)
  })

  it('sends unsaved edits to the trash with the draft', async () => {
    const dir = await tempDir()
    const store = await openStore(dir)
    const draft = await store.create('post', 'p', { text: 'saved' })
    store.scheduleSave(draft.id, { content: { text: 'typed just before delete' } })

    await store.remove(draft.id)

    expect(store.hasPendingChanges()).toBe(false)
    expect(await readJson(join(dir, 'trash', `${draft.id}.json`))).toMatchObject({
      content: { text: 'typed just before delete' },
    })
  })

  it('keeps the trash across restarts, newest removal first, and undo still works', async () => {
    const dir = await tempDir()
    const clock = manualClock()
    const store = await openStore(dir, clock.now)
    const older = await store.create('card', 'older', {})
    const newer = await store.create('card', 'newer', {})
    await store.remove(older.id)
    clock.advance(1_000)
    await store.remove(newer.id)
    await store.close()

    const reopened = await openStore(dir)
    expect(reopened.list()).toEqual([])
    expect(reopened.listTrash().map((entry) => [entry.name, entry.removedAt])).toEqual([
      ['newer', '2026-03-01T12:00:01.000Z'],
      ['older', '2026-03-01T12:00:00.000Z'],
    ])
    await reopened.undoRemove(older.id)
    expect(reopened.get(older.id)).toEqual(older)
  })

  it('explains when there is nothing to undo', async () => {
    const store = await openStore(await tempDir())
    const draft = await store.create('card', 'x', {})
    await expect(store.undoRemove(draft.id)).rejects.toMatchObject({ code: 'not_in_trash' })
    await expect(store.remove('7d1c1f8e-2b9a-4a57-8a4e-5e2f4b7c9d10')).rejects.toMatchObject({
      code: 'not_found',
    })
    await store.remove(draft.id)
    await store.undoRemove(draft.id)
    await expect(store.undoRemove(draft.id)).rejects.toMatchObject({ code: 'not_in_trash' })
  })

  it('a save racing a remove does not bring the draft back', async () => {
    const dir = await tempDir()
    const store = await openStore(dir)
    const draft = await store.create('card', 'x', { v: 0 })
    const removal = store.remove(draft.id)
    await expect(store.save({ ...draft, content: { v: 1 } })).resolves.toBeDefined()
    await removal
    await expect(store.save({ ...draft, content: { v: 2 } })).rejects.toMatchObject({ code: 'not_found' })
    expect(await filesIn(join(dir, 'drafts'))).toEqual([])
    expect(await readJson(join(dir, 'trash', `${draft.id}.json`))).toMatchObject({ content: { v: 1 } })
  })

  it('emptying the trash deletes only trashed drafts', async () => {
    const dir = await tempDir()
    const store = await openStore(dir)
    const keep = await store.create('card', 'keep', {})
    const gone = await store.create('card', 'gone', {})
    await store.remove(gone.id)

    expect(await store.emptyTrash()).toBe(1)

    expect(store.listTrash()).toEqual([])
    expect(await filesIn(join(dir, 'trash'))).toEqual([])
    expect(store.list().map((summary) => summary.id)).toEqual([keep.id])
  })
})
