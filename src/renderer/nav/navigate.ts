import { useSyncExternalStore } from 'react'
import { hashFor, locationFromHash, type Location, type RouteId } from '../app/routes'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

let cachedHash = ''
let cachedLocation: Location = locationFromHash('')

function snapshot(): Location {
  // useSyncExternalStore needs a stable object for an unchanged hash.
  if (window.location.hash !== cachedHash) {
    cachedHash = window.location.hash
    cachedLocation = locationFromHash(cachedHash)
  }
  return cachedLocation
}

/** The page lives in the URL hash, so back/forward and reloads keep the designer's place. */
export function useLocation(): Location {
  return useSyncExternalStore(subscribe, snapshot)
}

export function navigate(route: RouteId, draftId?: string | null): void {
  window.location.hash = hashFor(route, draftId)
}
