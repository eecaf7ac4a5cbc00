import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDraftStore } from '../../../src/main/drafts/store'
import type { DraftStore, DraftStoreError } from '../../../src/main/drafts/store'
import { readJson, useTempDirs } from './helpers'

const tempDir = useTempDirs()

afterEach(() => {
  vi.useRealTimers()
})

// Only timers are faked: file I/O and setImmediate stay real so writes can complete.
function fakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
}

/**
 * Lets queued file operations finish without moving the fake clock. Bounded by real time
 * (performance.now is not faked), not by a spin count: an fsync on a busy machine can outlast
 * thousands of event-loop turns.
 */
async function settle(store: DraftStore, id?: string): Promise<void> {
  const deadline = performance.now() + 10_000
  while (store.hasPendingChanges(id) && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function onDisk(dir: string, id: string): Promise<unknown> {
  return ((await readJson(join(dir, 'drafts', `${id}.json`))) as { content: unknown }).content
}

/** Waits, in real time and without moving the fake clock, until `check` holds (or 10 s pass). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + 10_000
  while (!(await check()) && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve))
  }
}

async function realDrain(): Promise<void> {
  for (let spins = 0; spins < 50; spins++) await new Promise((resolve) => setImmediate(resolve))
}

describe('autosave', () => {
  it('applies a patch immediately in memory and writes once, after the quiet period', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir })
    await store.load()
    const draft = await store.create('card', 'Card', { step: 0 })
    fakeTimers()

    store.scheduleSave(draft.id, { content: { step: 1 } })
    await vi.advanceTimersByTimeAsync(200)
    store.scheduleSave(draft.id, { content: { step: 2 } })
    await vi.advanceTimersByTimeAsync(200)
    const latest = store.scheduleSave(draft.id, { content: { step: 3 }, name: 'Card v3' })

    expect(store.get(draft.id)).toEqual(latest)
    expect(latest.name).toBe('Card v3')
    await realDrain()
    expect(await onDisk(dir, draft.id)).toEqual({ step: 0 })

    await vi.advanceTimersByTimeAsync(249)
    await realDrain()
    expect(await onDisk(dir, draft.id)).toEqual({ step: 0 })
    expect(store.hasPendingChanges(draft.id)).toBe(true)

    await vi.advanceTimersByTimeAsync(1)
    await settle(store)
    expect(store.hasPendingChanges(draft.id)).toBe(false)
    expect(await onDisk(dir, draft.id)).toEqual({ step: 3 })
  })

  it('debounces per draft: one draft being edited does not hold back another', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir })
    await store.load()
    const busy = await store.create('card', 'busy', { n: 0 })
    const idle = await store.create('card', 'idle', { n: 0 })
    fakeTimers()

    store.scheduleSave(idle.id, { content: { n: 1 } })
    for (let n = 1; n <= 3; n++) {
      store.scheduleSave(busy.id, { content: { n } })
      await vi.advanceTimersByTimeAsync(100)
    }
    await settle(store, idle.id)
    // 300 ms after its only change the idle draft is written; the busy one is still settling.
    expect(await onDisk(dir, idle.id)).toEqual({ n: 1 })
    expect(await onDisk(dir, busy.id)).toEqual({ n: 0 })
  })

  it('writes at least every max-wait period while changes keep coming', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir, autosaveMaxWaitMs: 1_000 })
    await store.load()
    const draft = await store.create('post', 'typing', { text: '' })
    fakeTimers()

    let text = ''
    for (let keystroke = 0; keystroke < 6; keystroke++) {
      text += 'a'
      store.scheduleSave(draft.id, { content: { text } })
      await vi.advanceTimersByTimeAsync(200)
      await realDrain()
    }
    // 1,200 ms of uninterrupted typing: without a max wait nothing would be on disk yet.
    await eventually(
      async () => JSON.stringify(await onDisk(dir, draft.id)) === JSON.stringify({ text: 'aaaaa' }),
    )
    expect(await onDisk(dir, draft.id)).toEqual({ text: 'aaaaa' })
  })

  it('flush writes pending changes at once', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir, autosaveDelayMs: 60_000 })
    await store.load()
    const draft = await store.create('card', 'x', { v: 0 })
    store.scheduleSave(draft.id, { content: { v: 1 } })

    await store.flush()

    expect(store.hasPendingChanges()).toBe(false)
    expect(await onDisk(dir, draft.id)).toEqual({ v: 1 })
  })

  it('close flushes, so a restart sees the last change', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir, autosaveDelayMs: 60_000 })
    await store.load()
    const draft = await store.create('card', 'x', { v: 0 })
    store.scheduleSave(draft.id, { content: { v: 'last' }, name: 'renamed' })

    await store.close()

    const reopened = createDraftStore({ dir })
    await reopened.load()
    expect(reopened.get(draft.id)).toMatchObject({ name: 'renamed', content: { v: 'last' } })
  })

  it('reports a failed autosave, keeps the change pending and retries on flush', async () => {
    const dir = await tempDir()
    const errors: DraftStoreError[] = []
    const store = createDraftStore({
      dir,
      autosaveDelayMs: 5,
      onAutosaveError: (error) => errors.push(error),
    })
    await store.load()
    const draft = await store.create('card', 'x', { v: 0 })
    const path = join(dir, 'drafts', `${draft.id}.json`)
    // A directory where the file should be makes the rename fail, even for root.
    await rm(path)
    await mkdir(path)

    store.scheduleSave(draft.id, { content: { v: 1 } })
    await vi.waitFor(() => expect(errors).toHaveLength(1))

    expect(errors[0]).toMatchObject({ code: 'io_error', draftId: draft.id })
    expect(errors[0]?.message).toContain(path)
    expect(store.hasPendingChanges(draft.id)).toBe(true)
    await expect(store.flush()).rejects.toMatchObject({ code: 'io_error' })

    await rm(path, { recursive: true })
    await store.flush()
    expect(await onDisk(dir, draft.id)).toEqual({ v: 1 })
  })

  it('rejects a patch for an unknown draft or with invalid content, leaving nothing pending', async () => {
    const store = createDraftStore({ dir: await tempDir() })
    await store.load()
    const draft = await store.create('card', 'x', {})
    expect(() => store.scheduleSave('7d1c1f8e-2b9a-4a57-8a4e-5e2f4b7c9d10', { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    )
    expect(() =>
      store.scheduleSave(draft.id, { content: { bad: undefined as never, f: () => 1 } as never }),
    ).toThrow(expect.objectContaining({ code: 'invalid_content' }))
    expect(store.hasPendingChanges()).toBe(false)
  })

  it('an explicit save supersedes a pending autosave', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir, autosaveDelayMs: 60_000 })
    await store.load()
    const draft = await store.create('card', 'x', { v: 0 })
    store.scheduleSave(draft.id, { content: { v: 1 } })
    const current = store.get(draft.id)
    if (!current) throw new Error('draft vanished')
    await store.save({ ...current, name: 'saved' })
    expect(store.hasPendingChanges()).toBe(false)
    expect(await readJson(join(dir, 'drafts', `${draft.id}.json`))).toMatchObject({
      name: 'saved',
      content: { v: 1 },
    })
  })
})
