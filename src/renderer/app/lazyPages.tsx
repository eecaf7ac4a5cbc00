import { lazy, Suspense, type ReactNode } from 'react'
import type { RouteInfo } from './routes'

/**
 * Pages loaded on first visit, so their code (the chart library, the virtual table, feed
 * mapping) stays out of the startup bundle.
 */
const CatalogPage = lazy(() => import('../features/catalog/CatalogPage'))
const KeywordsPage = lazy(() => import('../features/keywords/KeywordsPage'))
const AudiencesPage = lazy(() => import('../features/audiences/AudiencesPage'))

function PageLoading({ route }: { route: RouteInfo }): ReactNode {
  return (
    <p className="muted" role="status">
      Opening {route.label.toLowerCase()}…
    </p>
  )
}

export function CatalogRoute({ route }: { route: RouteInfo }) {
  return (
    <Suspense fallback={<PageLoading route={route} />}>
      <CatalogPage route={route} />
    </Suspense>
  )
}

export function KeywordsRoute({ route }: { route: RouteInfo }) {
  return (
    <Suspense fallback={<PageLoading route={route} />}>
      <KeywordsPage route={route} />
    </Suspense>
  )
}

export function AudiencesRoute({ route }: { route: RouteInfo }) {
  return (
    <Suspense fallback={<PageLoading route={route} />}>
      <AudiencesPage route={route} />
    </Suspense>
  )
}
