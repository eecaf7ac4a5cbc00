import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHistoryBudget } from '../../../src/main/history/budget'
import { compareFields } from '../../../src/main/history/compare'
import { createHistoryStore, type HistoryStoreOptions } from '../../../src/main/history/historyStore'
import { encode, replay, thinByAge, type Entry } from '../../../src/main/history/thinning'
import { apply, diff, flatten } from '../../../src/main/history/versionDelta'
import { encodeRecord, readHistoryFile } from '../../../src/main/history/versionFile'
import { CURRENT_DRAFT_SCHEMA_VERSION, type Draft } from '../../../src/shared/drafts/envelope'

const ID = '00000000-0000-4000-8000-000000000001'
let dir: string
let clock: number
/** Timers the test runs by hand: the coalescing window closes when the test says. */
let timers: { run: () => void; cleared: boolean }[]

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'history-'))
  clock = Date.parse('2026-06-01T10:00:00.000Z')
  timers = []
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function store(extra: Partial<HistoryStoreOptions> = {}) {
  return createHistoryStore({
    dir,
    now: () => new Date(clock),
    setTimer: (run) => {
      const timer = { run, cleared: false }
      timers.push(timer)
      return { clear: () => (timer.cleared = true) }
    },
    onError: (error) => {
      throw error
    },
    ...extra,
  })
}

function draft(text: string, extra: Partial<Draft> = {}): Draft {
  return {
    id: ID,
    kind: 'post',
    name: 'Spring post',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(clock).toISOString(),
    schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
    status: 'draft',
    content: { name: 'Spring post', text, media: [] },
    ...extra,
  }
}

const save = (history: ReturnType<typeof store>, value: Draft) =>
  history.noteChange({ type: 'saved', draft: value })
const versionTexts = (entries: Entry[]) =>
  entries.flatMap((entry) => (entry.k === 'v' ? [entry.fields['content.text']] : []))

describe('version history of a draft', () => {
  it('keeps one version per 30 s of continuous saves, the window’s last state', async () => {
    const history = store()
    for (const [second, text] of [
      [0, 'S'],
      [5, 'Sp'],
      [20, 'Spr'],
      [31, 'Spri'],
      [40, 'Sprin'],
    ] as const) {
      clock = Date.parse('2026-06-01T10:00:00.000Z') + second * 1000
      save(history, draft(text))
    }
    await history.flush()
    expect(versionTexts(await history.peek(ID))).toEqual(['Spr', 'Sprin'])
  })

  it('closes the window when its timer runs, and skips a save that changed nothing', async () => {
    const history = store()
    save(history, draft('Hello'))
    timers.at(-1)!.run()
    save(history, draft('Hello', { status: 'failed' }))
    await history.flush()
    const entries = await history.peek(ID)
    expect(versionTexts(entries)).toEqual(['Hello'])
  })

  it('marks a publish, a bulk step and keeps the state before and after it', async () => {
    const history = store()
    save(history, draft('typed'))
    save(history, draft('replaced'))
    await history.markStep('bulk', 'Replaced “typed”', [draft('typed')])
    save(
      history,
      draft('replaced', {
        status: 'published',
        published: { publishedAt: '2026-06-01T11:00:00.000Z', postId: '1' },
      }),
    )
    await history.flush()
    const entries = await history.peek(ID)
    expect(entries.map((entry) => (entry.k === 'v' ? entry.fields['content.text'] : entry.what))).toEqual([
      'typed',
      'bulk',
      'replaced',
      'publish',
    ])
  })

  it('marks a draft a bulk step made, after its first version', async () => {
    const history = store()
    save(history, draft('variant B'))
    await history.markStep('bulk', 'Made 4 variants', [], [ID])
    const entries = await history.peek(ID)
    expect(entries.map((entry) => (entry.k === 'v' ? entry.fields['content.text'] : entry.label))).toEqual([
      'variant B',
      'Made 4 variants',
    ])
  })

  it('ignores a torn append and cuts it off before the next one', async () => {
    const history = store()
    save(history, draft('one'))
    await history.flush()
    const path = history.pathOf(ID)
    // A crash mid-append: half a line, no line break; and a line whose check does not match.
    const whole = encodeRecord({ k: 'm', what: 'bulk', at: new Date(clock).toISOString(), label: 'x' })
    await appendFile(path, `deadbeef {"k":"m","what":"bulk","at":"x","label":"forged"}\n`)
    await appendFile(path, whole.slice(0, 20))
    const restarted = store()
    expect(versionTexts(await restarted.peek(ID))).toEqual(['one'])
    save(restarted, draft('two'))
    await restarted.flush()
    const file = await readHistoryFile(path)
    expect(file.bytes).toBe(file.validBytes)
    expect(versionTexts(replay(file.records))).toEqual(['one', 'two'])
  })

  it('thins versions older than 90 days to the last one of each day', () => {
    const at = (iso: string, text: string): Entry => ({
      k: 'v',
      n: 0,
      at: iso,
      fields: { name: 'x', 'content.text': text },
      changed: [],
    })
    const entries = [
      at('2026-01-01T09:00:00.000Z', 'a'),
      at('2026-01-01T17:00:00.000Z', 'b'),
      { k: 'm', what: 'publish', at: '2026-01-01T18:00:00.000Z', label: 'Published' } as Entry,
      at('2026-01-02T09:00:00.000Z', 'c'),
      at('2026-05-30T09:00:00.000Z', 'd'),
      at('2026-05-30T10:00:00.000Z', 'e'),
    ]
    const kept = thinByAge(entries, new Date('2026-06-01T00:00:00.000Z'))
    expect(kept.map((entry) => (entry.k === 'v' ? entry.fields['content.text'] : entry.what))).toEqual([
      'b',
      'publish',
      'c',
      'd',
      'e',
    ])
    // Re-encoded against the versions kept, it reads back the same states.
    expect(versionTexts(replay(encode(kept)))).toEqual(['b', 'c', 'd', 'e'])
  })

  it('stays within twice the drafts’ size, thinning the oldest first', async () => {
    const draftBytes = 2048
    const budget = createHistoryBudget({ dir, history: () => history, draftsBytes: async () => draftBytes })
    const history = store({ onWritten: (bytes) => budget.written(bytes) })
    const filler = 'x'.repeat(1800)
    for (let index = 0; index < 600; index++) {
      clock += 31_000
      save(history, draft(`${filler} ${index}`))
      if (index % 50 === 0) await history.flush()
    }
    await history.flush()
    await budget.settled()
    // Measured again after the last pass.
    await budget.check()
    expect((await stat(history.pathOf(ID))).size).toBeLessThanOrEqual(2 * draftBytes)
    const texts = versionTexts(await history.peek(ID))
    expect(texts.at(-1)).toBe(`${filler} 599`)
    expect(texts.length).toBeGreaterThan(1)
  })
})

describe('histories of drafts deleted for good', () => {
  it('go with the next budget pass', async () => {
    const gone = '00000000-0000-4000-8000-000000000002'
    const budget = createHistoryBudget({
      dir,
      history: () => history,
      draftsBytes: async () => 10_000,
      isGone: async (id) => id === gone,
    })
    const history = store({ onWritten: (bytes) => budget.written(bytes) })
    save(history, draft('kept'))
    save(history, { ...draft('deleted'), id: gone })
    await history.flush()
    await budget.settled()
    await budget.check()
    await expect(stat(history.pathOf(gone))).rejects.toThrow(/ENOENT/)
    expect(versionTexts(await history.peek(ID))).toEqual(['kept'])
  })
})

describe('versions kept compactly', () => {
  it('keeps a typed change as a splice and applies it back', () => {
    const before = flatten({ name: 'A', content: { text: 'Hello spring sale today', url: 'https://a' } })
    const after = flatten({ name: 'A', content: { text: 'Hello summer sale today', url: 'https://a' } })
    const delta = diff(before, after)
    expect(Object.keys(delta.set!)).toEqual(['content.text'])
    expect(JSON.stringify(delta).length).toBeLessThan(60)
    expect(apply(before, delta)).toEqual(after)
  })

  it('compares two versions field by field in words', () => {
    const rows = compareFields(
      flatten({ name: 'Sale', content: { title: 'Spring', choices: ['Yes', 'No'], thankYouText: '' } }),
      flatten({
        name: 'Sale',
        content: { title: 'Summer', choices: ['Yes', 'Maybe'], thankYouText: 'Thanks' },
      }),
    )
    expect(rows).toEqual([
      { field: 'Title', before: 'Spring', after: 'Summer' },
      { field: 'Choices · #2', before: 'No', after: 'Maybe' },
      { field: 'Thank you text', before: '(empty)', after: 'Thanks' },
    ])
  })
})

describe('the history file', () => {
  it('reads nothing from a file of garbage', async () => {
    const path = join(dir, `${ID}.log`)
    await writeFile(path, 'not a history\n\u0000\u0000')
    const file = await readHistoryFile(path)
    expect(file.records).toEqual([])
    expect(file.validBytes).toBe(0)
    expect(await readFile(path, 'utf8')).toContain('not a history')
  })
})
