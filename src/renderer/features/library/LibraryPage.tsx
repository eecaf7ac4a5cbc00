import { Images, Plug } from 'lucide-react'
import { Tabs } from 'radix-ui'
import type { RouteInfo } from '../../app/routes'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { useActiveProfile, useConnectedAccount, useProfilesLoaded } from '../accounts/activeProfile'
import { MediaTab } from './MediaTab'
import { PublishedCards } from './PublishedCards'
import { PublishedPosts } from './PublishedPosts'
import './library.css'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'

/** The connected account's media library, published cards and published posts. */
export function LibraryPage({ route }: { route: RouteInfo }) {
  useProfilesLoaded()
  const profile = useActiveProfile()
  const connected = useConnectedAccount()

  if (!connected) {
    const expired = profile?.status === 'expired'
    return (
      <>
        <PageHeader title={route.label} summary={route.summary} />
        <EmptyState icon={expired ? Plug : Images} title={expired ? ACCESS_REVOKED_MESSAGE : 'Not connected'}>
          <p>
            {expired
              ? 'The platform no longer accepts this profile’s access token.'
              : profile?.status === 'connected'
                ? 'Choose an ad account in the sidebar to browse its library.'
                : 'Connect a profile to browse its media library and published cards.'}
          </p>
          <p>
            <a href="#/connect" className="inline-link" data-testid="reconnect-link">
              Go to Connect
            </a>
          </p>
        </EmptyState>
      </>
    )
  }

  const scope = { profileId: connected.profile.id, accountId: connected.accountId }
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <Tabs.Root defaultValue="media" className="library-tabs">
        <Tabs.List className="library-tabs__list" aria-label="Library">
          <Tabs.Trigger value="media" className="library-tabs__tab">
            Media
          </Tabs.Trigger>
          <Tabs.Trigger value="cards" className="library-tabs__tab">
            Published cards
          </Tabs.Trigger>
          <Tabs.Trigger value="posts" className="library-tabs__tab">
            Posts
          </Tabs.Trigger>
        </Tabs.List>
        {/* Keyed by account so a switch starts every list afresh. */}
        <Tabs.Content value="media" className="library-tabs__panel">
          <MediaTab key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="cards" className="library-tabs__panel">
          <PublishedCards key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="posts" className="library-tabs__panel">
          <PublishedPosts key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}
