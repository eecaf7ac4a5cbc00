import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isTempFileName } from '../../../src/main/files/atomicFile'
import { listDraftFiles } from '../../../src/main/drafts/loader'

// The pass over every draft file runs while drafts are saved: a temporary file it meets is a save
// under way (an atomic write's file before its rename), so only the store's opening removes them.
describe('leftovers of interrupted writes', () => {
  let dir: string
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('are removed when the store opens, and left alone by the pass', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ads-studio-leftovers-'))
    const temp = '.d1.json.tmp'
    expect(isTempFileName(temp)).toBe(true)
    await writeFile(join(dir, temp), '{')
    await writeFile(join(dir, 'd1.json'), '{}')

    expect(await listDraftFiles(dir)).toEqual(['d1.json'])
    expect(await readdir(dir)).toContain(temp)

    expect(await listDraftFiles(dir, undefined, true)).toEqual(['d1.json'])
    expect(await readdir(dir)).not.toContain(temp)
  })
})
