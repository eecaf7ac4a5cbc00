import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTeamPackStore, TEAM_PACKS_FILE } from '../../../src/main/teamRules/packStore'
import { createTeamRulesService } from '../../../src/main/teamRules/teamRulesService'

const PACK = (name: string) =>
  JSON.stringify({
    format: 'ads-studio-rule-pack',
    version: 1,
    name,
    rules: [{ type: 'banned_words', words: ['cheap'] }],
  })

let dir: string
let chosen: (string | null)[]
const dialogs = { choosePackFile: async () => chosen.shift() ?? null }
const open = () => createTeamRulesService(createTeamPackStore(dir), dialogs)

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'team-rules-'))
  chosen = []
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('team rule packs in main', () => {
  it('keeps each account’s packs apart, replaces a pack of the same name, and reads them after a restart', async () => {
    const service = open()
    chosen.push(await file('brand.json', PACK('Brand')), await file('legal.json', PACK('Legal')))
    await service.importPack('p1', 'acc1')
    await service.importPack('p1', 'acc1')
    chosen.push(await file('brand-2.json', PACK('Brand')))
    const { packs } = (await service.importPack('p1', 'acc1')) as { packs: { fileName: string }[] }
    expect(packs.map((stored) => stored.fileName)).toEqual(['legal.json', 'brand-2.json'])
    expect(await service.list('p1', 'acc2')).toEqual([])

    const reopened = createTeamPackStore(dir)
    expect((await reopened.rulesFor('p1', 'acc1')).map((pack) => pack.name)).toEqual(['Legal', 'Brand'])
    // The same objects while unchanged: each pack is compiled once however often publish checks.
    expect((await reopened.rulesFor('p1', 'acc1'))[0]).toBe((await reopened.rulesFor('p1', 'acc1'))[0])
    // Kept with the file's name, never the folder it was chosen from.
    expect(await readFile(join(dir, TEAM_PACKS_FILE), 'utf8')).not.toContain(dir)

    const [legal] = await service.list('p1', 'acc1')
    expect((await service.remove('p1', 'acc1', legal!.id)).map((stored) => stored.pack.name)).toEqual([
      'Brand',
    ])
    await expect(service.remove('p1', 'acc1', legal!.id)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('refuses what is not a small UTF-8 pack file, saying why', async () => {
    const service = open()
    chosen.push(await file('big.json', ' '.repeat(256 * 1024 + 1)))
    await expect(service.importPack('p', 'a')).rejects.toThrow('big.json is larger than 256 KB')
    await mkdir(join(dir, 'folder.json'))
    chosen.push(join(dir, 'folder.json'))
    await expect(service.importPack('p', 'a')).rejects.toThrow('folder.json is not a file')
    chosen.push(await file('latin1.json', Uint8Array.from([0x7b, 0xe9, 0x7d])))
    await expect(service.importPack('p', 'a')).rejects.toThrow('latin1.json is not UTF-8 text')
    chosen.push(await file('rules.json', '{\n  "format": "ads-studio-rule-pack",\n  "version": 1\n}'))
    await expect(service.importPack('p', 'a')).rejects.toThrow(
      'rules.json is not a rule pack Ads Studio can use. Line 1, column 1: “name” is missing (1 more after it).',
    )
    expect(await service.list('p', 'a')).toEqual([])
  })
})
