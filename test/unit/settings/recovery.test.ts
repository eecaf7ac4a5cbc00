import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSenderPolicy } from '../../../src/main/ipc/senderPolicy'
import { createProfileRepository, PROFILES_BACKUP_FILE } from '../../../src/main/settings/profileRepository'
import { createServices, type Services } from '../../../src/main/services'
import { createConfStore } from '../../../src/main/settings/confStore'
import { createMemorySecretStore } from '../../../src/main/vault/memoryStore'
import { createProfileVault } from '../../../src/main/vault/profileVault'
import { PRODUCTION_HOSTS } from '../../../src/shared/hosts'
import { aProfile } from '../../support/profiles'
import type { ProfileList, ProfileSummary } from '../../../src/shared/profiles'

// Issue 39, D14: a damaged settings file made createServices throw (conf, like electron-store,
// refuses to open it), so main registered no IPC handler and the window stayed blank; a FIFO
// made the start hang. Now it is set aside like a damaged draft, the app starts and says what
// happened, and the profiles it held whose secrets are still in the keychain are offered back.

const RENDERER = 'file:///app/out/renderer/index.html'
const sender = { url: RENDERER, isMainFrame: true }

const profile = (id: string, label: string): ProfileSummary =>
  aProfile(id, { label, consumerKey: `key-${label}`, screenName: label.toLowerCase(), userId: '42' })
const KEPT = profile('11111111-1111-4111-8111-111111111111', 'Kept')
const FORGOTTEN = profile('22222222-2222-4222-8222-222222222222', 'Forgotten')

let dataDir: string
let running: Services[]
const secretStore = createMemorySecretStore()

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ads-settings-recovery-'))
  running = []
  // An earlier run: two profiles in the settings, only one still with its secrets in the keychain.
  const repository = createProfileRepository(createConfStore(dataDir), join(dataDir, PROFILES_BACKUP_FILE))
  repository.put(KEPT)
  repository.put(FORGOTTEN)
  const vault = createProfileVault(secretStore)
  await vault.saveConsumerSecret(KEPT.id, 'kept-secret')
  await vault.saveAccessToken(KEPT.id, { accessToken: '42-token', accessTokenSecret: 'token-secret' })
})
afterEach(async () => {
  for (const services of running) await services.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

function start() {
  const services = createServices({
    dataDir,
    hosts: PRODUCTION_HOSTS,
    secretStore,
    dialogs: { chooseExportPath: async () => null, chooseImportFile: async () => null },
    openExternal: async () => {},
    appInfo: { name: 'Ads Studio', version: 'test' },
  })
  running.push(services)
  const dispatcher = services.createDispatcher(createSenderPolicy(RENDERER))
  return async <T>(channel: string, request: unknown = {}): Promise<T> => {
    const answer = await dispatcher.dispatch(channel, sender, request)
    if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`)
    return answer.value as T
  }
}

const setAside = async () =>
  (await readdir(dataDir)).filter((name) => name.startsWith('settings.json.damaged-'))

describe('a settings file that cannot be read', () => {
  it.each([
    ['damaged JSON', async (path: string) => writeFile(path, '{"profiles": [{"id": "11111111-1111-41')],
    ['a FIFO', async (path: string) => execFileSync('mkfifo', [path])],
  ])(
    '(%s) is set aside; the app starts, says so, and offers back the profiles the keychain still holds',
    async (_label, spoil) => {
      await rm(join(dataDir, 'settings.json'))
      await spoil(join(dataDir, 'settings.json'))
      const call = start()
      const listed = await call<ProfileList>('profiles.list')
      expect(listed).toMatchObject({
        profiles: [],
        recovered: {
          message: expect.stringMatching(
            /^Your settings file .*set it aside as settings\.json\.damaged-.*default settings/,
          ),
          profiles: [KEPT],
        },
      })
      expect(await setAside()).toHaveLength(1)
      // The other screens work: settings read their defaults.
      expect(await call('settings.get')).toMatchObject({ theme: 'system' })

      const restored = await call<ProfileList>('profiles.restore', { profileIds: [KEPT.id] })
      expect(restored.profiles).toEqual([KEPT])
      expect(restored.recovered).toBeUndefined()
      // Restored for good: the next start finds the profile and no offer.
      const again = await start()<ProfileList>('profiles.list')
      expect(again).toEqual({ profiles: [KEPT], activeProfileId: null })
    },
  )

  it('a dismissed offer is not made again', async () => {
    await writeFile(join(dataDir, 'settings.json'), 'not json at all')
    const call = start()
    expect((await call<ProfileList>('profiles.list')).recovered?.profiles).toEqual([KEPT])
    expect(await call<ProfileList>('profiles.restore', { profileIds: [] })).toEqual({
      profiles: [],
      activeProfileId: null,
    })
    expect((await call<ProfileList>('profiles.list')).recovered).toBeUndefined()
  })
})
