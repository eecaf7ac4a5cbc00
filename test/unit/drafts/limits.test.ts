import { copyFile, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDraftsService } from '../../../src/main/drafts/draftsService'
import { createDraftStore, DraftStoreError } from '../../../src/main/drafts/store'
import { emptyContent } from '../../../src/shared/creatives/content'
import { DRAFT_LIMITS } from '../../../src/shared/drafts/json'
import { useTempDirs } from './helpers'

// Issue 39, D13: save, load, import and restore apply one limit table (DRAFT_LIMITS), so what
// main acknowledges as saved it loads again at the next start, and an export imports again.

const tempDir = useTempDirs()

/** A text as long as the crash harness writes (up to 320 kB). */
const LONG_TEXT = 'Long copy pasted in while writing. '.repeat(9_200).slice(0, 320_000)

describe('one limit table for every way a draft is written or read', () => {
  it('loads again, unquarantined, a draft saved with a 320 kB text', async () => {
    const dir = await tempDir()
    const store = createDraftStore({ dir })
    await store.load()
    const created = await store.create('post', 'Long one', { text: 'short' })
    store.scheduleSave(created.id, { content: { text: LONG_TEXT } })
    await store.flush()
    await store.close()

    const again = createDraftStore({ dir })
    const report = await again.load()
    expect(report.quarantined).toEqual([])
    expect(again.get(created.id)?.content).toEqual({ text: LONG_TEXT })
    expect(await readdir(join(dir, 'quarantine'))).toEqual([])
    await again.close()
  })

  it.each([
    ['one text longer than a draft may hold', { text: 'x'.repeat(DRAFT_LIMITS.maxStringLength + 1) }],
    [
      'a file larger than a draft may be',
      {
        parts: Array.from({ length: 5 }, (_, index) => `${index}`.repeat(DRAFT_LIMITS.maxStringLength - 10)),
      },
    ],
  ])('refuses to acknowledge %s, which a load would quarantine', async (_label, content) => {
    const dir = await tempDir()
    const store = createDraftStore({ dir })
    await store.load()
    const created = await store.create('post', 'Too much', { text: 'kept' })
    expect(() => store.scheduleSave(created.id, { content })).toThrow(DraftStoreError)
    await expect(store.save({ ...created, content })).rejects.toMatchObject({
      code: 'invalid_content',
      message: expect.stringMatching(/cannot be saved.*Shorten the longest text/),
    })
    await store.close()

    const again = createDraftStore({ dir })
    expect((await again.load()).quarantined).toEqual([])
    expect(again.get(created.id)?.content).toEqual({ text: 'kept' })
    await again.close()
  })

  it('imports again what it exported, and restores from quarantine what it would load', async () => {
    const dir = await tempDir()
    const exported = join(dir, 'long.json')
    const service = createDraftsService({
      dataDir: join(dir, 'data'),
      dialogs: { chooseExportPath: async () => exported, chooseImportFile: async () => exported },
    })
    const created = await service.create('post', 'Long post')
    await service.update(created.id, { content: { ...emptyContent('post'), text: LONG_TEXT } })
    await service.exportDraft(created.id)
    const imported = await service.importDraft()
    expect((await service.get(imported.draft!.id)).content).toMatchObject({ text: LONG_TEXT })

    // A draft file of 1.4 MB (700,000 two-byte characters), found in the quarantine folder.
    const heavy = await service.create('post', 'Heavy post')
    await service.update(heavy.id, { content: { ...emptyContent('post'), text: 'é'.repeat(700_000) } })
    await service.flush()
    const quarantine = join(dir, 'data', 'drafts', 'quarantine')
    await mkdir(quarantine, { recursive: true })
    await copyFile(
      join(dir, 'data', 'drafts', 'drafts', `${heavy.id}.json`),
      join(quarantine, `${heavy.id}.json.20260101T000000000Z-abc123`),
    )
    const [file] = (await service.quarantineList()).files
    const restored = await service.quarantineRestore(file!.name)
    expect(restored.draft).toMatchObject({ name: 'Heavy post', content: { text: 'é'.repeat(700_000) } })
    await service.close()
  })
})
