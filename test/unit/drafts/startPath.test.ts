import { access, readFile, readdir, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createDraftsService } from '../../../src/main/drafts/draftsService'
import { FullDraftCache } from '../../../src/main/drafts/fullDraftCache'
import { createDraftStore, type DraftChange } from '../../../src/main/drafts/store'
import { SUMMARY_INDEX_FILE } from '../../../src/main/drafts/summaryIndexFile'
import type { Draft } from '../../../src/shared/drafts/envelope'
import { seedDrafts } from '../../support/seedDrafts'
import { useTempDirs } from './helpers'

// Issue 46: start answers the first page without reading every file, opens a draft by reading
// its one file, and main keeps summaries and a bounded cache of whole drafts.

const tempDir = useTempDirs()
const dialogs = { chooseExportPath: async () => null, chooseImportFile: async () => null }
const draftFile = (dataDir: string, id: string) => join(dataDir, 'drafts', 'drafts', `${id}.json`)
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

describe('start with no saved index', () => {
  it('answers the first page from the newest files, with their counts, before the pass', async () => {
    const dataDir = await tempDir()
    const seeded = await seedDrafts({ dataDir, count: 150 })
    const drafts = createDraftsService({ dataDir, dialogs })
    const load = vi.spyOn(drafts.store, 'load')
    try {
      const first = await drafts.list({ offset: 0, limit: 10 })
      expect(first.loading).toBe(true)
      expect(first.drafts.map((draft) => draft.id)).toEqual(seeded.ids.slice(0, 10))
      // Counted from the drafts read: the seed gives some of them problems.
      const again = await drafts.list({ offset: 0, limit: 64 })
      expect(again.drafts.some((draft) => draft.errorCount + draft.warningCount > 0)).toBe(true)
      expect(load).not.toHaveBeenCalled()
      // The index is written after answering, never on the way to the first page.
      expect(await exists(join(dataDir, 'drafts', SUMMARY_INDEX_FILE))).toBe(false)

      await drafts.ready
      const whole = await drafts.list({ offset: 0, limit: 500 })
      expect(whole).toMatchObject({ loading: false, total: 150 })
      expect(whole.drafts.map((draft) => draft.id)).toEqual(seeded.ids)
    } finally {
      await drafts.close()
    }
    expect(await exists(join(dataDir, 'drafts', SUMMARY_INDEX_FILE))).toBe(true)
  })

  it('opens an old draft by reading its file, without waiting for (or starting) the pass', async () => {
    const dataDir = await tempDir()
    const seeded = await seedDrafts({ dataDir, count: 120 })
    // Another old draft's file is damaged: reading everything would find (and quarantine) it.
    await writeFile(draftFile(dataDir, seeded.ids[110]!), '{"half":')
    await utimes(draftFile(dataDir, seeded.ids[110]!), new Date('2020-01-01'), new Date('2020-01-01'))
    const drafts = createDraftsService({ dataDir, dialogs })
    const load = vi.spyOn(drafts.store, 'load')
    try {
      const opened = await drafts.get(seeded.ids[100]!)
      expect(opened).toMatchObject({ id: seeded.ids[100], name: seeded.names[100] })
      expect(load).not.toHaveBeenCalled()
      expect(await readdir(join(dataDir, 'drafts', 'quarantine'))).toEqual([])

      // Edited and saved before the pass: written as any edit is.
      await drafts.update(seeded.ids[100]!, { name: 'Renamed at start' })
      await drafts.flush()
      expect(JSON.parse(await readFile(draftFile(dataDir, seeded.ids[100]!), 'utf8'))).toMatchObject({
        name: 'Renamed at start',
      })
    } finally {
      await drafts.close()
    }
  })

  it('still reports a damaged file: in the first page when it is among the newest, else after the pass', async () => {
    const dataDir = await tempDir()
    const seeded = await seedDrafts({ dataDir, count: 100 })
    await writeFile(draftFile(dataDir, seeded.ids[1]!), '{"half":')
    await writeFile(draftFile(dataDir, seeded.ids[90]!), 'not json')
    // Damaged long ago, as its place in the list says.
    await utimes(draftFile(dataDir, seeded.ids[90]!), new Date('2020-01-01'), new Date('2020-01-01'))
    const drafts = createDraftsService({ dataDir, dialogs })
    try {
      const first = await drafts.list({ offset: 0, limit: 10 })
      expect(first.quarantined.map((file) => file.fileName)).toEqual([`${seeded.ids[1]}.json`])
      expect(first.drafts.map((draft) => draft.id)).not.toContain(seeded.ids[1])

      await drafts.ready
      const whole = await drafts.list({ offset: 0, limit: 500 })
      expect(whole.quarantined.map((file) => file.fileName).sort()).toEqual(
        [`${seeded.ids[1]}.json`, `${seeded.ids[90]}.json`].sort(),
      )
      expect(whole.total).toBe(98)
    } finally {
      await drafts.close()
    }
  })
})

describe('the pass over every file', () => {
  it('keeps what changed while it ran: an edit, a removal, a new draft', async () => {
    const dataDir = await tempDir()
    const seeded = await seedDrafts({ dataDir, count: 40 })
    const dir = join(dataDir, 'drafts')
    const told: DraftChange['type'][] = []
    let during: (() => void) | undefined
    const store = createDraftStore({
      dir,
      autosaveDelayMs: 60_000,
      onChange: (change) => {
        told.push(change.type)
        if (change.type === 'read' && during) {
          const act = during
          during = undefined
          act()
        }
      },
    })
    await store.open()
    const [edited, removed] = [seeded.ids[20]!, seeded.ids[21]!]
    let created: Promise<Draft> | undefined
    let removal: Promise<void> | undefined
    // At the pass's first draft read: nothing else is read yet, or some are; either way the
    // store's own state is newer than what the pass reads afterwards.
    during = () => {
      store.scheduleSave(edited, { name: 'Edited during the pass' })
      removal = store.remove(removed)
      created = store.create('post', 'Made during the pass', {})
    }
    const report = await store.load()
    await removal
    const made = await created!
    expect(told[0]).toBe('loading')
    expect(told).toContain('loaded')
    expect(report.quarantined).toEqual([])

    const listed = store.list()
    expect(listed.find((summary) => summary.id === edited)?.name).toBe('Edited during the pass')
    expect(listed.map((summary) => summary.id)).not.toContain(removed)
    expect(listed.map((summary) => summary.id)).toContain(made.id)
    expect(listed).toHaveLength(40)
    expect(store.listTrash().map((entry) => entry.id)).toEqual([removed])
    expect(store.get(edited)?.name).toBe('Edited during the pass')
    await store.close()
    expect(JSON.parse(await readFile(draftFile(dataDir, edited), 'utf8'))).toMatchObject({
      name: 'Edited during the pass',
    })
  })
})

describe('the whole drafts main keeps', () => {
  it('holds at most its bound, least recently used first out, never one with changes unwritten', () => {
    const pinned = new Set<string>()
    const cache = new FullDraftCache((id) => pinned.has(id), { drafts: 2, bytes: 1_000 })
    const draft = (id: string) => ({ id }) as Draft
    cache.set(draft('a'), 100)
    cache.set(draft('b'), 100)
    cache.get('a')
    cache.set(draft('c'), 100)
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')].map((kept) => kept?.id)).toEqual([
      'a',
      undefined,
      'c',
    ])
    pinned.add('a')
    pinned.add('c')
    cache.set(draft('d'), 100)
    // Both others pinned: over the bound rather than drop a change not yet written.
    expect(cache.size).toBe(3)
    pinned.clear()
    cache.set(draft('e'), 950)
    // The byte bound: only the newest fits.
    expect(cache.size).toBe(1)
    expect(cache.peek('e')?.id).toBe('e')
  })

  it('reads a draft that is not kept from its file again, and keeps an unwritten edit', async () => {
    const dir = await tempDir()
    const store = createDraftStore({
      dir,
      autosaveDelayMs: 60_000,
      fullDraftsKept: { drafts: 2, bytes: 1e9 },
    })
    await store.load()
    const made: Draft[] = []
    for (const name of ['one', 'two', 'three', 'four']) made.push(await store.create('post', name, {}))
    // Changed on disk behind main's back: a kept draft shows main's copy, one not kept the file.
    for (const draft of made) {
      const path = join(dir, 'drafts', `${draft.id}.json`)
      const text = await readFile(path, 'utf8')
      await writeFile(path, text.replace(`"name": "${draft.name}"`, `"name": "${draft.name} on disk"`))
    }
    // The two made last are kept; the first two are read from their files.
    expect([...made].reverse().map((draft) => store.get(draft.id)?.name)).toEqual([
      'four',
      'three',
      'two on disk',
      'one on disk',
    ])
    // An edit not written yet stays, however many drafts are read after it.
    const edited = store.scheduleSave(made[0]!.id, { name: 'edited, not written yet' })
    for (const draft of made.slice(1)) store.get(draft.id)
    expect(store.get(made[0]!.id)?.name).toBe(edited.name)
    await store.close()
    const written = JSON.parse(await readFile(join(dir, 'drafts', `${made[0]!.id}.json`), 'utf8')) as Draft
    expect(written.name).toBe('edited, not written yet')
  })
})
