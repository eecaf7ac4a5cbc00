import { useEffect } from 'react'

/** How often a page reads its state again while the outbox works for it (the catalog's sending). */
export const RELOAD_MS = 1_000

/**
 * Reads again every RELOAD_MS while `active`, each look RELOAD_MS after the last one ended. Its
 * own loop: a read that finds nothing new keeps the state object (mergeCatalogState) and so
 * renders nothing, which must not stop the looking.
 */
export function useReloadWhile(active: boolean, reload: () => Promise<void>): void {
  useEffect(() => {
    if (!active) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      await reload()
      if (!stopped) timer = setTimeout(() => void tick(), RELOAD_MS)
    }
    timer = setTimeout(() => void tick(), RELOAD_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [active, reload])
}
