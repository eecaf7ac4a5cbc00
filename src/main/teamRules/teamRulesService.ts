import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { AppFailure, appError } from '../../shared/errors'
import type { StoredTeamPack } from '../../shared/ipc/contracts/teamRules'
import { parseTeamRulePack } from '../../shared/rules/teamPacks/parse'
import { TEAM_PACK_LIMITS } from '../../shared/rules/teamPacks/schema'
import { readRegularFile, UnsafeFileError } from '../files/regularFile'
import type { TeamPackStore } from './packStore'

/** The "choose a rule pack" dialog (Electron's in the app, scripted in tests). */
export interface TeamRuleDialogs {
  choosePackFile(): Promise<string | null>
}

export const NO_TEAM_RULE_DIALOGS: TeamRuleDialogs = { choosePackFile: async () => null }

function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

/** The chosen file's text: a regular file of at most 256 KB, UTF-8. Only that file is read. */
async function readPackFile(path: string): Promise<string> {
  const name = basename(path)
  let bytes: Buffer
  try {
    bytes = await readRegularFile(path, { maxBytes: TEAM_PACK_LIMITS.maxFileBytes, followLinks: true })
  } catch (error) {
    if (error instanceof UnsafeFileError && error.reason === 'too_large')
      throw refuse(
        `${name} is larger than ${TEAM_PACK_LIMITS.maxFileBytes / 1024} KB: a rule pack is a small JSON file.`,
      )
    if (error instanceof UnsafeFileError)
      throw refuse(
        `${name} ${error.reason === 'not_a_file' ? 'is not a file' : 'changed while it was read'}.`,
      )
    throw refuse(`Could not read ${name} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw refuse(`${name} is not UTF-8 text. Save it as UTF-8 JSON and import it again.`)
  }
}

export function createTeamRulesService(store: TeamPackStore, dialogs: TeamRuleDialogs) {
  return {
    list: (profileId: string, accountId: string) => store.list(profileId, accountId),

    /** Reads the pack file the designer chooses; a pack with the same name is replaced. */
    async importPack(
      profileId: string,
      accountId: string,
    ): Promise<{ chosen: false } | { chosen: true; imported: StoredTeamPack; packs: StoredTeamPack[] }> {
      const path = await dialogs.choosePackFile()
      if (!path) return { chosen: false }
      const fileName = basename(path)
      const reading = parseTeamRulePack(await readPackFile(path))
      if (!reading.ok) throw refuse(`${fileName} is not a rule pack Ads Studio can use. ${reading.message}`)
      const imported: StoredTeamPack = {
        id: randomUUID(),
        fileName,
        importedAt: new Date().toISOString(),
        pack: reading.pack,
      }
      const current = await store.list(profileId, accountId)
      const others = current.filter((stored) => stored.pack.name !== imported.pack.name)
      if (others.length >= TEAM_PACK_LIMITS.maxPacksPerAccount)
        throw refuse(
          `This account has ${TEAM_PACK_LIMITS.maxPacksPerAccount} rule packs already: remove one before importing another.`,
        )
      const packs = await store.set(profileId, accountId, [...others, imported])
      return { chosen: true, imported, packs }
    },

    async remove(profileId: string, accountId: string, id: string): Promise<StoredTeamPack[]> {
      const current = await store.list(profileId, accountId)
      if (!current.some((stored) => stored.id === id))
        throw new AppFailure(appError('not_found', 'That rule pack was already removed.'))
      return store.set(
        profileId,
        accountId,
        current.filter((stored) => stored.id !== id),
      )
    },
  }
}

export type TeamRulesService = ReturnType<typeof createTeamRulesService>
