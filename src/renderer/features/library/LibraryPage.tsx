import { Images } from 'lucide-react'
import type { RouteInfo } from '../../nav/routes'
import { PageHeader } from '../../components/PageHeader'
import { Tab, TabList, TabPanel, TabsRoot } from '../../components/Tabs'
import { useAccountScope } from '../../state/connection/activeProfile'
import { ConnectFirst } from '../../kits/connection/ConnectFirst'
import { MediaTab } from './MediaTab'
import { PublishedCards } from './PublishedCards'
import { PublishedPosts } from './PublishedPosts'
import './library.css'

/** The connected account's media library, published cards and published posts. */
export default function LibraryPage({ route }: { route: RouteInfo }) {
  const scope = useAccountScope()
  if (!scope) return <ConnectFirst route={route} icon={Images} what="its media library and published cards" />
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <TabsRoot defaultValue="media">
        <TabList className="tabs__list--page" aria-label="Library">
          <Tab value="media">Media</Tab>
          <Tab value="cards">Published cards</Tab>
          <Tab value="posts">Posts</Tab>
        </TabList>
        {/* Keyed by account so a switch starts every list afresh. */}
        <TabPanel value="media">
          <MediaTab key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </TabPanel>
        <TabPanel value="cards">
          <PublishedCards key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </TabPanel>
        <TabPanel value="posts">
          <PublishedPosts key={`${scope.profileId}:${scope.accountId}`} scope={scope} />
        </TabPanel>
      </TabsRoot>
    </>
  )
}
