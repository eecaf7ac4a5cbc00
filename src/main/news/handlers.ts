import type { newsContract } from '../../shared/ipc/contracts/news'
import { getNewsStory, searchNews } from '../api/news'
import type { HandlersOf } from '../ipc/dispatcher'
import type { WithAdsContext } from '../session/session'

/** Trending news beside the composer (contracts/news.ts), signed as the designer. */
export function createNewsHandlers(deps: {
  withAdsContext: WithAdsContext
}): HandlersOf<typeof newsContract> {
  return {
    'news.search': ({ profileId, query, maxAgeHours }) =>
      deps.withAdsContext(profileId, async (ctx) => ({
        stories: await searchNews(ctx, { query, ...(maxAgeHours !== undefined ? { maxAgeHours } : {}) }),
      })),
    'news.get': ({ profileId, id }) =>
      deps.withAdsContext(profileId, async (ctx) => ({ story: await getNewsStory(ctx, id) })),
  }
}
