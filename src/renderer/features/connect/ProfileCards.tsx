import { CircleCheck, CircleAlert, Clock } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { isPractice } from '../../../shared/environments'
import type { ProfileSummary } from '../../../shared/profiles'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PracticeBadge } from '../../components/PracticeBadge'
import { useConnectStore } from '../../state/connection/connectStore'

const ENVIRONMENT_LABELS: Record<ProfileSummary['environment'], string> = {
  production: 'Production',
  ads_sandbox: 'Ads sandbox',
  local_sandbox: 'Local sandbox',
  custom: 'Custom hosts',
  practice: 'Practice',
}

function StatusBadge({ status }: { status: ProfileSummary['status'] }) {
  if (status === 'connected')
    return (
      <span className="badge badge--success">
        <CircleCheck size={14} aria-hidden="true" /> Connected
      </span>
    )
  if (status === 'expired')
    return (
      <span className="badge badge--danger">
        <CircleAlert size={14} aria-hidden="true" /> Access revoked
      </span>
    )
  return (
    <span className="badge badge--neutral">
      <Clock size={14} aria-hidden="true" /> Waiting for PIN
    </span>
  )
}

export function ProfileCards() {
  const { profiles, activeProfileId } = useConnectStore((state) => state.list)
  const activate = useConnectStore((state) => state.activate)
  const signOut = useConnectStore((state) => state.signOut)
  const reauthorize = useConnectStore((state) => state.reauthorize)
  const busy = useConnectStore((state) => state.busy)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // The stepper folding away ("Done") takes the focused button with it: the profiles take focus.
  // Focus the designer placed elsewhere stays where it is.
  useEffect(() => {
    const active = document.activeElement
    if (active === null || active === document.body) headingRef.current?.focus()
  }, [])
  if (profiles.length === 0) return null

  return (
    <section aria-labelledby="profiles-title" className="stack stack--tight">
      <h2 id="profiles-title" className="section-title" ref={headingRef} tabIndex={-1}>
        Profiles
      </h2>
      <ul className="profile-grid">
        {profiles.map((profile) => {
          const active = profile.id === activeProfileId
          return (
            <li
              key={profile.id}
              className="profile-card surface surface--raised"
              data-active={active || undefined}
              data-testid="profile-card"
            >
              <div className="row row--spread profile-card__head">
                <div>
                  <h3 className="profile-card__title">{profile.label}</h3>
                  <p className="profile-card__meta">
                    {isPractice(profile.environment) ? (
                      <PracticeBadge />
                    ) : (
                      `${ENVIRONMENT_LABELS[profile.environment]} ·`
                    )}{' '}
                    <span className="profile-card__access">
                      {profile.accessLevel === 'write' ? 'Read and write' : 'Read only'}
                    </span>
                  </p>
                </div>
                <StatusBadge status={profile.status} />
              </div>
              {profile.screenName ? (
                <p className="profile-card__who" data-testid="profile-identity">
                  {/* The handle is what designers know; the numeric user id stays out of sight. */}@
                  {profile.screenName}
                </p>
              ) : (
                <p className="profile-card__who muted">Not authorized yet</p>
              )}
              {profile.status === 'expired' ? (
                <p className="profile-card__warning">Your access was revoked — authorize again.</p>
              ) : null}
              <div className="cluster profile-card__actions">
                {active ? (
                  <span className="badge badge--accent">Active</span>
                ) : profile.status === 'connected' ? (
                  <Button onClick={() => void activate(profile.id)}>Use this profile</Button>
                ) : null}
                {profile.status !== 'connected' ? (
                  <Button variant="primary" onClick={() => reauthorize(profile)}>
                    Authorize again
                  </Button>
                ) : null}
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" busy={busy === `signout:${profile.id}`}>
                      Sign out
                    </Button>
                  }
                  title={`Sign out of ${profile.label}?`}
                  description="Ads Studio revokes the access token on the platform and deletes this profile’s secrets from the keychain. Your drafts stay."
                  confirmLabel="Sign out"
                  onConfirm={() => void signOut(profile.id)}
                />
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
