import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDraftStore } from '../../../src/main/drafts/store'
import { filesIn, readJson, useTempDirs } from './helpers'

const tempDir = useTempDirs()

const V1_ID = '5c4a1e2b-7d3f-4a8e-9b6c-1f2e3d4c5b6a'
const V1_FILE = {
  version: 1,
  id: V1_ID,
  kind: 'card',
  title: 'Prototype card',
  created: Date.UTC(2025, 5, 1, 8),
  modified: Date.UTC(2025, 5, 3, 17, 45),
  state: 'ready',
  content: { components: [{ type: 'MEDIA', media_key: '3_555' }] },
  remote: { card_id: 'abc' },
}

async function seededDir(): Promise<{ dir: string; drafts: string }> {
  const dir = await tempDir()
  const drafts = join(dir, 'drafts')
  await mkdir(drafts, { recursive: true })
  return { dir, drafts }
}

describe('load: migration', () => {
  it('upgrades a version 1 file on disk after backing up the original bytes', async () => {
    const { dir, drafts } = await seededDir()
    const originalBytes = `${JSON.stringify(V1_FILE)}\n`
    await writeFile(join(drafts, `${V1_ID}.json`), originalBytes)

    const store = createDraftStore({ dir })
    const report = await store.load()

    const backupPath = join(dir, 'backups', `${V1_ID}.v1.json`)
    expect(report.migrated).toEqual([{ id: V1_ID, fromVersion: 1, toVersion: 2, backupPath }])
    expect(await readFile(backupPath, 'utf8')).toBe(originalBytes)
    const expected = {
      id: V1_ID,
      kind: 'card',
      name: 'Prototype card',
      createdAt: '2025-06-01T08:00:00.000Z',
      updatedAt: '2025-06-03T17:45:00.000Z',
      schemaVersion: 2,
      status: 'queued',
      content: { components: [{ type: 'MEDIA', media_key: '3_555' }] },
      published: { cardId: 'abc' },
    }
    expect(store.get(V1_ID)).toEqual(expected)
    expect(await readJson(join(drafts, `${V1_ID}.json`))).toEqual(expected)

    const again = await createDraftStore({ dir }).load()
    expect(again.migrated).toEqual([])
    expect(again.loaded).toBe(1)
  })

  it('keeps an earlier backup of the same version instead of overwriting it', async () => {
    const { dir, drafts } = await seededDir()
    await mkdir(join(dir, 'backups'))
    await writeFile(join(dir, 'backups', `${V1_ID}.v1.json`), 'earlier backup')
    await writeFile(join(drafts, `${V1_ID}.json`), JSON.stringify(V1_FILE))

    const report = await createDraftStore({ dir }).load()

    expect(await readFile(join(dir, 'backups', `${V1_ID}.v1.json`), 'utf8')).toBe('earlier backup')
    const backupPath = report.migrated[0]?.backupPath ?? ''
    expect(backupPath).not.toBe(join(dir, 'backups', `${V1_ID}.v1.json`))
    expect(JSON.parse(await readFile(backupPath, 'utf8'))).toEqual(V1_FILE)
  })

  it('rewrites a repaired draft, with a backup, and reports the repairs', async () => {
    const { dir, drafts } = await seededDir()
    const id = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'
    await writeFile(
      join(drafts, `${id}.json`),
      JSON.stringify({
        id,
        kind: 'post',
        name: 'p',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        schemaVersion: 2,
        status: 'archived',
        content: {},
      }),
    )

    const report = await createDraftStore({ dir }).load()

    expect(report.repaired).toEqual([
      {
        id,
        repairs: ['unknown status "archived" reset to "draft"'],
        backupPath: join(dir, 'backups', `${id}.v2.json`),
      },
    ])
    expect(await readJson(join(drafts, `${id}.json`))).toMatchObject({ status: 'draft' })
  })
})

describe('load: quarantine', () => {
  it('moves unreadable files aside, reports each with a reason, and never deletes them', async () => {
    const { dir, drafts } = await seededDir()
    const seed = createDraftStore({ dir })
    await seed.load()
    const good = await seed.create('card', 'good', { components: [] })
    const victim = await seed.create('post', 'victim', { text: 'x'.repeat(200) })
    await seed.close()

    const victimPath = join(drafts, `${victim.id}.json`)
    const full = await readFile(victimPath, 'utf8')
    const truncated = full.slice(0, Math.floor(full.length / 2))
    await writeFile(victimPath, truncated)
    const garbage = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x7b])
    await writeFile(join(drafts, 'garbage.json'), garbage)
    await writeFile(join(drafts, 'empty.json'), '')
    await writeFile(join(drafts, 'notadraft.json'), '{"hello":"world"}')
    await writeFile(join(drafts, '11111111-2222-4333-8444-555555555555.json'), JSON.stringify(good))

    const store = createDraftStore({ dir })
    const report = await store.load()

    expect(report.loaded).toBe(1)
    expect(store.list().map((summary) => summary.id)).toEqual([good.id])
    const byFile = Object.fromEntries(report.quarantined.map((entry) => [entry.fileName, entry]))
    expect(Object.keys(byFile).sort()).toEqual(
      [
        '11111111-2222-4333-8444-555555555555.json',
        `${victim.id}.json`,
        'empty.json',
        'garbage.json',
        'notadraft.json',
      ].sort(),
    )
    expect(byFile[`${victim.id}.json`]).toMatchObject({
      reason: 'not_json',
      message: `Draft file ${victim.id}.json could not be read and was moved to quarantine: it is not valid JSON (truncated or damaged)`,
    })
    expect(byFile['empty.json']?.message).toContain('it is empty')
    expect(byFile['garbage.json']?.reason).toBe('not_json')
    expect(byFile['notadraft.json']?.reason).toBe('unknown_version')
    expect(byFile['11111111-2222-4333-8444-555555555555.json']?.reason).toBe('id_mismatch')

    // Nothing deleted: every byte is in quarantine, and the drafts folder holds only the good draft.
    expect(await filesIn(drafts)).toEqual([`${good.id}.json`])
    expect(await filesIn(join(dir, 'quarantine'))).toHaveLength(5)
    const quarantinedVictim = byFile[`${victim.id}.json`]?.quarantinePath ?? ''
    expect(await readFile(quarantinedVictim, 'utf8')).toBe(truncated)
    expect(await readFile(byFile['garbage.json']?.quarantinePath ?? '')).toEqual(garbage)

    // Quarantined files stay out of the way on the next start.
    const next = await createDraftStore({ dir }).load()
    expect(next.quarantined).toEqual([])
    expect(next.loaded).toBe(1)
  })

  it('quarantines a draft whose content the content model rejects', async () => {
    const { dir } = await seededDir()
    const seed = createDraftStore({ dir })
    await seed.load()
    const draft = await seed.create('poll_card', 'poll', { choices: 'yes' })

    const strict = createDraftStore({
      dir,
      validateContent: (_kind, content) =>
        Array.isArray((content as { choices?: unknown }).choices)
          ? { ok: true }
          : { ok: false, message: 'choices must be a list' },
    })
    const report = await strict.load()

    expect(report.quarantined).toEqual([
      expect.objectContaining({
        fileName: `${draft.id}.json`,
        reason: 'invalid_content',
        message: expect.stringContaining('choices must be a list'),
      }),
    ])
  })

  it('leaves a draft from a newer app version in place and reports it as skipped', async () => {
    const { dir, drafts } = await seededDir()
    const id = '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091'
    const future = JSON.stringify({ id, schemaVersion: 99, kind: 'hologram', content: {} })
    await writeFile(join(drafts, `${id}.json`), future)

    const report = await createDraftStore({ dir }).load()

    expect(report.skipped).toEqual([
      { fileName: `${id}.json`, message: expect.stringContaining('newer Ads Studio') },
    ])
    expect(report.quarantined).toEqual([])
    expect(await readFile(join(drafts, `${id}.json`), 'utf8')).toBe(future)
  })

  it('removes temp files left by an interrupted write and ignores unrelated files', async () => {
    const { dir, drafts } = await seededDir()
    await writeFile(join(drafts, `.abc.json.0123456789ab.tmp`), '{"half":')
    await writeFile(join(drafts, 'README.txt'), 'notes')

    const report = await createDraftStore({ dir }).load()

    expect(report.tempFilesRemoved).toBe(1)
    expect(report.quarantined).toEqual([])
    expect(await filesIn(drafts)).toEqual(['README.txt'])
  })

  it('creates its folders in an empty data directory', async () => {
    const dir = join(await tempDir(), 'nested', 'data')
    const report = await createDraftStore({ dir }).load()
    expect(report).toMatchObject({ loaded: 0, quarantined: [], migrated: [] })
    expect(await filesIn(dir)).toEqual(['backups', 'drafts', 'quarantine', 'trash'])
  })
})
