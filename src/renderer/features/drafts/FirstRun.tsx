import { FlaskConical, Plug } from 'lucide-react'
import { navigate } from '../../nav/routes'
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
 * What a new designer sees first: the two ways in, instead of an empty list and a developer form.
 * Shown until a profile exists; drafts still work offline without one. Once there are drafts
 * (`compact`), the designer has chosen to write first: the same two ways in, in one line above
 * the list rather than a panel that pushes it down the screen.
 */
export function FirstRun({ compact = false }: { compact?: boolean }) {
  const shown = useFirstRunShown()
  const startPath = useConnectStore((state) => state.startPath)
  if (!shown) return null

  const start = (path: 'sandbox' | 'account') => {
    startPath(path)
    navigate('connect')
  }
  if (compact) {
    return (
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
            Your drafts are saved on this computer. Connect your ad account to publish them, or practice with
            the local sandbox first.
          </p>
        </div>
        <div className="first-run__compact-actions">
          <Button variant="secondary" onClick={() => start('sandbox')}>
            Try the local sandbox
          </Button>
          <Button variant="primary" onClick={() => start('account')}>
            Connect your ad account
          </Button>
        </div>
      </section>
    )
  }
  return (
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
      <div className="first-run__paths">
        <div className="first-run__path">
          <span className="first-run__icon" aria-hidden="true">
            <FlaskConical size={20} />
          </span>
          <h3>Practice first</h3>
          <p>
            A practice platform on this computer with a demo app and ad accounts. Nothing you publish there
            reaches real people.
          </p>
          <Button variant="primary" onClick={() => start('sandbox')}>
            Try it with the local sandbox
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
  )
}
