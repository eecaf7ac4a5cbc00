import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pruneBackups } from '../../../src/main/drafts/backups'
import { createDraftStore } from '../../../src/main/drafts/store'
import { createServices, type Services } from '../../../src/main/services'
import { createMemoryStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { emptyContent } from '../../../src/shared/creatives/content'
import { useTempDirs } from './helpers'

const tempDir = useTempDirs()

const ID = '5c4a1e2b-7d3f-4a8e-9b6c-1f2e3d4c5b6a'
const OTHER = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'
/** A version 1 file: loading it migrates it and writes a backup of the original first. */
const v1File = (title: string) =>
  JSON.stringify({
    version: 1,
    id: ID,
    kind: 'card',
    title,
    created: Date.UTC(2025, 5, 1, 8),
    modified: Date.UTC(2025, 5, 3, 17, 45),
    state: 'draft',
    content: { components: [{ type: 'MEDIA', media_key: '3_555' }] },
  })

const backupsOf = async (dir: string, id: string) =>
  (await readdir(join(dir, 'backups'))).filter((name) => name.startsWith(`${id}.`)).sort()

describe('draft backups', () => {
  it('keeps only the newest N backups of a draft as each new one is written', async () => {
    const dir = await tempDir()
    await mkdir(join(dir, 'drafts'), { recursive: true })
    for (let round = 1; round <= 5; round++) {
      await writeFile(join(dir, 'drafts', `${ID}.json`), v1File(`Round ${round}`))
      const store = createDraftStore({ dir, backupsKept: () => 3 })
      const report = await store.load()
      expect(report.migrated).toHaveLength(1)
      await store.close()
      expect((await backupsOf(dir, ID)).length).toBe(Math.min(round, 3))
    }
    // The three kept are the last three rounds.
    const kept = await Promise.all(
      (await backupsOf(dir, ID)).map(
        async (name) =>
          (JSON.parse(await readFile(join(dir, 'backups', name), 'utf8')) as { title: string }).title,
      ),
    )
    expect(kept.sort()).toEqual(['Round 3', 'Round 4', 'Round 5'])
  })

  it('prunes by age, newest first, and leaves other drafts’ backups alone', async () => {
    const dir = await tempDir()
    const backups = join(dir, 'backups')
    await mkdir(backups, { recursive: true })
    const names = [
      `${ID}.v1.json`,
      `${ID}.v1.20260101T000000000Z-aaaaaa.json`,
      `${ID}.v2.json`,
      `${OTHER}.v1.json`,
    ]
    for (const [index, name] of names.entries()) {
      await writeFile(join(backups, name), name)
      const time = new Date(Date.UTC(2026, 0, 1 + index))
      await utimes(join(backups, name), time, time)
    }
    expect(await pruneBackups(backups, ID, 2)).toEqual([`${ID}.v1.json`])
    expect((await readdir(backups)).sort()).toEqual([...names.slice(1)].sort())
    expect(await pruneBackups(backups, ID, 10)).toEqual([])
  })

  it('takes N from the settings, 10 by default', async () => {
    const dir = await tempDir()
    const services = startServices(dir)
    try {
      expect(services.settings.get().draftBackupsKept).toBe(10)
      const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
      expect(await dispatcher.dispatch('settings.update', sender, { draftBackupsKept: 0 })).toMatchObject({
        ok: false,
        error: { code: 'invalid_request', field: 'draftBackupsKept' },
      })
      expect(await dispatcher.dispatch('settings.update', sender, { draftBackupsKept: 2 })).toMatchObject({
        ok: true,
      })
      expect(services.settings.get().draftBackupsKept).toBe(2)
    } finally {
      await services.dispose()
    }
  })
})

const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }

function startServices(dataDir: string): Services {
  return createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    settingsStore: createMemoryStore(),
    secretStore: createMemorySecretStore(),
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
}

/** A data dir whose drafts folder holds one damaged draft, quarantined when the services start. */
async function withDamagedDraft(): Promise<{ dataDir: string; services: Services; name: string }> {
  const dataDir = await tempDir()
  const drafts = join(dataDir, 'drafts', 'drafts')
  await mkdir(drafts, { recursive: true })
  await writeFile(join(drafts, `${ID}.json`), '{"id": "truncat')
  const services = startServices(dataDir)
  const listed = await services.handlers['drafts.quarantine']({})
  expect(listed.files).toHaveLength(1)
  const [file] = listed.files
  expect(file?.message).toMatch(/not valid JSON/)
  return { dataDir, services, name: file?.name ?? '' }
}

const validDraft = JSON.stringify({
  id: ID,
  kind: 'post',
  name: 'Fixed by hand',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  schemaVersion: 2,
  status: 'draft',
  content: { ...emptyContent('post'), text: 'Hello' },
})

describe('quarantined draft files, through the drafts service', () => {
  it('opens a quarantined file as text', async () => {
    const { services, name } = await withDamagedDraft()
    try {
      const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
      expect(await dispatcher.dispatch('drafts.quarantineRead', sender, { name })).toEqual({
        ok: true,
        value: { name, text: '{"id": "truncat', truncated: false },
      })
    } finally {
      await services.dispose()
    }
  })

  it('refuses to restore a file that is still broken, and restores it once fixed', async () => {
    const { dataDir, services, name } = await withDamagedDraft()
    try {
      const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
      const refused = await dispatcher.dispatch('drafts.quarantineRestore', sender, { name })
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          field: 'name',
          message: expect.stringMatching(/still not a valid draft .*not valid JSON.*Fix the file/),
        },
      })
      // The designer fixes the file in a text editor.
      await writeFile(join(dataDir, 'drafts', 'quarantine', name), validDraft)
      const restored = await dispatcher.dispatch('drafts.quarantineRestore', sender, { name })
      expect(restored).toMatchObject({
        ok: true,
        value: { draft: { id: ID, name: 'Fixed by hand' }, idChanged: false },
      })
      expect(await dispatcher.dispatch('drafts.get', sender, { id: ID })).toMatchObject({
        ok: true,
        value: { content: { text: 'Hello' } },
      })
      expect((await services.handlers['drafts.quarantine']({})).files).toEqual([])
    } finally {
      await services.dispose()
    }
  })

  it('deletes a quarantined file', async () => {
    const { dataDir, services, name } = await withDamagedDraft()
    try {
      const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
      expect(await dispatcher.dispatch('drafts.quarantineDelete', sender, { name })).toEqual({
        ok: true,
        value: { deleted: true },
      })
      expect(await readdir(join(dataDir, 'drafts', 'quarantine'))).toEqual([])
      expect(await dispatcher.dispatch('drafts.quarantineDelete', sender, { name })).toMatchObject({
        ok: false,
        error: { code: 'not_found', field: 'name' },
      })
    } finally {
      await services.dispose()
    }
  })

  it('accepts only names listed in the quarantine folder, never a path', async () => {
    const { services } = await withDamagedDraft()
    try {
      const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
      for (const name of ['../drafts/x.json', '/etc/passwd', '..', 'a\\b']) {
        expect(await dispatcher.dispatch('drafts.quarantineRead', sender, { name })).toMatchObject({
          ok: false,
          error: { code: 'invalid_request', field: 'name' },
        })
      }
      expect(
        await dispatcher.dispatch('drafts.quarantineRead', sender, { name: 'settings.json' }),
      ).toMatchObject({
        ok: false,
        error: { code: 'not_found', field: 'name' },
      })
    } finally {
      await services.dispose()
    }
  })
})
