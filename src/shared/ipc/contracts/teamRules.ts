import { z } from 'zod'
import { teamRulePackSchema } from '../../rules/teamPacks/schema'
import { accountRequest, afterFileChoice } from './fields'

/** A pack as the account keeps it: the file's rules, its name when imported, and when. */
export const storedTeamPackSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  importedAt: z.string(),
  pack: teamRulePackSchema,
})
export type StoredTeamPack = z.infer<typeof storedTeamPackSchema>

const packsResponse = z.object({ packs: z.array(storedTeamPackSchema) })

/** Team rule packs (issue 44), per profile and ad account; main reads the files, never the renderer. */
export const teamRulesContract = {
  /** The account's packs, in the order imported. */
  'teamRules.list': { request: accountRequest, response: packsResponse },
  /**
   * Opens a file dialog and imports the chosen pack for the account; a pack of the same name is
   * replaced. A malformed file is refused with its line, column and reason.
   */
  'teamRules.import': {
    request: accountRequest,
    response: afterFileChoice({
      imported: storedTeamPackSchema,
      packs: z.array(storedTeamPackSchema),
    }),
  },
  'teamRules.remove': {
    request: accountRequest.extend({ id: z.string().uuid() }).strict(),
    response: packsResponse,
  },
} as const
