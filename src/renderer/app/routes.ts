import {
  Boxes,
  Building2,
  Megaphone,
  FileText,
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
  type LucideIcon,
} from 'lucide-react'

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
  | 'settings'
  | 'line-items'
  | 'account'

export interface RouteInfo {
  id: RouteId
  label: string
  /** One line, shown under the page title: what the page is for. */
  summary: string
  icon: LucideIcon
  group: 'account' | 'create' | 'publish'
}

export const ROUTES: readonly RouteInfo[] = [
  {
    id: 'connect',
    label: 'Connect',
    summary: 'Authorize Ads Studio with your app key and a PIN, and switch between saved profiles.',
    icon: Plug,
    group: 'account',
  },
  {
    id: 'drafts',
    label: 'Drafts',
    summary: 'Every creative you are working on, saved as you type, with its status and any problems.',
    icon: FileText,
    group: 'create',
  },
  {
    id: 'cards',
    label: 'Cards',
    summary: 'Build website and app cards, carousels and multi-destination carousels with a live preview.',
    icon: LayoutTemplate,
    group: 'create',
  },
  {
    id: 'polls',
    label: 'Polls',
    summary: 'Write poll cards with two to four choices and a duration, and see them as people will.',
    icon: ListChecks,
    group: 'create',
  },
  {
    id: 'video-conversations',
    label: 'Video conversations',
    summary: 'Pair a 16:9 video with hashtag calls to action and a thank-you message.',
    icon: Film,
    group: 'create',
  },
  {
    id: 'composer',
    label: 'Composer',
    summary: 'Compose a post for an ad account, attach a card or media, and watch its length live.',
    icon: PenLine,
    group: 'create',
  },
  // Spec part A: product catalogs and keyword insights.
  {
    id: 'catalog',
    label: 'Catalog',
    summary: 'Your product catalog: import a feed, edit products with live checks, and build product sets.',
    icon: ShoppingBag,
    group: 'create',
  },
  {
    id: 'keywords',
    label: 'Keyword insights',
    summary:
      'See how often people post about your keywords, day by day or hour by hour, and find related words.',
    icon: TrendingUp,
    group: 'create',
  },
  {
    id: 'audiences',
    label: 'Audiences',
    summary:
      'Customer lists hashed on this computer, do-not-reach lists, sharing with other accounts, and who targets each audience.',
    icon: Users,
    group: 'publish',
  },
  {
    id: 'library',
    label: 'Library',
    summary: "Browse the account's media library and published cards, and pick media for any editor.",
    icon: Images,
    group: 'publish',
  },
  {
    id: 'outbox',
    label: 'Outbox',
    summary: 'Publish drafts in order, safely: resumes after restarts and never creates anything twice.',
    icon: Send,
    group: 'publish',
  },
  {
    id: 'settings',
    label: 'Settings',
    summary: 'Appearance, the ad account’s features, and developer tools for the connected app.',
    icon: SettingsIcon,
    group: 'account',
  },
  // Issue 14: the campaign side of the ad account.
  {
    id: 'line-items',
    label: 'Line items',
    summary:
      'Pause, activate, edit and delete the line items your creatives run in, and attach curated categories.',
    icon: Megaphone,
    group: 'publish',
  },
  {
    id: 'account',
    label: 'Ad account',
    summary: 'Name and industry of the ad account, its registered apps, account media and change history.',
    icon: Building2,
    group: 'account',
  },
]

export const DEFAULT_ROUTE: RouteId = 'drafts'

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

export function hashFor(route: RouteId, draftId?: string | null): string {
  return draftId ? `#/${route}/${draftId}` : `#/${route}`
}

export const GROUP_LABELS: Record<RouteInfo['group'], string> = {
  create: 'Create',
  publish: 'Publish',
  account: 'Account',
}

export { Boxes as AppMark }
