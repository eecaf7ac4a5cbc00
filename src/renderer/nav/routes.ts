import type { LucideIcon } from 'lucide-react'
import { createContext, useContext } from 'react'

/**
 * Route helpers every layer may use. The route table itself (app/routes.ts) loads the pages, so
 * only the shell imports it; pages, kits and stores name routes through these types and helpers.
 */

/** Every page, as the URL hash names it (`#/cards`); the route table has one entry for each. */
export type RouteId =
  | 'connect'
  | 'drafts'
  | 'cards'
  | 'polls'
  | 'video-conversations'
  | 'composer'
  | 'catalog'
  | 'keywords'
  | 'audiences'
  | 'library'
  | 'outbox'
  | 'changes'
  | 'settings'
  | 'line-items'
  | 'account'

/** What a page is called, what it is for and where the sidebar lists it. */
export interface RouteInfo {
  id: RouteId
  label: string
  /** One line, shown under the page title: what the page is for. */
  summary: string
  icon: LucideIcon
  group: 'account' | 'create' | 'publish'
}

/** What the shell hands every page. */
export interface PageProps {
  route: RouteInfo
  /** The draft open in an editor page (`#/cards/<draft id>`), if any. */
  draftId: string | null
}

export function hashFor(route: RouteId, draftId?: string | null): string {
  return draftId ? `#/${route}/${draftId}` : `#/${route}`
}

/** The page lives in the URL hash, so back/forward and reloads keep the designer's place. */
export function navigate(route: RouteId, draftId?: string | null): void {
  window.location.hash = hashFor(route, draftId)
}

const RoutesContext = createContext<readonly RouteInfo[]>([])

/** The shell provides the route table's entries, for pages that show other pages' names or icons. */
export const RoutesProvider = RoutesContext.Provider

/** Another page's name and icon (the drafts list's "New draft" menu shows the editors'). */
export function useRouteInfo(id: RouteId | undefined): RouteInfo | undefined {
  const routes = useContext(RoutesContext)
  return id ? routes.find((route) => route.id === id) : undefined
}
