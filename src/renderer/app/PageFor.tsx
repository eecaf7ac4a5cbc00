import { lazy, Suspense } from 'react'
import { PageHeader } from '../components/PageHeader'
import { EmptyState } from '../components/EmptyState'
import type { RouteInfo } from './routes'
import { loadedDraftsPage } from './startPage'
import { AudiencesRoute, CatalogRoute, KeywordsRoute } from './lazyPages'

// Each page is its own chunk, loaded on first visit: the start-up bundle stays small and the
// composer's twitter-text (with core-js) loads only with the composer. test/e2e/bundle.e2e.ts
// fails when the first page's JavaScript passes its budget.
const SettingsPage = lazy(() =>
  import('../features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
)
const ConnectPage = lazy(() =>
  import('../features/connect/ConnectPage').then((m) => ({ default: m.ConnectPage })),
)
const DraftsPage = lazy(() =>
  import('../features/drafts/DraftsPage').then((m) => ({ default: m.DraftsPage })),
)
const CardsPage = lazy(() => import('../features/cards/CardsPage').then((m) => ({ default: m.CardsPage })))
const PollsPage = lazy(() => import('../features/polls/PollsPage').then((m) => ({ default: m.PollsPage })))
const VideoConversationsPage = lazy(() =>
  import('../features/video-conversations/VideoConversationsPage').then((m) => ({
    default: m.VideoConversationsPage,
  })),
)
const ComposerPage = lazy(() =>
  import('../features/composer/ComposerPage').then((m) => ({ default: m.ComposerPage })),
)
const LibraryPage = lazy(() =>
  import('../features/library/LibraryPage').then((m) => ({ default: m.LibraryPage })),
)
const OutboxPage = lazy(() =>
  import('../features/outbox/OutboxPage').then((m) => ({ default: m.OutboxPage })),
)
const LineItemsPage = lazy(() => import('../features/line-items/LineItemsPage'))
const AccountPage = lazy(() => import('../features/ad-account/AdAccountPage'))

/** Pages whose feature has not landed yet show what they are for and nothing pretend. */
const COMING_NEXT: Partial<Record<RouteInfo['id'], string>> = {
  drafts: 'Your drafts will be listed here. Nothing has been drafted yet.',
  cards: 'The card builder will open here.',
  polls: 'The poll card editor will open here.',
  'video-conversations': 'The video conversation card editor will open here.',
  composer: 'The post composer will open here.',
  library: 'Connect a profile to browse its media library.',
  outbox: 'Nothing is waiting to publish.',
}

function Page({ route, draftId }: { route: RouteInfo; draftId: string | null }) {
  if (route.id === 'settings') return <SettingsPage route={route} />
  if (route.id === 'connect') return <ConnectPage route={route} />
  if (route.id === 'drafts') {
    // Loaded before the first render when the app starts on it (startPage.ts): no fallback then.
    const Drafts = loadedDraftsPage() ?? DraftsPage
    return <Drafts route={route} />
  }
  if (route.id === 'cards') return <CardsPage route={route} draftId={draftId} />
  if (route.id === 'polls') return <PollsPage route={route} draftId={draftId} />
  if (route.id === 'video-conversations') return <VideoConversationsPage route={route} draftId={draftId} />
  if (route.id === 'composer') return <ComposerPage route={route} draftId={draftId} />
  if (route.id === 'catalog') return <CatalogRoute route={route} />
  if (route.id === 'keywords') return <KeywordsRoute route={route} />
  if (route.id === 'audiences') return <AudiencesRoute route={route} />
  if (route.id === 'library') return <LibraryPage route={route} />
  if (route.id === 'outbox') return <OutboxPage route={route} />
  if (route.id === 'line-items') return <LineItemsPage route={route} />
  if (route.id === 'account') return <AccountPage route={route} />
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <EmptyState icon={route.icon} title={`No ${route.label.toLowerCase()} yet`}>
        <p>{COMING_NEXT[route.id]}</p>
      </EmptyState>
    </>
  )
}

export function PageFor({ route, draftId }: { route: RouteInfo; draftId: string | null }) {
  // The page's chunk usually arrives within a frame or two; nothing is shown meanwhile rather
  // than a spinner that would flash.
  return (
    <Suspense fallback={null}>
      <Page route={route} draftId={draftId} />
    </Suspense>
  )
}
