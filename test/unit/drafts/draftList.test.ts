import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createDraftsService } from '../../../src/main/drafts/draftsService'
import {
  CATCH_UP_LIMIT,
  createSummaryIndex,
  type DraftListEntry,
} from '../../../src/main/drafts/summaryIndex'
import { SUMMARY_INDEX_FILE, summaryIndexFile } from '../../../src/main/drafts/summaryIndexFile'
import { mediaRefSchema } from '../../../src/shared/creatives/media'
import { emptyPollCardContent } from '../../../src/shared/creatives/pollCard'
import { seedDrafts } from '../../support/seedDrafts'
import { useTempDirs } from './helpers'

const tempDir = useTempDirs()
const dialogs = { chooseExportPath: async () => null, chooseImportFile: async () => null }

const entry = (id: string, updatedAt: string, extra: Partial<DraftListEntry> = {}): DraftListEntry => ({
  id,
  kind: 'card',
  name: id,
  status: 'draft',
  updatedAt,
  errorCount: 0,
  warningCount: 0,
  ...extra,
})

describe('the summary index', () => {
  it('keeps the newest first, pages by slices and filters by kind and status', () => {
    const index = createSummaryIndex()
    index.reset([
      entry('a', '2025-01-01T00:00:00.000Z'),
      entry('b', '2025-01-03T00:00:00.000Z', { kind: 'post' }),
      entry('c', '2025-01-02T00:00:00.000Z', { status: 'published' }),
    ])
    expect(index.page({ offset: 0, limit: 10 }).entries.map((e) => e.id)).toEqual(['b', 'c', 'a'])
    expect(index.page({ offset: 1, limit: 1 })).toMatchObject({ total: 3, entries: [{ id: 'c' }] })
    expect(index.page({ offset: 0, limit: 10, kinds: ['card'] }).entries.map((e) => e.id)).toEqual(['c', 'a'])
    expect(index.page({ offset: 0, limit: 10, status: 'published' }).total).toBe(1)
  })

  it('tells what changed since a revision, and that it cannot across a reset', () => {
    const index = createSummaryIndex()
    index.reset([entry('a', '2025-01-01T00:00:00.000Z'), entry('b', '2025-01-02T00:00:00.000Z')])
    const seen = index.revision
    index.upsert(entry('a', '2025-01-05T00:00:00.000Z', { name: 'renamed' }))
    index.remove('b')
    index.upsert(entry('d', '2025-01-04T00:00:00.000Z'))
    expect(index.page({ offset: 0, limit: 10 }).entries.map((e) => e.id)).toEqual(['a', 'd'])
    expect(index.changesSince(seen)).toEqual({
      changed: [expect.objectContaining({ id: 'a', name: 'renamed' }), expect.objectContaining({ id: 'd' })],
      removed: ['b'],
    })
    expect(index.changesSince(index.revision)).toEqual({ changed: [], removed: [] })
    index.reset([])
    expect(index.changesSince(seen)).toBeUndefined()
  })

  it('replaces its entries keeping what a list had caught up to, when few of them differ', () => {
    const index = createSummaryIndex()
    index.reset([
      entry('a', '2025-01-01T00:00:00.000Z'),
      entry('b', '2025-01-02T00:00:00.000Z'),
      entry('c', '2025-01-03T00:00:00.000Z', { cover: { source: 'library' as const, mediaKey: 'm1' } }),
    ])
    const seen = index.revision
    // The same entries, built again (new objects): nothing to catch up with.
    index.replace([
      entry('a', '2025-01-01T00:00:00.000Z'),
      entry('b', '2025-01-02T00:00:00.000Z'),
      entry('c', '2025-01-03T00:00:00.000Z', { cover: { source: 'library' as const, mediaKey: 'm1' } }),
    ])
    expect(index.revision).toBe(seen)
    expect(index.changesSince(seen)).toEqual({ changed: [], removed: [] })

    index.replace([
      entry('a', '2025-01-01T00:00:00.000Z'),
      entry('b', '2025-01-02T00:00:00.000Z', { errorCount: 2 }),
      entry('d', '2025-01-04T00:00:00.000Z'),
    ])
    expect(index.page({ offset: 0, limit: 10 }).entries.map((e) => e.id)).toEqual(['d', 'b', 'a'])
    expect(index.changesSince(seen)).toEqual({
      changed: [expect.objectContaining({ id: 'd' }), expect.objectContaining({ id: 'b', errorCount: 2 })],
      removed: ['c'],
    })

    // Too many differences to catch up with one by one: a reset, read again whole.
    const before = index.revision
    index.replace(
      Array.from({ length: CATCH_UP_LIMIT + 1 }, (_, n) => entry(`new-${n}`, '2025-02-01T00:00:00.000Z')),
    )
    expect(index.size).toBe(CATCH_UP_LIMIT + 1)
    expect(index.changesSince(before)).toBeUndefined()
  })
})

describe('drafts.list from the summary index', () => {
  it('pages summaries with issue counts, follows every save, and answers with only the changes', async () => {
    const dataDir = await tempDir()
    const seeded = await seedDrafts({ dataDir, count: 30 })
    const drafts = createDraftsService({ dataDir, dialogs })
    try {
      await drafts.ready
      const first = await drafts.list({ offset: 0, limit: 10 })
      expect(first).toMatchObject({ total: 30, offset: 0, loading: false })
      expect(first.drafts.map((d) => d.id)).toEqual(seeded.ids.slice(0, 10))
      // Summaries only: no content crosses.
      expect(Object.keys(first.drafts[0]!).sort()).toEqual(
        expect.arrayContaining(['errorCount', 'id', 'kind', 'name', 'status', 'updatedAt', 'warningCount']),
      )
      expect(first.drafts[0]).not.toHaveProperty('content')

      const created = await drafts.create('poll_card', 'New poll')
      await drafts.update(created.id, { content: { ...emptyPollCardContent(), choices: ['Yes', 'No'] } })
      await drafts.remove(seeded.ids[3]!)
      const delta = await drafts.list({ since: first.revision })
      expect(delta.removed).toEqual([seeded.ids[3]])
      expect(delta.drafts.map((d) => d.id)).toEqual([created.id])
      expect(delta.total).toBe(30)
      // The editor's count and the list's come from the same validator.
      const empty = await drafts.create('poll_card', 'Empty poll')
      const listed = (await drafts.list({ since: delta.revision })).drafts.find((d) => d.id === empty.id)
      expect(listed?.errorCount).toBeGreaterThan(0)
    } finally {
      await drafts.close()
    }
  })

  it('shows the index the last run saved before the files are read, then the truth', async () => {
    const dataDir = await tempDir()
    const seeded = await seedDrafts({ dataDir, count: 12 })
    const firstRun = createDraftsService({ dataDir, dialogs })
    await firstRun.ready
    await firstRun.close()
    const saved = JSON.parse(await readFile(join(dataDir, 'drafts', SUMMARY_INDEX_FILE), 'utf8')) as {
      rows: unknown[][]
    }
    expect(saved.rows).toHaveLength(12)
    // Make the saved index wrong: an issue count and a name the files do not have.
    saved.rows[0]![2] = 'Stale name'
    saved.rows[0]![5] = 7
    await writeFile(join(dataDir, 'drafts', SUMMARY_INDEX_FILE), JSON.stringify(saved))

    const secondRun = createDraftsService({ dataDir, dialogs })
    try {
      const early = await secondRun.list({ limit: 5 })
      if (early.loading) expect(early.drafts[0]).toMatchObject({ name: 'Stale name', errorCount: 7 })
      await secondRun.ready
      // The load rebuilt the index from the files. A list taken from the saved index catches up
      // with what the files say differently, and with only that: the name (a count saved for
      // the same updatedAt is reused, then checked again in the background).
      const late = await secondRun.list({ since: early.revision, limit: 5 })
      expect(late.loading).toBe(false)
      expect(late.removed).toEqual([])
      if (early.loading)
        expect(late.drafts).toEqual([expect.objectContaining({ id: seeded.ids[0], name: seeded.names[0] })])
      const first = (await secondRun.list({ limit: 1 })).drafts[0]
      expect(first).toMatchObject({ id: seeded.ids[0], name: seeded.names[0] })
      // The count reused for an unchanged updatedAt is checked again in the background.
      await expect.poll(async () => (await secondRun.list({ limit: 1 })).drafts[0]!.errorCount).not.toBe(7)
    } finally {
      await secondRun.close()
    }
  })

  it('counts issues again after an edit, and keeps them through a status change (the outbox’s)', async () => {
    const dataDir = await tempDir()
    const drafts = createDraftsService({ dataDir, dialogs })
    try {
      const poll = await drafts.create('poll_card', 'Poll')
      const countsOf = async () => {
        const row = (await drafts.list({})).drafts.find((d) => d.id === poll.id)!
        return { errors: row.errorCount, status: row.status }
      }
      const empty = await countsOf()
      expect(empty.errors).toBeGreaterThan(0)
      await drafts.update(poll.id, {
        content: { ...emptyPollCardContent(), name: 'Poll', choices: ['Yes', 'No'] },
      })
      expect(await countsOf()).toEqual({ errors: 0, status: 'draft' })
      await drafts.store.setStatus(poll.id, 'publishing', undefined, { durable: false })
      expect(await countsOf()).toEqual({ errors: 0, status: 'publishing' })
      await drafts.update(poll.id, { content: emptyPollCardContent() })
      expect(await countsOf()).toEqual({ errors: empty.errors, status: 'publishing' })
    } finally {
      await drafts.close()
    }
  })

  it('carries each draft’s cover for its thumbnail, saved with the index, and reads rows saved without one', async () => {
    const dataDir = await tempDir()
    const firstRun = createDraftsService({ dataDir, dialogs })
    const poll = await firstRun.create('poll_card', 'Poll with media')
    const media = {
      source: 'library' as const,
      mediaKey: '3_1700',
      mediaType: 'IMAGE' as const,
      name: 'Hero shot',
      mediaUrl: 'https://cdn.example/a.png',
    }
    await firstRun.update(poll.id, { content: { ...emptyPollCardContent(), media } })
    const bare = await firstRun.create('post', 'Post without media')
    const listed = await firstRun.list({})
    expect(listed.drafts.find((d) => d.id === poll.id)?.cover).toEqual({
      source: 'library',
      mediaKey: '3_1700',
      mediaType: 'IMAGE',
      name: 'Hero shot',
    })
    expect(listed.drafts.find((d) => d.id === bare.id)).not.toHaveProperty('cover')
    await firstRun.close()

    const path = join(dataDir, 'drafts', SUMMARY_INDEX_FILE)
    const saved = JSON.parse(await readFile(path, 'utf8')) as { rows: unknown[][] }
    const pollRow = saved.rows.find((row) => row[0] === poll.id)!
    expect(pollRow[8]).toMatchObject({ mediaKey: '3_1700' })
    // A row from before covers existed (eight fields) is still shown from the saved index.
    saved.rows = saved.rows.map((row) => row.slice(0, 8))
    await writeFile(path, JSON.stringify(saved))
    const secondRun = createDraftsService({ dataDir, dialogs })
    try {
      const early = await secondRun.list({})
      expect(early.drafts.map((d) => d.id).sort()).toEqual([poll.id, bare.id].sort())
      await secondRun.ready
      expect((await secondRun.list({})).drafts.find((d) => d.id === poll.id)?.cover).toMatchObject({
        mediaKey: '3_1700',
      })
    } finally {
      await secondRun.close()
    }
  })
})

describe('starting with a saved summary index', () => {
  it('reads the saved rows a slice at a time, giving main’s event loop a turn between slices', async () => {
    const dir = await tempDir()
    const saved = Array.from({ length: 40 }, (_, index) =>
      entry(
        `draft-${String(index).padStart(2, '0')}`,
        new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
        {
          ...(index % 3 === 0 ? { cover: { source: 'library' as const, mediaKey: `3_${index}` } } : {}),
        },
      ),
    )
    await summaryIndexFile(dir).write(saved)

    const nextTurn = vi.fn(() => new Promise((resolve) => setImmediate(resolve)))
    // A slice of 0 ms: a turn before every row after the first.
    const sliced = await summaryIndexFile(dir, { sliceMs: 0, nextTurn }).read()
    expect(nextTurn).toHaveBeenCalledTimes(saved.length - 1)
    expect(sliced).toEqual(saved)
    // The usual slices read the same rows.
    expect(await summaryIndexFile(dir).read()).toEqual(saved)
  })

  it('takes the rows of a file it wrote as they are, and checks each row of a file changed since', async () => {
    const dir = await tempDir()
    const saved = Array.from({ length: 6 }, (_, index) =>
      entry(`draft-${index}`, new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(), {
        cover: { source: 'library' as const, mediaKey: `3_${index}` },
      }),
    )
    await summaryIndexFile(dir).write(saved)
    const coverChecks = vi.spyOn(mediaRefSchema, 'safeParse')
    try {
      expect(await summaryIndexFile(dir).read()).toEqual(saved)
      expect(coverChecks).not.toHaveBeenCalled()

      // Changed after it was written (the seal kept): a cover the schema refuses.
      const path = join(dir, SUMMARY_INDEX_FILE)
      const text = await readFile(path, 'utf8')
      expect(text).toContain('"mediaKey":"3_2"')
      await writeFile(path, text.replace('"mediaKey":"3_2"', '"mediaKey":""'))
      const read = await summaryIndexFile(dir).read()
      expect(coverChecks).toHaveBeenCalledTimes(saved.length)
      expect(read?.map((row) => row.id)).toEqual(saved.filter((_, index) => index !== 2).map((row) => row.id))
    } finally {
      coverChecks.mockRestore()
    }
  })

  it('does not start reading every draft file for the quarantine panel while the first list shows', async () => {
    const dataDir = await tempDir()
    await seedDrafts({ dataDir, count: 12 })
    const firstRun = createDraftsService({ dataDir, dialogs })
    await firstRun.ready
    await firstRun.close()

    const secondRun = createDraftsService({ dataDir, dialogs })
    const load = vi.spyOn(secondRun.store, 'load')
    try {
      // The drafts page asks for its quarantined files as it first shows, beside its first page.
      const quarantined = secondRun.quarantineList()
      const first = await secondRun.list({ limit: 5 })
      expect(first.loading).toBe(true)
      expect(load).not.toHaveBeenCalled()
      // The next list call (the rest of the list, once the first rows are painted) starts the
      // load; the quarantine panel's answer follows it.
      await secondRun.list({ offset: 5, limit: 5 })
      expect(await quarantined).toEqual({ files: [] })
      expect(load).toHaveBeenCalledTimes(1)
    } finally {
      await secondRun.close()
    }
  })
})
