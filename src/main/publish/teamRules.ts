import type { TeamRulePack } from '../../shared/rules/teamPacks/types'

/**
 * An account's team rule packs as main keeps them (teamRules/packStore.ts). The publish gate,
 * the review sheet and the preflight ask for them themselves, so a renderer cannot leave them out.
 */
export type TeamRulesOf = (profileId: string, accountId: string) => Promise<readonly TeamRulePack[]>
