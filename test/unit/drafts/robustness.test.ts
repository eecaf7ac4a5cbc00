import { execFileSync } from 'node:child_process'
import { mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createDraftsService } from '../../../src/main/drafts/draftsService'
import { createDraftStore } from '../../../src/main/drafts/store'
import { emptyContent } from '../../../src/shared/creatives/content'
import { describeRun, tsxChild } from '../../support/supervisedChild'
import { DRAFT_LIMITS } from '../../../src/shared/drafts/json'
import { useTempDirs } from './helpers'

/** Issue #10, defects 4, 5, 7 and 8: the drafts folder and imports hold whatever a disk can. */

const tempDir = useTempDirs()
const here = dirname(fileURLToPath(import.meta.url))

interface ChildResult {
  listed: {
    drafts: { id: string; name: string }[]
    quarantined: { fileName: string; message: string }[]
    notices?: { message: string }[]
  }
  created: string
}

/**
 * Loads in a child process; a load that blocks is killed by the watchdog, a minute after the child
 * said it started loading (long past what a load needs on a loaded machine), and reported as such.
 */
async function loadInChild(dataDir: string): Promise<ChildResult> {
  const run = await tsxChild(join(here, 'fixtures', 'loadChild.ts'), 60_000)([dataDir])
  if (run.code !== 0) throw new Error(describeRun('the loading child', run))
  return JSON.parse(run.lines.at(-1)!) as ChildResult
}

/**
 * A data directory as the app has it (`dir`, what createDraftsService takes) with one valid
 * draft in it; `store` is the draft store's own folder inside it, `drafts` its live drafts.
 */
async function withOneDraft(): Promise<{ dir: string; store: string; drafts: string; id: string }> {
  const dir = await tempDir()
  const storeDir = join(dir, 'drafts')
  const store = createDraftStore({ dir: storeDir })
  await store.load()
  const draft = await store.create('post', 'Keep me', { ...emptyContent('post'), text: 'hello' })
  await store.close()
  return { dir, store: storeDir, drafts: join(storeDir, 'drafts'), id: draft.id }
}

// The load runs in a child under a watchdog (loadInChild), which may take a minute to stop a hang.
describe('defect 4: only regular files are read from the drafts folder', { timeout: 180_000 }, () => {
  it('a FIFO and a link to /dev/zero do not freeze the load; they are reported and the other drafts work', async () => {
    const { dir, drafts, id } = await withOneDraft()
    execFileSync('mkfifo', [join(drafts, '11111111-1111-4111-8111-111111111111.json')])
    await symlink('/dev/zero', join(drafts, '22222222-2222-4222-8222-222222222222.json'))
    await symlink(join(drafts, `${id}.json`), join(drafts, '33333333-3333-4333-8333-333333333333.json'))

    const result = await loadInChild(dir)

    expect(result.listed.drafts.map((draft) => draft.id)).toEqual([id])
    const reported = result.listed.quarantined.map((entry) => entry.fileName).sort()
    expect(reported).toEqual([
      '11111111-1111-4111-8111-111111111111.json',
      '22222222-2222-4222-8222-222222222222.json',
      '33333333-3333-4333-8333-333333333333.json',
    ])
    for (const entry of result.listed.quarantined) expect(entry.message).toMatch(/not a regular file/)
    expect(result.created).toMatch(/^[0-9a-f-]{36}$/)
    // Moved aside, not followed: /dev/zero is untouched and the real draft is still in place.
    expect((await readdir(drafts)).sort()).toEqual([`${id}.json`, `${result.created}.json`].sort())
  })

  it('a draft file larger than any draft can be is not read whole', async () => {
    const { store, drafts, id } = await withOneDraft()
    const huge = join(drafts, '44444444-4444-4444-8444-444444444444.json')
    await writeFile(huge, `{"pad":"${'x'.repeat(6 * 1024 * 1024)}"}`)
    const report = await createDraftStore({ dir: store }).load()
    expect(report.loaded).toBe(1)
    expect(report.quarantined).toEqual([
      expect.objectContaining({ reason: 'too_large', message: expect.stringMatching(/too large/) }),
    ])
    expect(id).toBeTruthy()
  })
})

describe('defect 8: robustness of the drafts folder', () => {
  it('reports drafts written by a newer version in drafts.list, and keeps them in place', async () => {
    const { dir, drafts, id } = await withOneDraft()
    const future = '55555555-5555-4555-8555-555555555555'
    const text = JSON.stringify({ id: future, schemaVersion: 99, kind: 'hologram', content: {} })
    await writeFile(join(drafts, `${future}.json`), text)
    const service = createDraftsService({
      dataDir: dir,
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    })
    const listed = await service.list()
    expect(listed.drafts.map((draft) => draft.id)).toEqual([id])
    expect(listed.notices).toEqual([
      expect.objectContaining({
        fileName: `${future}.json`,
        message: expect.stringMatching(/newer (version of )?Ads Studio/),
      }),
    ])
    expect(await readFile(join(drafts, `${future}.json`), 'utf8')).toBe(text)
    await service.close()
  })

  it('loads a valid draft saved with a UTF-8 byte order mark', async () => {
    const { store, drafts, id } = await withOneDraft()
    const path = join(drafts, `${id}.json`)
    await writeFile(path, `\uFEFF${await readFile(path, 'utf8')}`)
    const report = await createDraftStore({ dir: store }).load()
    expect(report.quarantined).toEqual([])
    expect(report.loaded).toBe(1)
  })

  it('keeps working when the quarantine (or backups) path is a file, with a notice', async () => {
    const { dir, store, drafts, id } = await withOneDraft()
    await import('node:fs/promises').then((fs) => fs.rm(join(store, 'quarantine'), { recursive: true }))
    await writeFile(join(store, 'quarantine'), 'not a folder')
    await writeFile(join(drafts, 'broken.json'), '{"half":')
    const service = createDraftsService({
      dataDir: dir,
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    })
    const listed = await service.list()
    expect(listed.drafts.map((draft) => draft.id)).toEqual([id])
    expect(listed.quarantined.map((entry) => entry.fileName)).toEqual(['broken.json'])
    expect(listed.notices?.map((notice) => notice.message).join(' ')).toMatch(/quarantine/)
    const created = await service.create('card', 'Still works')
    expect((await service.get(created.id)).name).toBe('Still works')
    // What was in the way is kept, not deleted.
    const kept = (await readdir(store)).filter((name) => name.startsWith('quarantine'))
    expect(kept.length).toBe(2)
    expect((await stat(join(store, 'quarantine'))).isDirectory()).toBe(true)
    await service.close()
  })
})

describe('defects 5 and 7: imports are checked cheaply first and name only the file', () => {
  async function importing(fileName: string, text: string | Buffer) {
    const dir = await tempDir()
    const folder = join(dir, 'My Drafts (shared)', 'Spring sale 2026')
    await mkdir(folder, { recursive: true })
    const path = join(folder, fileName)
    await writeFile(path, text)
    const service = createDraftsService({
      dataDir: join(dir, 'data'),
      dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => path },
    })
    return { service, path, folder }
  }

  it.each([
    ['deeply nested', `{"schemaVersion":2,"content":${'['.repeat(200_000)}${']'.repeat(200_000)}}`, /nested/],
    [
      'a huge number of entries',
      `{"schemaVersion":2,"content":[${Array.from({ length: 100_000 }, () => '{"a":1}').join(',')}]}`,
      /entries/,
    ],
    [
      'one enormous string',
      `{"schemaVersion":2,"name":"${'n'.repeat(DRAFT_LIMITS.maxStringLength + 1)}"}`,
      /text/,
    ],
    ['larger than a draft can be', Buffer.alloc(DRAFT_LIMITS.maxFileBytes + 256 * 1024, 0x20), /too large/],
  ])('refuses %s before building it, naming only the file', async (_label, text, why) => {
    const { service, folder } = await importing('Spring sale (final).json', text)
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const refused = await service.importDraft().then(
      () => undefined,
      (error: { code: string; message: string }) => error,
    )
    delay.disable()
    expect(refused).toMatchObject({ code: 'invalid_input' })
    expect(refused!.message).toMatch(why)
    expect(refused!.message).toContain('Spring sale (final).json')
    expect(refused!.message).not.toContain(folder)
    expect(refused!.message).not.toMatch(/My Drafts|Spring sale 2026|\/tmp/)
    // Recorded for the report, not asserted (timings vary with load).
    process.stdout.write(`[import ${_label}] longest event-loop stall ${(delay.max / 1e6).toFixed(1)} ms\n`)
    expect((await service.list()).drafts).toEqual([])
    await service.close()
  })

  it.each([
    ['not JSON', 'PK\u0003\u0004 zip', /not valid JSON/],
    ['another app', '{"type":"excalidraw","version":2}', /not an Ads Studio draft/],
    ['a damaged draft', '{"schemaVersion":2,"id":"nope","kind":"card","name":"x"}', /cannot be imported/],
  ])('a %s error names the file, never its folder', async (_label, text, why) => {
    const { service, folder } = await importing('Spring sale (final).json', text)
    const refused = await service.importDraft().catch((error: { message: string }) => error)
    expect((refused as { message: string }).message).toMatch(why)
    expect((refused as { message: string }).message).toContain('Spring sale (final).json')
    expect((refused as { message: string }).message).not.toContain(folder)
    expect((refused as { message: string }).message).not.toMatch(/My Drafts|Spring sale 2026|\(shared\)/)
    await service.close()
  })

  it('says a missing file is missing, by name', async () => {
    const { service, path, folder } = await importing('gone.json', '{}')
    await import('node:fs/promises').then((fs) => fs.unlink(path))
    const refused = (await service.importDraft().catch((error: { message: string }) => error)) as {
      message: string
    }
    expect(refused.message).toContain('gone.json')
    expect(refused.message).not.toContain(folder)
  })
})
