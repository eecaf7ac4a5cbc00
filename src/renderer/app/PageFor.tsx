import { PageHeader } from '../components/PageHeader'
import { EmptyState } from '../components/EmptyState'
import { SettingsPage } from '../features/settings/SettingsPage'
import { ConnectPage } from '../features/connect/ConnectPage'
import { DraftsPage } from '../features/drafts/DraftsPage'
import { CardsPage } from '../features/cards/CardsPage'
import { PollsPage } from '../features/polls/PollsPage'
import { VideoConversationsPage } from '../features/video-conversations/VideoConversationsPage'
import { ComposerPage } from '../features/composer/ComposerPage'
import { LibraryPage } from '../features/library/LibraryPage'
import { OutboxPage } from '../features/outbox/OutboxPage'
import type { RouteInfo } from './routes'
import { CatalogRoute, KeywordsRoute } from './lazyPages'

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

export function PageFor({ route, draftId }: { route: RouteInfo; draftId: string | null }) {
  void draftId
  if (route.id === 'settings') return <SettingsPage route={route} />
  if (route.id === 'connect') return <ConnectPage route={route} />
  if (route.id === 'drafts') return <DraftsPage route={route} />
  if (route.id === 'cards') return <CardsPage route={route} draftId={draftId} />
  if (route.id === 'polls') return <PollsPage route={route} draftId={draftId} />
  if (route.id === 'video-conversations') return <VideoConversationsPage route={route} draftId={draftId} />
  if (route.id === 'composer') return <ComposerPage route={route} draftId={draftId} />
  if (route.id === 'catalog') return <CatalogRoute route={route} />
  if (route.id === 'keywords') return <KeywordsRoute route={route} />
  if (route.id === 'library') return <LibraryPage route={route} />
  if (route.id === 'outbox') return <OutboxPage route={route} />
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <EmptyState icon={route.icon} title={`No ${route.label.toLowerCase()} yet`}>
        <p>{COMING_NEXT[route.id]}</p>
      </EmptyState>
    </>
  )
}
