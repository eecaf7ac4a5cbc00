import { Plug, type LucideIcon } from 'lucide-react'
import type { RouteInfo } from '../../nav/routes'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { ACCESS_REVOKED_MESSAGE } from '../../../shared/errors'

/**
 * What a page that needs the platform shows until it can ask: with no profile, "Not connected";
 * with a revoked one, that the access was revoked; with a connected one and no ad account (the
 * pages that need one), where to choose it. Each says how to get there.
 */
export function ConnectFirst({ route, icon, what }: { route: RouteInfo; icon: LucideIcon; what: string }) {
  const profile = useActiveProfile()
  const expired = profile?.status === 'expired'
  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      <EmptyState icon={expired ? Plug : icon} title={expired ? ACCESS_REVOKED_MESSAGE : 'Not connected'}>
        <p>
          {expired
            ? 'The platform no longer accepts this profile’s access token.'
            : profile?.status === 'connected'
              ? `Choose an ad account in the sidebar to see ${what}.`
              : `Connect a profile to see ${what}.`}
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
