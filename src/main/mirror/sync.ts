import { z } from 'zod'
import { AppFailure } from '../../shared/errors'
import type { AdsContext } from '../api/adsRequest'
import { accountUrl, adsUrl, callData, getList } from '../api/adsRequest'
import { listCatalogs } from '../api/catalog'
import { MIRROR_KINDS, MIRROR_KIND_SPECS } from './kinds'
import type { MirrorKind } from './kinds'
import { recordOf } from './records'
import type { KindMirror, MirrorStore } from './store'

/**
 * "Get recent changes": walks each kind's list with the spec's cursors (part A, shared
 * conventions: count, cursor, with_deleted), saving each page and the cursor after it, so a walk
 * cut short by a crash or going offline goes on from the page it stopped at. A predictable rate
 * limit (the HTTP client's pacer refuses with rate_limited and retryAfter, nothing sent) and a
 * platform 429 are both waited out, then the same page is asked again.
 */

export interface MirrorPage {
  items: unknown[]
  nextCursor: string | null
}

export type MirrorPageFetcher = (kind: MirrorKind, cursor: string | null) => Promise<MirrorPage>

export interface AdsFetcherOptions {
  /** The product sets the app made on the profile's catalog (their listing is not shown, A:118). */
  productSetIds?: () => Promise<readonly string[]>
}

/** The ads host's base of a kind's list: the account, or the profile's one product catalog (A:97). */
function baseOf(ctx: AdsContext, accountId: string) {
  let catalog: Promise<string | null> | undefined
  const catalogId = (): Promise<string | null> =>
    (catalog ??= listCatalogs(ctx).then((page) => page.data[0]?.id ?? null)).catch((error: unknown) => {
      catalog = undefined
      throw error
    })
  return async (kind: MirrorKind): Promise<string | null> => {
    const scope = MIRROR_KIND_SPECS[kind].scope ?? 'account'
    if (scope === 'account') return accountUrl(ctx, accountId)
    if (scope === 'user') return adsUrl(ctx.hosts.adsUrl, '')
    const id = await catalogId()
    return id === null ? null : adsUrl(ctx.hosts.adsUrl, `/product_catalogs/${encodeURIComponent(id)}`)
  }
}

/** The answer of a read by id: one object, or the first of a list (the card read's sample, B:80). */
const firstOf = (data: unknown): unknown => (Array.isArray(data) ? data[0] : data)

/** Lists as the platform sends them: items unchecked, so one odd object cannot cost a page. */
export function adsPageFetcher(
  ctx: AdsContext,
  accountId: string,
  options: AdsFetcherOptions = {},
): MirrorPageFetcher {
  const base = baseOf(ctx, accountId)
  return async (kind, cursor) => {
    const spec = MIRROR_KIND_SPECS[kind]
    const root = await base(kind)
    if (root === null) return { items: [], nextCursor: null }
    if (spec.scope === 'known') {
      // No list: the ids the app knows, a page of them at a time, the cursor their offset.
      const ids = (await options.productSetIds?.()) ?? []
      const from = cursor === null ? 0 : Number(cursor)
      const items: unknown[] = []
      for (const id of ids.slice(from, from + spec.pageSize)) {
        const item = await readOne(ctx, root, kind, id)
        if (item !== null) items.push(item)
      }
      const next = from + spec.pageSize
      return { items, nextCursor: next < ids.length ? String(next) : null }
    }
    const page = await getList(ctx, `${root}${spec.path}`, z.unknown(), {
      ...spec.query,
      count: spec.pageSize,
      cursor: cursor ?? undefined,
      with_deleted: spec.withDeleted ? true : undefined,
    })
    return { items: page.data, nextCursor: page.nextCursor === '' ? null : page.nextCursor }
  }
}

/** One object as the platform has it now; null when it is gone (404, or absent from its look-up). */
async function readOne(ctx: AdsContext, root: string, kind: MirrorKind, id: string): Promise<unknown> {
  const spec = MIRROR_KIND_SPECS[kind]
  if (!spec.one) throw new Error(`${kind} has no read by id`)
  const query = spec.oneQuery?.(id) ?? {
    with_deleted: spec.withDeleted && spec.oneTakesDeleted !== false ? true : undefined,
  }
  try {
    return (await callData(ctx, 'GET', `${root}${spec.one(id)}`, z.unknown(), { query })) ?? null
  } catch (error) {
    if (error instanceof AppFailure && error.code === 'not_found') return null
    throw error
  }
}

/**
 * Reads one object by its id. Undefined when the kind has no read by id (products); null when the
 * object is gone from the platform.
 */
export type MirrorObjectFetcher = (kind: MirrorKind, id: string) => Promise<unknown>

export function adsObjectFetcher(ctx: AdsContext, accountId: string): MirrorObjectFetcher {
  const base = baseOf(ctx, accountId)
  return async (kind, id) => {
    if (!MIRROR_KIND_SPECS[kind].one) return undefined
    const root = await base(kind)
    if (root === null) return null
    return firstOf(await readOne(ctx, root, kind, id)) ?? null
  }
}

export interface MirrorProgress {
  kind: MirrorKind
  pages: number
  objects: number
  /** Seconds the walk waits for a rate-limit window to reset; absent while it fetches. */
  waitingSeconds?: number
}

export interface RefreshOptions {
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  onProgress?: (progress: MirrorProgress) => void
  /** Stops the walk between pages; what was saved stays, and the next refresh goes on from it. */
  signal?: AbortSignal
}

export interface KindRefresh {
  kind: MirrorKind
  /** Pages fetched by this call (a resumed walk counts only its own). */
  pages: number
  objects: number
  /** Times a rate limit was waited out. */
  waits: number
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new AppFailure({ code: 'offline', message: 'Getting recent changes was stopped' })
}

/** One kind's walk to its last page, then folded into the snapshot. */
export async function refreshKind(
  mirror: KindMirror,
  fetchPage: MirrorPageFetcher,
  options: RefreshOptions = {},
): Promise<KindRefresh> {
  const sleep = options.sleep ?? defaultSleep
  const now = options.now ?? Date.now
  const result: KindRefresh = { kind: mirror.kind, pages: 0, objects: 0, waits: 0 }
  let run = await mirror.beginRun()
  const asked = new Set<string>()
  while (!run.done) {
    aborted(options.signal)
    let page: MirrorPage
    try {
      page = await fetchPage(mirror.kind, run.cursor)
    } catch (error) {
      if (!(error instanceof AppFailure) || error.code !== 'rate_limited') throw error
      const seconds = Math.max(1, error.retryAfter ?? 1)
      result.waits++
      options.onProgress?.({ ...progressOf(result), waitingSeconds: seconds })
      await sleep(seconds * 1000)
      continue
    }
    // A server that hands back a cursor it already gave would walk forever.
    if (page.nextCursor !== null && asked.has(page.nextCursor))
      throw new AppFailure({ code: 'unexpected_response', message: 'The platform repeated a page cursor' })
    if (run.cursor !== null) asked.add(run.cursor)
    const fetchedAt = new Date(now()).toISOString()
    await mirror.savePage(
      page.items.map((item) => recordOf(mirror.kind, item, fetchedAt)),
      page.nextCursor,
    )
    result.pages++
    result.objects += page.items.length
    options.onProgress?.(progressOf(result))
    run = await mirror.beginRun()
  }
  await mirror.finishRun()
  return result
}

function progressOf(result: KindRefresh): MirrorProgress {
  return { kind: result.kind, pages: result.pages, objects: result.objects }
}

/** Every mirrored kind of one ad account, in turn. */
export async function refreshAccount(
  store: MirrorStore,
  profileId: string,
  accountId: string,
  fetchPage: MirrorPageFetcher,
  options: RefreshOptions & { kinds?: readonly MirrorKind[] } = {},
): Promise<KindRefresh[]> {
  const results: KindRefresh[] = []
  for (const kind of options.kinds ?? MIRROR_KINDS) {
    const mirror = await store.open(profileId, accountId, kind)
    results.push(await refreshKind(mirror, fetchPage, options))
  }
  return results
}
