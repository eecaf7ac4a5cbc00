// The version history and the undo list through the real services (the handlers the window
// calls): restore as one undoable step, the undo list after a restart, and no undo once a
// step's drafts were published.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import type { PostContent } from '../../../src/shared/creatives/post'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'

let dir: string
let services: Services
const csvPath = () => join(dir, 'drafts.csv')

function start(): Services {
  return createServices({
    dataDir: join(dir, 'data'),
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    draftsCsvDialogs: { chooseCsvExportPath: async () => csvPath(), chooseCsvFile: async () => csvPath() },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'history-services-'))
  services = start()
  await services.drafts.ready
})
afterEach(async () => {
  await services.dispose()
  await rm(dir, { recursive: true, force: true })
})

const h = () => services.handlers
const textOf = async (id: string) => ((await h()['drafts.get']({ id })).content as PostContent).text

async function postWith(texts: string[]): Promise<string> {
  const draft = await h()['drafts.create']({ kind: 'post' })
  for (const text of texts) {
    const content = { ...(draft.content as PostContent), text }
    await h()['drafts.update']({ id: draft.id, content })
    await h()['drafts.flush']({})
    // Each text its own version: asking for the timeline closes the open window (the new
    // draft's empty content shares the first text's window).
    await h()['history.timeline']({ draftId: draft.id })
  }
  return draft.id
}

describe('version history through the services', () => {
  it('lists versions newest first and compares two of them in words', async () => {
    const id = await postWith(['Spring sale', 'Summer sale'])
    const { entries } = await h()['history.timeline']({ draftId: id })
    const versions = entries.filter((entry) => entry.type === 'version')
    expect(versions.map((entry) => entry.type === 'version' && entry.current)).toEqual([true, false])
    const [newest, middle] = versions as Extract<(typeof versions)[number], { type: 'version' }>[]
    expect(newest!.fields).toEqual(['Text'])
    const { changes } = await h()['history.compare']({ draftId: id, from: middle!.n, to: newest!.n })
    expect(changes).toEqual([{ field: 'Text', before: 'Spring sale', after: 'Summer sale' }])
  })

  it('restores a version as one step of the undo list, and undoes it', async () => {
    const id = await postWith(['Spring sale', 'Summer sale'])
    const { entries } = await h()['history.timeline']({ draftId: id })
    const spring = entries.find((entry) => entry.type === 'version' && entry.n === 1)!
    expect(spring.type === 'version' && spring.fields).toEqual([])
    const restored = await h()['history.restore']({ draftId: id, n: 1 })
    expect((restored.content as PostContent).text).toBe('Spring sale')
    expect(await textOf(id)).toBe('Spring sale')

    const undo = await h()['undo.list']({})
    expect(undo.entries.map((entry) => [entry.kind, entry.label, entry.blocked])).toEqual([
      ['restore', 'Restored version 1 of “Untitled post”', undefined],
    ])
    const timeline = await h()['history.timeline']({ draftId: id })
    expect(timeline.entries.some((entry) => entry.type === 'restore')).toBe(true)

    expect(await h()['undo.undo']({ id: undo.entries[0]!.id })).toMatchObject({ restored: 1, skipped: 0 })
    expect(await textOf(id)).toBe('Summer sale')
    expect((await h()['undo.list']({})).entries).toEqual([])
  })

  it('lists steps newest first and undoes only the newest', async () => {
    const id = await postWith(['One', 'Two'])
    await h()['history.restore']({ draftId: id, n: 1 })
    await h()['history.restore']({ draftId: id, n: 2 })
    const { entries } = await h()['undo.list']({})
    expect(entries.map((entry) => entry.label)).toEqual([
      'Restored version 2 of “Untitled post”',
      'Restored version 1 of “Untitled post”',
    ])
    await expect(h()['undo.undo']({ id: entries[1]!.id })).rejects.toThrow(/Only the latest step/)
    await h()['undo.undo']({ id: entries[0]!.id })
    expect(await textOf(id)).toBe('One')
    expect((await h()['undo.list']({})).entries.map((entry) => entry.id)).toEqual([entries[1]!.id])
  })

  it('keeps the undo list across a restart', async () => {
    const id = await postWith(['One', 'Two'])
    await h()['history.restore']({ draftId: id, n: 1 })
    await services.dispose()
    services = start()
    await services.drafts.ready
    const { entries } = await h()['undo.list']({})
    expect(entries).toHaveLength(1)
    await h()['undo.undo']({ id: entries[0]!.id })
    expect(await textOf(id)).toBe('Two')
    // The timeline, read after the restart, still has every version and the marks.
    const timeline = await h()['history.timeline']({ draftId: id })
    expect(timeline.entries.map((entry) => entry.type)).toContain('undo')
  })

  it('refuses to undo a step whose draft was published since, and says why', async () => {
    const id = await postWith(['One', 'Two'])
    await h()['history.restore']({ draftId: id, n: 1 })
    await services.drafts.store.setStatus(id, 'published', {
      postId: '1',
      publishedAt: new Date().toISOString(),
    })
    const { entries } = await h()['undo.list']({})
    expect(entries[0]!.blocked).toMatch(/1 draft of this step was published/)
    await expect(h()['undo.undo']({ id: entries[0]!.id })).rejects.toThrow(/cannot be undone/)
    expect(await textOf(id)).toBe('One')
    await expect(h()['history.restore']({ draftId: id, n: 2 })).rejects.toThrow(/published/)
    const timeline = await h()['history.timeline']({ draftId: id })
    expect(timeline.entries[0]?.type).toBe('publish')
  })

  it('records an applied CSV import as one undoable step', async () => {
    const id = await postWith(['Before import'])
    await h()['draftsCsv.export']({ ids: [id] })
    const text = (await readFile(csvPath(), 'utf8')).replace(/^\uFEFF/, '')
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data
    const at = header!.indexOf('post_text')
    await writeFile(csvPath(), Papa.unparse([header!, ...rows.map((row) => row.with(at, 'After import'))]))
    const report = await h()['draftsCsv.preview']({})
    if (!report.chosen) throw new Error('no file chosen')
    await h()['draftsCsv.apply']({ token: report.token })
    expect(await textOf(id)).toBe('After import')
    const { entries } = await h()['undo.list']({})
    expect(entries.map((entry) => [entry.kind, entry.label, entry.drafts])).toEqual([
      ['import', 'Imported drafts.csv: 1 draft changed', 1],
    ])
    await h()['undo.undo']({ id: entries[0]!.id })
    expect(await textOf(id)).toBe('Before import')
  })
})
