import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createConfStore } from '../../../src/main/settings/confStore'
import { createSettingsService } from '../../../src/main/settings/settingsService'

let dataDir: string
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-studio-settings-'))
})
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

describe('settings', () => {
  it('start from defaults and persist to settings.json in the data directory', async () => {
    const first = createSettingsService(createConfStore(dataDir))
    expect(first.get()).toEqual({ theme: 'system', postLengthLimits: {}, draftBackupsKept: 10 })
    first.update({ theme: 'dark' })
    first.update({ postLengthLimits: { 'profile/account': 25000 } })
    // The same file electron-store writes in the app: plain JSON named settings.json.
    const onDisk = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))
    const expected = { theme: 'dark', postLengthLimits: { 'profile/account': 25000 }, draftBackupsKept: 10 }
    expect(onDisk).toEqual({ preferences: expected })
    expect(createSettingsService(createConfStore(dataDir)).get()).toEqual(expected)
  })

  it('fall back to the default for a value a person edited into something invalid', async () => {
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ preferences: { theme: 'sepia' } }))
    expect(createSettingsService(createConfStore(dataDir)).get()).toEqual({
      theme: 'system',
      postLengthLimits: {},
      draftBackupsKept: 10,
    })
  })
})
