import { useEffect } from 'react'
import { listen } from '../../lib/ipc'

/**
 * The least time between the starts of two catalog reads. A send answers up to hundreds of
 * requests a second and each says the catalog changed; reading a 10,000-product state for each
 * kept both processes busy and cost the page its frames (bench: "Catalog: while sending"). Four
 * reads a second is faster than anyone reads a count.
 */
export const CATALOG_REREAD_GAP_MS = 250

/**
 * Reads the catalog's state again each time main says this profile's catalog changed (the
 * outbox sending products, sets or the catalog; an import), one read at a time and at most one
 * per CATALOG_REREAD_GAP_MS: changes during a read or the gap make one more read after it. A read
 * that finds nothing new keeps the state object (mergeCatalogState) and so renders nothing.
 */
export function useCatalogChanges(profileId: string, reload: () => Promise<void>): void {
  useEffect(() => {
    let reading = false
    let again = false
    let stopped = false
    let lastStart = -Infinity
    const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
    const read = async () => {
      if (reading) {
        again = true
        return
      }
      reading = true
      do {
        again = false
        const wait = lastStart + CATALOG_REREAD_GAP_MS - performance.now()
        if (wait > 0) await pause(wait)
        if (stopped) break
        lastStart = performance.now()
        await reload().catch(() => undefined)
      } while (again && !stopped)
      reading = false
    }
    const stopListening = listen('catalog.changed', (change) => {
      if (change.profileId === profileId) void read()
    })
    return () => {
      stopped = true
      stopListening()
    }
  }, [profileId, reload])
}
