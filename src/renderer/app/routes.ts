import {
  Building2,
  Megaphone,
  FileText,
  GitMerge,
  Film,
  Images,
  LayoutTemplate,
  ListChecks,
  PenLine,
  Plug,
  Send,
  Settings as SettingsIcon,
  ShoppingBag,
  TrendingUp,
  Users,
} from 'lucide-react'
import { lazy, type ComponentType } from 'react'
import type { PageProps, RouteId, RouteInfo } from '../nav/routes'

/**
 * The route table: every page, with what the sidebar and its header show and how its code is
 * loaded. Each page is its own chunk, loaded on its first visit, so the start-up bundle stays
 * small and, say, the composer's twitter-text (with core-js) loads only with the composer:
 * test/e2e/bundle.e2e.ts fails when the first page's JavaScript passes its budget.
 */
export interface Route extends RouteInfo {
  /** The page's module; its default export is the page. */
  load(): Promise<{ default: ComponentType<PageProps> }>
  /**
   * Says "Opening …" while the code loads: for pages whose code is heavy (the chart library,
   * the virtual table, feed mapping). Other pages usually arrive within a frame or two and show
   * nothing meanwhile, rather than a line that would flash.
   */
  announceLoading?: true
}

export const ROUTES: readonly Route[] = [
  {
    id: 'connect',
    label: 'Connect',
    summary: 'Authorize Ads Studio with your app key and a PIN, and switch between saved profiles.',
    icon: Plug,
    group: 'account',
    load: () => import('../features/connect/ConnectPage'),
  },
  {
    id: 'drafts',
    label: 'Drafts',
    summary: 'Every creative you are working on, saved as you type, with its status and any problems.',
    icon: FileText,
    group: 'create',
    load: () => import('../features/drafts/DraftsPage'),
  },
  {
    id: 'cards',
    label: 'Cards',
    summary: 'Build website and app cards, carousels and multi-destination carousels with a live preview.',
    icon: LayoutTemplate,
    group: 'create',
    load: () => import('../features/cards/CardsPage'),
  },
  {
    id: 'polls',
    label: 'Polls',
    summary: 'Write poll cards with two to four choices and a duration, and see them as people will.',
    icon: ListChecks,
    group: 'create',
    load: () => import('../features/polls/PollsPage'),
  },
  {
    id: 'video-conversations',
    label: 'Video conversations',
    summary: 'Pair a 16:9 video with hashtag calls to action and a thank-you message.',
    icon: Film,
    group: 'create',
    load: () => import('../features/video-conversations/VideoConversationsPage'),
  },
  {
    id: 'composer',
    label: 'Composer',
    summary: 'Compose a post for an ad account, attach a card or media, and watch its length live.',
    icon: PenLine,
    group: 'create',
    load: () => import('../features/composer/ComposerPage'),
  },
  // Spec part A: product catalogs and keyword insights.
  {
    id: 'catalog',
    label: 'Catalog',
    summary: 'Your product catalog: import a feed, edit products with live checks, and build product sets.',
    icon: ShoppingBag,
    group: 'create',
    load: () => import('../features/catalog/CatalogPage'),
    announceLoading: true,
  },
  {
    id: 'keywords',
    label: 'Keyword insights',
    summary:
      'See how often people post about your keywords, day by day or hour by hour, and find related words.',
    icon: TrendingUp,
    group: 'create',
    load: () => import('../features/keywords/KeywordsPage'),
    announceLoading: true,
  },
  {
    id: 'audiences',
    label: 'Audiences',
    summary:
      'Customer lists hashed on this computer, do-not-reach lists, sharing with other accounts, and who targets each audience.',
    icon: Users,
    group: 'publish',
    load: () => import('../features/audiences/AudiencesPage'),
    announceLoading: true,
  },
  {
    id: 'library',
    label: 'Library',
    summary: "Browse the account's media library and published cards, and pick media for any editor.",
    icon: Images,
    group: 'publish',
    load: () => import('../features/library/LibraryPage'),
  },
  {
    id: 'outbox',
    label: 'Outbox',
    summary: 'Publish drafts in order, safely: resumes after restarts and never creates anything twice.',
    icon: Send,
    group: 'publish',
    load: () => import('../features/outbox/OutboxPage'),
  },
  {
    id: 'changes',
    label: 'Changes',
    summary:
      'Edits of published cards, field by field: check them, post them, and settle any that the platform changed too.',
    icon: GitMerge,
    group: 'publish',
    load: () => import('../features/changes/ChangesPage'),
  },
  {
    id: 'settings',
    label: 'Settings',
    summary: 'Appearance, the ad account’s features, and developer tools for the connected app.',
    icon: SettingsIcon,
    group: 'account',
    load: () => import('../features/settings/SettingsPage'),
  },
  // Issue 14: the campaign side of the ad account.
  {
    id: 'line-items',
    label: 'Line items',
    summary:
      'Pause, activate, edit and delete the line items your creatives run in, and attach curated categories.',
    icon: Megaphone,
    group: 'publish',
    load: () => import('../features/line-items/LineItemsPage'),
  },
  {
    id: 'account',
    label: 'Ad account',
    summary: 'Name and industry of the ad account, its registered apps, account media and change history.',
    icon: Building2,
    group: 'account',
    load: () => import('../features/ad-account/AdAccountPage'),
  },
]

export const DEFAULT_ROUTE: RouteId = 'drafts'

export function routeFor(id: RouteId): Route {
  return ROUTES.find((route) => route.id === id)!
}

export interface Location {
  route: RouteId
  /** The draft open in an editor page (`#/cards/<draft id>`), if any. */
  draftId: string | null
}

export function locationFromHash(hash: string): Location {
  const [id = '', draftId] = hash.replace(/^#\/?/, '').split('/')
  const route = ROUTES.some((candidate) => candidate.id === id) ? (id as RouteId) : DEFAULT_ROUTE
  return { route, draftId: draftId && /^[0-9a-f-]{36}$/i.test(draftId) ? draftId : null }
}

const preloaded = new Map<RouteId, ComponentType<PageProps>>()
const lazyPages = new Map<RouteId, ComponentType<PageProps>>()

/**
 * Loads a page's code before it is shown (startPage.ts, for the page the app opens on). Through
 * React.lazy the first render would commit an empty Suspense fallback first, and React holds back
 * the content that replaces a fallback for up to 300 ms.
 */
export async function preloadPage(id: RouteId): Promise<void> {
  preloaded.set(id, (await routeFor(id).load()).default)
}

/** A page loaded by preloadPage, if it has finished. */
export function preloadedPage(id: RouteId): ComponentType<PageProps> | undefined {
  return preloaded.get(id)
}

/** The component that shows a route's page: the preloaded one, else one React.lazy per route. */
export function pageOf(route: Route): ComponentType<PageProps> {
  const ready = preloaded.get(route.id)
  if (ready) return ready
  let page = lazyPages.get(route.id)
  if (!page) {
    page = lazy(route.load)
    lazyPages.set(route.id, page)
  }
  return page
}
