import { Boxes as AppMark } from 'lucide-react'
import type { RouteId, RouteInfo } from '../nav/routes'
import { AccountSwitcher } from './AccountSwitcher'
import { OfflineIndicator } from './OfflineIndicator'
import { ROUTES } from './routes'
import { ChangesCount } from './ChangesCount'

const GROUP_ORDER: RouteInfo['group'][] = ['create', 'publish', 'account']

const GROUP_LABELS: Record<RouteInfo['group'], string> = {
  create: 'Create',
  publish: 'Publish',
  account: 'Account',
}

export function Sidebar({ current }: { current: RouteId }) {
  return (
    <nav className="sidebar" aria-label="Main">
      <div className="sidebar__brand">
        <span className="sidebar__mark" aria-hidden="true">
          <AppMark size={18} strokeWidth={2.25} />
        </span>
        <span className="sidebar__name">Ads Studio</span>
      </div>
      {GROUP_ORDER.map((group) => (
        <div className="sidebar__group" key={group}>
          <h2 className="sidebar__group-label" id={`nav-${group}`}>
            {GROUP_LABELS[group]}
          </h2>
          <ul aria-labelledby={`nav-${group}`}>
            {ROUTES.filter((route) => route.group === group).map((route) => {
              const Icon = route.icon
              const active = route.id === current
              return (
                <li key={route.id}>
                  <a
                    className="nav-link"
                    href={`#/${route.id}`}
                    aria-current={active ? 'page' : undefined}
                    data-testid={`nav-${route.id}`}
                  >
                    <Icon size={16} aria-hidden="true" />
                    <span>{route.label}</span>
                    {route.id === 'changes' ? <ChangesCount /> : null}
                  </a>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
      <OfflineIndicator />
      <AccountSwitcher />
    </nav>
  )
}
