import type { teamRulesContract } from '../../shared/ipc/contracts/teamRules'
import type { HandlersOf } from '../ipc/dispatcher'
import type { TeamRulesService } from './teamRulesService'

/** Team rule packs per account: list, import from a chosen file, remove. */
export function createTeamRulesHandlers(service: TeamRulesService): HandlersOf<typeof teamRulesContract> {
  return {
    'teamRules.list': async ({ profileId, accountId }) => ({
      packs: await service.list(profileId, accountId),
    }),
    'teamRules.import': ({ profileId, accountId }) => service.importPack(profileId, accountId),
    'teamRules.remove': async ({ profileId, accountId, id }) => ({
      packs: await service.remove(profileId, accountId, id),
    }),
  }
}
