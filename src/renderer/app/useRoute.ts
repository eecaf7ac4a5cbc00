import { useSyncExternalStore } from 'react'
import { routeFromHash, type RouteId } from './routes'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange)
  return () => window.removeEventListener('hashchange', onChange)
}

/** The page lives in the URL hash, so back/forward and reloads keep the designer's place. */
export function useRoute(): RouteId {
  return useSyncExternalStore(subscribe, () => routeFromHash(window.location.hash))
}
