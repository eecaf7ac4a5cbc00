import { ChevronsUpDown, Plug, Plus, TriangleAlert } from 'lucide-react'
import { useEffect, useId, type ReactNode } from 'react'
import { isPractice, SANDBOX_ENVIRONMENTS } from '../../shared/environments'
import { Button } from '../components/Button'
import { PracticeBadge } from '../components/PracticeBadge'
import { Select } from '../components/Select'
import { useAccountFeaturesSync } from '../state/accounts/accountFeatures'
import { useAccountsStore } from '../state/accounts/accountsStore'
import { useActiveProfile, useProfilesLoaded } from '../state/connection/activeProfile'
import './accountSwitcher.css'

/**
 * The ad account everything account-bound works with (library, features, publishing), in the
 * sidebar. Without a connected profile it points to Connect instead.
 */
export function AccountSwitcher() {
  useProfilesLoaded()
  useAccountFeaturesSync()
  const labelId = useId()
  const profile = useActiveProfile()
  const { accounts, busy, failure, notice, profileId: loadedFor } = useAccountsStore()
  const connectedId = profile?.status === 'connected' ? profile.id : null

  useEffect(() => {
    if (connectedId) void useAccountsStore.getState().load(connectedId)
  }, [connectedId])

  if (!profile || profile.status === 'authorizing') {
    return (
      <Frame aria-label="Ad account">
        <p className="account-switcher__state">
          <Plug size={14} aria-hidden="true" />
          <span>
            Not connected —{' '}
            <a href="#/connect" aria-label="Connect a profile">
              Connect
            </a>
          </span>
        </p>
      </Frame>
    )
  }
  if (profile.status === 'expired' || failure?.expired) {
    return (
      <Frame aria-label="Ad account">
        <p className="account-switcher__state account-switcher__state--warning" role="status">
          <TriangleAlert size={14} aria-hidden="true" />
          <span>
            Your access was revoked — <a href="#/connect">authorize again</a>
          </span>
        </p>
      </Frame>
    )
  }

  const listed = loadedFor === profile.id ? accounts : []
  const active = profile.activeAccountId
  const activeKnown = listed.some((account) => account.id === active)
  const options = active && !activeKnown ? [{ id: active, name: active }, ...listed] : listed
  const onSandbox = SANDBOX_ENVIRONMENTS.includes(profile.environment)

  return (
    <Frame aria-labelledby={labelId}>
      <div className="actions account-switcher__head">
        <h2 className="account-switcher__label" id={labelId}>
          Ad account
        </h2>
        {isPractice(profile.environment) ? <PracticeBadge /> : null}
      </div>
      <p className="truncate account-switcher__profile">
        {profile.label}
        {profile.screenName ? ` · @${profile.screenName}` : ''}
      </p>
      <Select
        plain
        className="account-switcher__trigger"
        icon={<ChevronsUpDown size={14} aria-hidden="true" />}
        aria-labelledby={labelId}
        aria-busy={busy === 'loading' || busy === 'selecting' || undefined}
        data-testid="account-select"
        value={active ?? null}
        options={options.map((account) => ({
          value: account.id,
          label: account.name,
          description: account.id,
        }))}
        placeholder={busy === 'loading' ? 'Loading accounts…' : 'Choose an ad account'}
        disabled={busy === 'selecting' || options.length === 0}
        onChange={(accountId) => void useAccountsStore.getState().select(profile.id, accountId)}
      />
      {onSandbox ? (
        <Button
          variant="ghost"
          className="account-switcher__create"
          busy={busy === 'creating'}
          onClick={() => void useAccountsStore.getState().createSandboxAccount(profile.id)}
        >
          {busy === 'creating' ? null : <Plus size={14} aria-hidden="true" />}
          Create sandbox account
        </Button>
      ) : null}
      {failure ? (
        <p className="account-switcher__error" role="alert">
          {failure.message}
        </p>
      ) : notice ? (
        <p className="account-switcher__notice" role="status">
          {notice}
        </p>
      ) : null}
    </Frame>
  )
}

/** The switcher's box, whatever it shows: named by its heading, or "Ad account" when it has none. */
function Frame({
  children,
  ...name
}: { children: ReactNode } & ({ 'aria-label': string } | { 'aria-labelledby': string })) {
  return (
    <section className="card-surface account-switcher" data-testid="account-switcher" {...name}>
      {children}
    </section>
  )
}
