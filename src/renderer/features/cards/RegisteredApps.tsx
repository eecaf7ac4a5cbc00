import { ChevronDown, Smartphone } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import type { AppDestinationDraft } from '../../../shared/creatives/card'
import type { AccountAppView } from '../../../shared/ipc/contracts/campaign'
import { MenuContent, MenuText } from '../../components/Menu'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { useAccountApps } from '../../state/accounts/accountApps'

/**
 * The account's registered apps (GET accounts/:id/account_apps), offered to fill an app
 * destination: the store id and the deep link from the app's registered pattern, so designers
 * do not type them. Offline or unconnected, nothing is offered and the fields work as before.
 */

type StoreKeys = {
  idKey: 'iosAppStoreIdentifier' | 'androidStoreAppId'
  linkKey: 'iosDeepLink' | 'androidStoreDeepLink'
}
const STORE_OF: Record<string, StoreKeys & { label: string }> = {
  IOS: { idKey: 'iosAppStoreIdentifier', linkKey: 'iosDeepLink', label: 'App Store' },
  ANDROID: { idKey: 'androidStoreAppId', linkKey: 'androidStoreDeepLink', label: 'Google Play' },
}

/** The store id a destination takes: App Store ids are the number alone (333903271, not id333903271). */
const storeId = (app: AccountAppView) =>
  app.osType === 'IOS' ? app.appStoreIdentifier.replace(/^id/i, '') : app.appStoreIdentifier

/** A deep link to start from: the registered pattern without its trailing wildcard. */
const linkFrom = (pattern: string | undefined) => (pattern ? pattern.replace(/\*+$/, '') : '')

export function useRegisteredApps(): AccountAppView[] | undefined {
  const connected = useConnectedAccount()
  const scope = connected ? { profileId: connected.profile.id, accountId: connected.accountId } : null
  return useAccountApps(scope).apps?.filter((app) => STORE_OF[app.osType ?? ''] !== undefined)
}

/** The deep link pattern registered for the app a store field names, if it is a registered app. */
export function registeredPatternFor(
  apps: readonly AccountAppView[] | undefined,
  idKey: keyof AppDestinationDraft,
  value: string,
): string | undefined {
  const app = apps?.find(
    (candidate) => STORE_OF[candidate.osType ?? '']?.idKey === idKey && storeId(candidate) === value.trim(),
  )
  return app?.deepLinkPattern
}

function fillFor(apps: readonly AccountAppView[]): Partial<AppDestinationDraft> {
  const patch: Partial<AppDestinationDraft> = {}
  for (const app of apps) {
    const store = STORE_OF[app.osType ?? '']
    if (!store) continue
    patch[store.idKey] = storeId(app)
    patch[store.linkKey] = linkFrom(app.deepLinkPattern)
  }
  return patch
}

export function RegisteredApps({
  apps,
  onFill,
}: {
  apps: readonly AccountAppView[] | undefined
  onFill(patch: Partial<AppDestinationDraft>): void
}) {
  if (!apps || apps.length === 0) return null
  const oneEach =
    apps.filter((a) => a.osType === 'IOS').length === 1 &&
    apps.filter((a) => a.osType === 'ANDROID').length === 1
  return (
    <div className="registered-apps">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="button button--secondary" data-testid="registered-apps">
          <Smartphone size={16} aria-hidden="true" />
          Use a registered app
          <ChevronDown size={14} aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <MenuContent align="start">
            {oneEach ? (
              <DropdownMenu.Item
                className="menu__item"
                onSelect={() => onFill(fillFor(apps))}
                data-testid="registered-app-both"
              >
                <MenuText label="Both stores" hint={apps.map(storeId).join(' and ')} />
              </DropdownMenu.Item>
            ) : null}
            {apps.map((app) => (
              <DropdownMenu.Item
                key={app.id}
                className="menu__item"
                onSelect={() => onFill(fillFor([app]))}
                data-testid="registered-app"
              >
                <MenuText
                  label={`${STORE_OF[app.osType ?? '']?.label ?? ''} · ${storeId(app)}`}
                  hint={app.deepLinkPattern}
                />
              </DropdownMenu.Item>
            ))}
          </MenuContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span className="field__hint">Fills the store ids and deep links from the ad account’s apps.</span>
    </div>
  )
}
