import type { DamagedStore } from '../files/storeFile'
import { openCatalogStore, type CatalogStore } from './catalogStore'

/** One store per profile, opened on first use and shared by the catalog service and its executors. */
export interface CatalogStores {
  open(profileId: string): Promise<CatalogStore>
  flushAll(): Promise<void>
}

export function createCatalogStores(
  dataDir: string,
  onDamaged?: (damaged: DamagedStore) => void,
  /** A profile's catalog changed, by the page or by the outbox. */
  onChanged?: (profileId: string) => void,
): CatalogStores {
  const stores = new Map<string, Promise<CatalogStore>>()
  return {
    open(profileId) {
      let store = stores.get(profileId)
      if (!store) {
        store = openCatalogStore(dataDir, profileId, onDamaged, onChanged && (() => onChanged(profileId)))
        // A failed open is not cached: the next call tries again.
        store.catch(() => stores.delete(profileId))
        stores.set(profileId, store)
      }
      return store
    },
    async flushAll() {
      const open = await Promise.allSettled([...stores.values()])
      await Promise.all(
        open.map((result) => (result.status === 'fulfilled' ? result.value.flush() : undefined)),
      )
    },
  }
}
