import { FlaskConical, Plug } from 'lucide-react'
import { navigate } from '../../nav/routes'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { useConnectStore } from '../../state/connection/connectStore'
import './firstRun.css'

/** Whether the first-run choice is on screen (no profile yet). */
export function useFirstRunShown(): boolean {
  const loaded = useConnectStore((state) => state.loaded)
  const hasProfiles = useConnectStore((state) => state.list.profiles.length > 0)
  return loaded && !hasProfiles
}

/**
 * After a damaged settings file was set aside at start (main: settings/settingsRecovery.ts):
 * what happened, and the connections whose keys are still in the keychain, offered back.
 */
function SettingsRecovered() {
  const recovered = useConnectStore((state) => state.list.recovered)
  const restore = useConnectStore((state) => state.restoreRecovered)
  if (!recovered) return null
  const offered = recovered.profiles
  const names = offered.map((profile) =>
    profile.screenName ? `${profile.label} (@${profile.screenName})` : profile.label,
  )
  return (
    <Banner tone="info">
      <p data-testid="settings-recovered">{recovered.message}</p>
      {offered.length > 0 ? (
        <p>Your connections still have their keys in the system keychain: {names.join(', ')}.</p>
      ) : null}
      <div className="actions">
        {offered.length > 0 ? (
          <Button variant="primary" onClick={() => void restore(offered.map((profile) => profile.id))}>
            {offered.length === 1 ? 'Restore this connection' : `Restore ${offered.length} connections`}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void restore([])}>
          {offered.length > 0 ? 'Dismiss' : 'OK'}
        </Button>
      </div>
    </Banner>
  )
}

/**
 * What a new designer sees first: the two ways in, instead of an empty list and a developer form.
 * Shown until a profile exists; drafts still work offline without one. Once there are drafts
 * (`compact`), the designer has chosen to write first: the same two ways in, in one line above
 * the list rather than a panel that pushes it down the screen.
 */
export function FirstRun({ compact = false }: { compact?: boolean }) {
  const shown = useFirstRunShown()
  const startPath = useConnectStore((state) => state.startPath)
  if (!shown) return null

  const start = (path: 'practice' | 'account') => {
    startPath(path)
    navigate('connect')
  }
  if (compact) {
    return (
      <>
        <SettingsRecovered />
        <section
          className="first-run first-run--compact surface surface--raised"
          aria-labelledby="first-run-title"
          data-testid="first-run"
        >
          <span className="first-run__icon" aria-hidden="true">
            <Plug size={18} />
          </span>
          <div className="first-run__compact-text">
            <h2 id="first-run-title" className="first-run__compact-title">
              Not connected yet
            </h2>
            <p className="muted">
              Your drafts are saved on this computer. Connect your ad account to publish them, or practice
              first on the practice platform inside Ads Studio.
            </p>
          </div>
          <div className="first-run__compact-actions">
            <Button variant="secondary" onClick={() => start('practice')}>
              Practice first
            </Button>
            <Button variant="primary" onClick={() => start('account')}>
              Connect your ad account
            </Button>
          </div>
        </section>
      </>
    )
  }
  return (
    <>
      <SettingsRecovered />
      <section
        className="first-run surface surface--raised"
        aria-labelledby="first-run-title"
        data-testid="first-run"
      >
        <div>
          <h2 id="first-run-title" className="first-run__title">
            Welcome to Ads Studio
          </h2>
          <p className="muted">
            Design cards, polls and posts offline, see them as people will, and publish when you choose.
          </p>
        </div>
        <div className="grid-2">
          <div className="first-run__path">
            <span className="first-run__icon" aria-hidden="true">
              <FlaskConical size={20} />
            </span>
            <h3>Practice first</h3>
            <p>
              A practice platform inside Ads Studio, with a demo app and two ad accounts: nothing to install
              or type. Nothing you publish there reaches real people.
            </p>
            <Button variant="primary" onClick={() => start('practice')}>
              Start practice
            </Button>
          </div>
          <div className="first-run__path">
            <span className="first-run__icon" aria-hidden="true">
              <Plug size={20} />
            </span>
            <h3>Use your ad account</h3>
            <p>Authorize once with your app’s key and a PIN from the platform; about two minutes.</p>
            <Button variant="secondary" onClick={() => start('account')}>
              Connect your ad account
            </Button>
          </div>
        </div>
        <p className="first-run__offline">
          Or start writing right away: drafts are saved on this computer and wait until you connect.
        </p>
      </section>
    </>
  )
}
