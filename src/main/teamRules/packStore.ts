import { join } from 'node:path'
import { z } from 'zod'
import { storedTeamPackSchema, type StoredTeamPack } from '../../shared/ipc/contracts/teamRules'
import { TEAM_PACK_LIMITS } from '../../shared/rules/teamPacks/schema'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import { writeFileAtomic } from '../files/atomicFile'
import { parseJson, readStoreFile, type DamagedStore } from '../files/storeFile'

/**
 * Each account's team rule packs, in `<dataDir>/team-rule-packs.json` (not secrets: the rules a
 * team shares). Read once; the packs stay the same objects until changed, so the rules compiled
 * for a pack (rules/teamPacks/check.ts) are compiled once however often publish checks.
 */

export const TEAM_PACKS_FILE = 'team-rule-packs.json'

const fileSchema = z.object({
  version: z.literal(1),
  accounts: z.record(z.string(), z.array(storedTeamPackSchema).max(TEAM_PACK_LIMITS.maxPacksPerAccount)),
})
type PacksFile = z.infer<typeof fileSchema>

/** Far above what 20 packs of 256 KB per account for a few accounts write. */
const MAX_STORE_BYTES = 256 * 1024 * 1024

const accountKey = (profileId: string, accountId: string) => `${profileId}/${accountId}`

export interface TeamPackStore {
  list(profileId: string, accountId: string): Promise<StoredTeamPack[]>
  /** The rules publish checks: the packs alone, the same objects while unchanged. */
  rulesFor(profileId: string, accountId: string): Promise<readonly TeamRulePack[]>
  set(profileId: string, accountId: string, packs: StoredTeamPack[]): Promise<StoredTeamPack[]>
}

export function createTeamPackStore(
  dataDir: string,
  onDamaged?: (damaged: DamagedStore) => void,
): TeamPackStore {
  const path = join(dataDir, TEAM_PACKS_FILE)
  let loaded: Promise<PacksFile> | undefined
  const load = () =>
    (loaded ??= readStoreFile(path, {
      maxBytes: MAX_STORE_BYTES,
      parse: (text) => {
        const parsed = fileSchema.safeParse(parseJson(text))
        return parsed.success ? parsed.data : undefined
      },
      ...(onDamaged ? { onDamaged } : {}),
    }).then((file) => file ?? { version: 1 as const, accounts: {} }))
  // One write at a time, in order.
  let writing: Promise<unknown> = Promise.resolve()

  return {
    async list(profileId, accountId) {
      return [...((await load()).accounts[accountKey(profileId, accountId)] ?? [])]
    },
    async rulesFor(profileId, accountId) {
      return ((await load()).accounts[accountKey(profileId, accountId)] ?? []).map((stored) => stored.pack)
    },
    async set(profileId, accountId, packs) {
      const file = await load()
      const key = accountKey(profileId, accountId)
      if (packs.length === 0) delete file.accounts[key]
      else file.accounts[key] = packs
      const text = JSON.stringify(file)
      const done = writing.then(() => writeFileAtomic(path, text))
      writing = done.catch(() => undefined)
      await done
      return [...packs]
    },
  }
}
