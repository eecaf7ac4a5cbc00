// Drafts CSV through the real services (the handlers the window calls): export, read back,
// apply. The drafts' files on disk are the proof that nothing else moved.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import type { PollCardContent } from '../../../src/shared/creatives/pollCard'
import type { PostContent } from '../../../src/shared/creatives/post'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { seedDrafts } from '../../support/seedDrafts'

let dir: string
let services: Services
let ids: string[]
const csvPath = () => join(dir, 'drafts.csv')
const draftFiles = () => join(dir, 'data', 'drafts', 'drafts')

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drafts-csv-'))
  ;({ ids } = await seedDrafts({ dataDir: join(dir, 'data'), count: 60 }))
  services = createServices({
    dataDir: join(dir, 'data'),
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    draftsCsvDialogs: { chooseCsvExportPath: async () => csvPath(), chooseCsvFile: async () => csvPath() },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
  await services.drafts.ready
})
afterEach(async () => {
  await services.dispose()
  await rm(dir, { recursive: true, force: true })
})

async function snapshot(): Promise<Map<string, string>> {
  const names = (await readdir(draftFiles())).filter((name) => name.endsWith('.json')).sort()
  return new Map(
    await Promise.all(
      names.map(async (name) => [name, await readFile(join(draftFiles(), name), 'utf8')] as const),
    ),
  )
}

async function editCsv(change: (header: string[], rows: string[][]) => string[][]): Promise<void> {
  const text = (await readFile(csvPath(), 'utf8')).replace(/^\uFEFF/, '')
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data
  await writeFile(csvPath(), Papa.unparse([header!, ...change(header!, rows)]))
}

const get = (id: string) => services.handlers['drafts.get']({ id })

describe('drafts CSV round trip', () => {
  it('changes no draft file when the export is imported unedited', async () => {
    const before = await snapshot()
    expect(await services.handlers['draftsCsv.export']({ ids })).toEqual({
      exported: 60,
      fileName: 'drafts.csv',
    })
    const report = await services.handlers['draftsCsv.preview']({})
    if (!report.chosen) throw new Error('no file chosen')
    expect(report.counts).toEqual({ changed: 0, unchanged: 60, refused: 0 })
    expect(await services.handlers['draftsCsv.apply']({ token: report.token })).toEqual({
      applied: 0,
      skipped: [],
    })
    await services.handlers['drafts.flush']({})
    expect(await snapshot()).toEqual(before)
  })

  it('changes only the edited field of the edited draft, and refuses a rule-breaking row whole', async () => {
    const drafts = await Promise.all(ids.map(get))
    const post = drafts.find((draft) => draft.kind === 'post' && draft.status === 'draft')!
    const poll = drafts.find((draft) => draft.kind === 'poll_card' && draft.status === 'draft')!
    await services.handlers['draftsCsv.export']({ ids: [post.id, poll.id] })
    await editCsv((header, rows) =>
      rows.map((row) => {
        if (row[0] === post.id) return row.with(header.indexOf('post_text'), 'New text for spring')
        // A new name (fine) and a choice far over the platform's length (not): neither applies.
        return row
          .with(header.indexOf('creative_name'), 'Renamed poll')
          .with(header.indexOf('poll_choice_1'), 'x'.repeat(300))
      }),
    )
    const report = await services.handlers['draftsCsv.preview']({})
    if (!report.chosen) throw new Error('no file chosen')
    expect(report.counts).toEqual({ changed: 1, unchanged: 0, refused: 1 })
    expect(report.rows.find((row) => row.id === poll.id)?.reasons.length).toBeGreaterThan(0)
    expect(await services.handlers['draftsCsv.apply']({ token: report.token })).toEqual({
      applied: 1,
      skipped: [],
    })
    const [postAfter, pollAfter] = await Promise.all([get(post.id), get(poll.id)])
    expect(postAfter.content).toEqual({ ...(post.content as PostContent), text: 'New text for spring' })
    expect(postAfter.name).toBe(post.name)
    expect(pollAfter.content as PollCardContent).toEqual(poll.content)
    expect(pollAfter.updatedAt).toBe(poll.updatedAt)
  })

  it('refuses an old report and leaves a draft edited after the report alone', async () => {
    const post = (await Promise.all(ids.map(get))).find(
      (draft) => draft.kind === 'post' && draft.status === 'draft',
    )!
    await services.handlers['draftsCsv.export']({ ids: [post.id] })
    await editCsv((header, rows) => rows.map((row) => row.with(header.indexOf('post_text'), 'From the file')))
    const report = await services.handlers['draftsCsv.preview']({})
    if (!report.chosen) throw new Error('no file chosen')
    await services.handlers['drafts.update']({ id: post.id, name: 'Edited meanwhile' })
    const applied = await services.handlers['draftsCsv.apply']({ token: report.token })
    expect(applied.applied).toBe(0)
    expect(applied.skipped[0]?.reason).toContain('edited after the report')
    expect(((await get(post.id)).content as PostContent).text).toBe((post.content as PostContent).text)
    await expect(services.handlers['draftsCsv.apply']({ token: report.token })).rejects.toThrow(
      /no longer current/,
    )
  })
})
