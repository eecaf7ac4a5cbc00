import { Building2 } from 'lucide-react'
import type { RouteInfo } from '../../nav/routes'
import { PageHeader } from '../../components/PageHeader'
import { Tab, TabList, TabPanel, TabsRoot } from '../../components/Tabs'
import { useAccountScope } from '../../state/connection/activeProfile'
import { ConnectFirst } from '../../kits/connection/ConnectFirst'
import { MirrorRefresh } from '../../kits/connection/MirrorRefresh'
import { HistoryPanel } from '../../kits/history/HistoryPanel'
import { AccountApps } from './AccountApps'
import { AccountMediaTab } from './AccountMediaTab'
import { AccountSettings } from './AccountSettings'
import './account.css'

/** The active ad account: its settings, registered apps, account media and change history. */
export default function AdAccountPage({ route }: { route: RouteInfo }) {
  const scope = useAccountScope()
  if (!scope) return <ConnectFirst route={route} icon={Building2} what="its settings, apps and media" />
  const key = `${scope.profileId}:${scope.accountId}`
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} actions={<MirrorRefresh scope={scope} />} />
      <TabsRoot defaultValue="settings" className="account-tabs">
        <TabList className="tabs__list--page" aria-label="Ad account">
          <Tab value="settings">Settings</Tab>
          <Tab value="apps">Apps</Tab>
          <Tab value="media">Account media</Tab>
          <Tab value="history">History</Tab>
        </TabList>
        <TabPanel value="settings">
          <AccountSettings key={key} scope={scope} />
        </TabPanel>
        <TabPanel value="apps">
          <AccountApps key={key} scope={scope} />
        </TabPanel>
        <TabPanel value="media">
          <AccountMediaTab key={key} scope={scope} />
        </TabPanel>
        <TabPanel value="history">
          <section className="panel panel--wide" aria-label="Account history">
            <h2 className="panel__title">Change history</h2>
            <p className="panel__hint">
              What changed on a campaign, line item or promoted post, and who changed it. A beta for
              allowlisted accounts.
            </p>
            <HistoryPanel key={key} scope={scope} entityType="CAMPAIGN" />
          </section>
        </TabPanel>
      </TabsRoot>
    </>
  )
}
