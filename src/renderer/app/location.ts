import { useSyncExternalStore } from 'react'
import { locationFromHash, type Location } from './routes'

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

/** The page and draft the URL hash names (nav/routes.ts navigate() changes it). */
export function useLocation(): Location {
  return useSyncExternalStore(subscribe, snapshot)
}
