import { Building2 } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useMemo } from 'react'
import type { RouteInfo } from '../../app/routes'
import { PageHeader } from '../../components/PageHeader'
import { useConnectedAccount, useProfilesLoaded } from '../accounts/activeProfile'
import { ConnectFirst } from '../campaign/ConnectFirst'
import { HistoryPanel } from '../campaign/HistoryPanel'
import { AccountApps } from './AccountApps'
import { AccountMediaTab } from './AccountMediaTab'
import { AccountSettings } from './AccountSettings'
import '../campaign/campaign.css'
import '../media/controls.css'
import './account.css'

/** The active ad account: its settings, registered apps, account media and change history. */
export default function AccountPage({ route }: { route: RouteInfo }) {
  useProfilesLoaded()
  const connected = useConnectedAccount()
  const profileId = connected?.profile.id
  const accountId = connected?.accountId
  const scope = useMemo(
    () => (profileId && accountId ? { profileId, accountId } : null),
    [profileId, accountId],
  )
  if (!scope) return <ConnectFirst route={route} icon={Building2} what="its settings, apps and media" />
  const key = `${scope.profileId}:${scope.accountId}`
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <Tabs.Root defaultValue="settings" className="account-tabs">
        <Tabs.List className="tabs__list account-tabs__list" aria-label="Ad account">
          <Tabs.Trigger value="settings" className="tabs__tab">
            Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="apps" className="tabs__tab">
            Apps
          </Tabs.Trigger>
          <Tabs.Trigger value="media" className="tabs__tab">
            Account media
          </Tabs.Trigger>
          <Tabs.Trigger value="history" className="tabs__tab">
            History
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="settings" className="tabs__panel">
          <AccountSettings key={key} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="apps" className="tabs__panel">
          <AccountApps key={key} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="media" className="tabs__panel">
          <AccountMediaTab key={key} scope={scope} />
        </Tabs.Content>
        <Tabs.Content value="history" className="tabs__panel">
          <section className="panel panel--wide" aria-label="Account history">
            <h2 className="panel__title">Change history</h2>
            <p className="panel__hint">
              What changed on a campaign, line item or promoted post, and who changed it. A beta for
              allowlisted accounts.
            </p>
            <HistoryPanel key={key} scope={scope} entityType="CAMPAIGN" />
          </section>
        </Tabs.Content>
      </Tabs.Root>
    </>
  )
}
