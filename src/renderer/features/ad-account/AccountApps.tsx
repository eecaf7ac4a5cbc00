import { Smartphone } from 'lucide-react'
import { Banner } from '../../components/Banner'
import { DataTable } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { useAccountApps } from '../../state/accounts/accountApps'
import type { AccountScope } from '../../state/connection/activeProfile'

const OS_WORDS: Record<string, string> = { IOS: 'iOS · App Store', ANDROID: 'Android · Google Play' }

/** The apps registered on the account; the card builder suggests them for app buttons. */
export function AccountApps({ scope }: { scope: AccountScope }) {
  const { apps, error } = useAccountApps(scope)
  if (error) return <Banner tone="error">{error}</Banner>
  if (!apps)
    return (
      <p className="muted" role="status">
        Loading apps…
      </p>
    )
  if (apps.length === 0)
    return (
      <EmptyState icon={Smartphone} title="No apps registered">
        <p>Apps are registered on the platform; once there, app buttons in the card builder can use them.</p>
      </EmptyState>
    )
  return (
    <DataTable
      label="Registered apps"
      columns={['Store', 'App id', 'Deep link pattern', 'Conversion tracking']}
      framed
      frameClassName="panel--wide"
    >
      {apps.map((app) => (
        <tr key={app.id} data-testid="account-app">
          <td>{OS_WORDS[app.osType ?? ''] ?? app.osType ?? '—'}</td>
          <td>
            <code className="code">{app.appStoreIdentifier}</code>
          </td>
          <td>
            {app.deepLinkPattern ? (
              <code className="code">{app.deepLinkPattern}</code>
            ) : (
              <span className="muted">None</span>
            )}
          </td>
          <td>
            {app.conversionTrackingEnabled === undefined ? (
              '—'
            ) : app.conversionTrackingEnabled ? (
              <span className="badge badge--success">On</span>
            ) : (
              <span className="badge badge--neutral">Off</span>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}
