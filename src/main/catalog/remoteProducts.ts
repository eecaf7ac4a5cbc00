import { catalogSchema, remoteProductSchema, type RemoteCatalog, type RemoteProduct } from '../api/catalog'
import { mirroredObjects, platformUnreachable } from '../mirror/offlineReads'
import type { MirrorStore } from '../mirror/store'
import type { Session } from '../session/session'
import { productOfRemote } from './catalogRows'
import type { CatalogStore } from './catalogStore'

/**
 * Keeps the platform's products in the catalog store: a product not here, or here as sent, takes
 * the platform's fields; one changed here and not yet sent keeps the designer's, learning only
 * its product_key. With `readAt` (a reading older than now, the mirror's), a product stored after
 * that reading is left as it is.
 */
export function keepRemoteProducts(
  store: CatalogStore,
  products: readonly RemoteProduct[],
  stamp: string,
  readAt?: string,
): void {
  for (const item of products) {
    const local = store.get(item.id)
    const key = item.product_key ?? undefined
    if (!local || (local.status === 'sent' && (readAt === undefined || local.updatedAt < readAt))) {
      store.put({
        product: productOfRemote(item),
        ...(key ? { productKey: key } : {}),
        ...(item.item_group_key ? { itemGroupKey: item.item_group_key } : {}),
        status: 'sent',
        messages: local?.messages ?? [],
        revision: (local?.revision ?? 0) + 1,
        updatedAt: stamp,
        ...(local?.lastResult ? { lastResult: local.lastResult } : {}),
      })
    } else if (key && !local.productKey) {
      local.productKey = key
      store.touch()
    }
  }
}

/**
 * The catalog and its products as the account mirror last saw them, when `failure` says the platform
 * could not be reached; otherwise, or with nothing mirrored, `failure` is thrown again.
 */
export async function mirroredProducts(
  deps: { mirror?: MirrorStore | undefined; activeAccountOf: Session['activeAccountOf'] },
  profileId: string,
  failure: unknown,
): Promise<{ products: RemoteProduct[]; catalog: RemoteCatalog | undefined; asOf: string }> {
  if (!deps.mirror || !platformUnreachable(failure)) throw failure
  let accountId: string
  try {
    accountId = deps.activeAccountOf(profileId, 'the mirror is kept per ad account')
  } catch {
    throw failure
  }
  const kept = await mirroredObjects(
    deps.mirror,
    profileId,
    accountId,
    'products',
    remoteProductSchema,
  ).catch(() => undefined)
  if (!kept) throw failure
  const catalogs = await mirroredObjects(
    deps.mirror,
    profileId,
    accountId,
    'product_catalogs',
    catalogSchema,
  ).catch(() => undefined)
  return { products: kept.items, catalog: catalogs?.items[0], asOf: kept.asOf }
}
