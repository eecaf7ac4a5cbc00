import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { basename, join } from 'node:path'
import Papa from 'papaparse'
import { z } from 'zod'
import { AppFailure, appError } from '../../shared/errors'
import {
  normaliseKeyword,
  UNIT_MS,
  validateKeywordQuery,
  type KeywordQuery,
} from '../../shared/catalog/keywords'
import type { KeywordResult } from '../../shared/ipc/contracts/keywords'
import { searchKeywords } from '../api/catalog'
import { writeFileAtomic } from '../files/atomicFile'
import { parseJson, readStoreFile } from '../files/storeFile'
import type { WithAdsContext } from '../session/session'
import type { CatalogDialogs } from '../catalog/dialogs'

/**
 * Keyword insights. The platform answers one `post_volume` series for a whole query (its
 * keywords OR-ed), so a chart with one line per keyword asks once per keyword as well, each
 * with the same negative keywords, window and country: at most ten small requests.
 *
 * `location` is "a country-level targeting value from the locations look-up" (part A line 130):
 * the designer picks the country in a look-up backed by targeting.locations.
 */

const RECENT_MAX = 8
const RESULTS_KEPT = 10
/** Eight short queries: a few kilobytes. */
const MAX_RECENT_BYTES = 1024 * 1024

const recentQuerySchema = z.object({
  keywords: z.array(z.string()),
  negativeKeywords: z.array(z.string()),
  start: z.string(),
  end: z.string(),
  granularity: z.enum(['DAY', 'HOUR']),
  location: z.object({ targetingValue: z.string(), name: z.string() }).optional(),
})

/**
 * The recent queries, each read on its own: one saved before `location` became a look-up value
 * (an ISO code then) no longer says where it searched, so it is left out, not the whole list.
 */
const recentSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = recentQuerySchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  }),
)

/**
 * The export as CSV. A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab
 * or a carriage return: a keyword is the designer's text, and may be anyone's) is written with a
 * leading quote, papaparse's escapeFormulae, so it opens as the text it is. Every CSV the app
 * writes goes through this option.
 */
export function keywordCsv(result: KeywordResult): string {
  return Papa.unparse(
    {
      fields: ['time', ...result.series.map((series) => series.label)],
      data: result.times.map((time, index) => [
        new Date(time).toISOString(),
        ...result.series.map((series) => series.values[index] ?? ''),
      ]),
    },
    { escapeFormulae: true },
  )
}

export function createKeywordService(deps: {
  dataDir: string
  withAdsContext: WithAdsContext
  dialogs: CatalogDialogs
  now?: () => number
}) {
  const now = deps.now ?? Date.now
  const results = new Map<string, KeywordResult>()
  const fileOf = (profileId: string) => join(deps.dataDir, 'keywords', `${profileId}.json`)

  async function recent(profileId: string): Promise<KeywordQuery[]> {
    const parsed = await readStoreFile(fileOf(profileId), {
      maxBytes: MAX_RECENT_BYTES,
      parse: (text) => {
        const result = recentSchema.safeParse(parseJson(text))
        return result.success ? result.data : undefined
      },
    })
    return (parsed ?? []).map((query) => ({ ...query }))
  }

  async function remember(profileId: string, query: KeywordQuery): Promise<void> {
    const key = (q: KeywordQuery) =>
      JSON.stringify([
        q.keywords,
        q.negativeKeywords,
        q.granularity,
        q.location?.targetingValue ?? '',
        Date.parse(q.end) - Date.parse(q.start),
      ])
    const list = [query, ...(await recent(profileId)).filter((other) => key(other) !== key(query))].slice(
      0,
      RECENT_MAX,
    )
    await mkdir(join(deps.dataDir, 'keywords'), { recursive: true })
    await writeFileAtomic(fileOf(profileId), JSON.stringify(list))
  }

  return {
    recent,

    async search(profileId: string, input: KeywordQuery): Promise<KeywordResult> {
      const query: KeywordQuery = {
        ...input,
        keywords: input.keywords.map(normaliseKeyword),
        negativeKeywords: input.negativeKeywords.map(normaliseKeyword),
      }
      const problem = validateKeywordQuery(query, now()).find((issue) => issue.severity === 'error')
      if (problem)
        throw new AppFailure(appError('invalid_input', problem.message, { field: String(problem.path[0]) }))
      const request = {
        granularity: query.granularity,
        negativeKeywords: query.negativeKeywords,
        startTime: query.start,
        endTime: query.end,
        ...(query.location ? { location: query.location.targetingValue } : {}),
      }
      const { combined, perKeyword } = await deps.withAdsContext(profileId, async (ctx) => {
        const all = await searchKeywords(ctx, { ...request, keywords: query.keywords })
        const each: number[][] = []
        if (query.keywords.length > 1)
          for (const keyword of query.keywords)
            each.push((await searchKeywords(ctx, { ...request, keywords: [keyword] })).post_volume)
        return { combined: all, perKeyword: each }
      })
      const start = Date.parse(query.start)
      const unit = UNIT_MS[query.granularity]
      const result: KeywordResult = {
        resultId: randomUUID(),
        query,
        times: combined.post_volume.map((_, index) => start + index * unit),
        series:
          query.keywords.length > 1
            ? [
                ...query.keywords.map((keyword, index) => ({
                  label: keyword,
                  values: perKeyword[index] ?? [],
                })),
                { label: 'All keywords', values: combined.post_volume },
              ]
            : [{ label: query.keywords[0] ?? '', values: combined.post_volume }],
        relatedKeywords: combined.related_keywords,
      }
      results.set(result.resultId, result)
      while (results.size > RESULTS_KEPT) results.delete(results.keys().next().value as string)
      await remember(profileId, query)
      return result
    },

    /** Writes a result main answered earlier (never data from the renderer) where the designer chooses. */
    async exportCsv(resultId: string): Promise<{ saved: boolean; fileName?: string }> {
      const result = results.get(resultId)
      if (!result) throw new AppFailure(appError('not_found', 'Run the search again, then export it'))
      const day = new Date(now()).toISOString().slice(0, 10)
      const path = await deps.dialogs.chooseCsvExportPath(`keyword-volume-${day}.csv`)
      if (!path) return { saved: false }
      await writeFileAtomic(path, `${keywordCsv(result)}\n`)
      return { saved: true, fileName: basename(path) }
    },
  }
}

export type KeywordService = ReturnType<typeof createKeywordService>
