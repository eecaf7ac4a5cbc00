import { create } from 'zustand'
import type { StoredTeamPack } from '../../../shared/ipc/contracts/teamRules'
import type { TeamRulePack } from '../../../shared/rules/teamPacks/types'
import { studio, unwrap } from '../../lib/ipc'
import { useActiveAccountValue } from './accountValue'

const NO_RULES: readonly TeamRulePack[] = []

/**
 * The active account's team rule packs (issue 44). Every editor checks drafts against `rules`
 * beside the platform's limits; Settings → Team rules imports and removes packs. `rules` keeps
 * its identity until the packs change, so an editor's checks are not redone for nothing and a
 * pack is compiled once (rules/teamPacks/check.ts).
 */
export const useTeamRules = create<{
  packs: readonly StoredTeamPack[] | undefined
  rules: readonly TeamRulePack[]
  setPacks(packs: readonly StoredTeamPack[] | undefined): void
}>((set) => ({
  packs: undefined,
  rules: NO_RULES,
  setPacks: (packs) =>
    set({ packs, rules: packs && packs.length > 0 ? packs.map((stored) => stored.pack) : NO_RULES }),
}))

const readPacks = (account: { profileId: string; accountId: string }) =>
  unwrap(studio().teamRules.list(account)).then(({ packs }) => packs)
// Not known: the editors check the platform's rules; main still checks the packs at publish.
const showPacks = (packs: readonly StoredTeamPack[] | undefined) => useTeamRules.getState().setPacks(packs)

/** Keeps the packs in step with the active profile and account. Mounted once, by the account switcher. */
export function useTeamRulesSync(): void {
  useActiveAccountValue(readPacks, showPacks)
}
