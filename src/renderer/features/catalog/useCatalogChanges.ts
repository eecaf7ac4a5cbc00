import { useEffect } from 'react'
import { listen } from '../../lib/ipc'

/**
 * Reads the catalog's state again each time main says this profile's catalog changed (the
 * outbox sending products, sets or the catalog; an import), one read at a time: changes during a
 * read make one more read after it. A read that finds nothing new keeps the state object
 * (mergeCatalogState) and so renders nothing.
 */
export function useCatalogChanges(profileId: string, reload: () => Promise<void>): void {
  useEffect(() => {
    let reading = false
    let again = false
    const read = async () => {
      if (reading) {
        again = true
        return
      }
      reading = true
      do {
        again = false
        await reload().catch(() => undefined)
      } while (again)
      reading = false
    }
    return listen('catalog.changed', (change) => {
      if (change.profileId === profileId) void read()
    })
  }, [profileId, reload])
}
