import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord } from '../state'
import { isoSeconds, longId, touch } from '../state'
import {
  AdsInput,
  adsCaller,
  adsFailure,
  listParameterNames,
  listReply,
  notFound,
  readList,
  single,
} from './core'
import type { AdsCaller, ListSpec } from './core'

/**
 * Product catalogs (spec part A): one per user, addressed without an ad account. Records keep
 * `id` and `name` public; `_owner` is the user. Deletion is permanent, so there is no
 * `with_deleted`. The list's count range is not shown: the common 1 to 1000, default 200.
 */
const CATALOG_LIST: ListSpec = { countDefault: 200, countMax: 1000, withTotalCount: true, withDeleted: false }

export function presentCatalog(record: AdsRecord): { id: unknown; name: unknown } {
  return { id: record.id, name: record.name }
}

/** The caller's catalog named by `:product_catalog_id`; someone else's is "not found" too. */
export function findCatalog(ctx: RequestContext, rt: Runtime, caller: AdsCaller): AdsRecord {
  const id = ctx.params.product_catalog_id
  const catalog = rt.state.productCatalogs.find((c) => c.id === id && c._owner === caller.user.id)
  if (!catalog) throw notFound(ctx, `Product catalog ${id}`)
  return catalog
}

/** `user_id` defaults to the authenticated user; naming anyone else is refused. */
function checkUserId(input: AdsInput, caller: AdsCaller): void {
  const userId = input.long('user_id')
  if (userId !== undefined && userId !== caller.user.id) {
    input.issue('UNAUTHORIZED_ACCESS', 'user_id', `user_id ${userId} is not the authenticated user`)
  }
}

/** Deletion is permanent: the catalog goes, and with it its products and product sets. */
export function removeCatalog(rt: Runtime, catalog: AdsRecord): void {
  rt.state.productCatalogs = rt.state.productCatalogs.filter((c) => c !== catalog)
  rt.state.products = rt.state.products.filter((p) => p._catalog !== catalog.id)
  rt.state.productSets = rt.state.productSets.filter((s) => s._catalog !== catalog.id)
}

function readName(input: AdsInput): string | undefined {
  return input.string('name', { required: true })?.trim()
}

export const catalogRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/product_catalogs',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['user_id', ...listParameterNames(CATALOG_LIST)])
      checkUserId(input, caller)
      const list = readList(input, CATALOG_LIST)
      input.finish()
      const own = rt.state.productCatalogs.filter((c) => c._owner === caller.user.id)
      return listReply(ctx, rt, caller, own, list, 'id', presentCatalog)
    },
  },
  {
    method: 'POST',
    pattern: '/product_catalogs',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['name', 'user_id'])
      const name = readName(input)
      checkUserId(input, caller)
      input.finish()
      const existing = rt.state.productCatalogs.find((c) => c._owner === caller.user.id)
      if (existing) {
        throw adsFailure(ctx, 400, [
          {
            code: 'CATALOG_LIMIT_REACHED',
            message: `A user has one product catalog; @${caller.user.screenName} already has catalog ${String(existing.id)}`,
          },
        ])
      }
      const stamp = isoSeconds(ctx.now)
      const catalog: AdsRecord = {
        id: longId(rt.state),
        name,
        created_at: stamp,
        updated_at: stamp,
        deleted: false,
        _owner: caller.user.id,
      }
      rt.state.productCatalogs.push(catalog)
      rt.state.created.product_catalogs += 1
      return single(ctx, presentCatalog(catalog))
    },
  },
  {
    method: 'PUT',
    pattern: '/product_catalogs/:product_catalog_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const catalog = findCatalog(ctx, rt, caller)
      const input = new AdsInput(ctx, ['name'])
      const name = readName(input)
      input.finish()
      catalog.name = name
      touch(catalog, ctx.now)
      return single(ctx, presentCatalog(catalog))
    },
  },
  {
    method: 'DELETE',
    pattern: '/product_catalogs/:product_catalog_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const catalog = findCatalog(ctx, rt, caller)
      removeCatalog(rt, catalog)
      return single(ctx, presentCatalog(catalog))
    },
  },
]
