import type { keywordsContract } from '../../shared/ipc/contracts/keywords'
import type { HandlersOf } from '../ipc/dispatcher'
import { createKeywordService } from './keywordService'

/** Keyword insights (spec part A): searches, the recent queries, the CSV export of a result. */
export function createKeywordHandlers(
  deps: Parameters<typeof createKeywordService>[0],
): HandlersOf<typeof keywordsContract> {
  const keywords = createKeywordService(deps)
  return {
    'keywords.search': ({ profileId, query }) => keywords.search(profileId, query),
    'keywords.recent': async ({ profileId }) => ({ queries: await keywords.recent(profileId) }),
    'keywords.exportCsv': ({ resultId }) => keywords.exportCsv(resultId),
  }
}
