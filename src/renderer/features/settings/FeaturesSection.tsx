import { Check, Plus } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { SANDBOX_ENVIRONMENTS } from '../../../shared/environments'
import { GRANTABLE_SANDBOX_FEATURES } from '../../../shared/rules/accountLimits'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { useAccountFeatures } from '../../state/accounts/accountFeatures'
import { useFeatureFocus } from '../../state/accounts/featureFocus'
import { featureWord } from '../../../shared/platformWords'
import { JobReport } from '../../kits/jobs/JobReport'
import { failureText, useJob } from '../../kits/jobs/useJob'
import { SelectField } from '../../components/SelectField'
import './features.css'

/**
 * The active account's features (GET accounts/:id/features). Advertisers ask the platform for
 * them; on a sandbox account "Add feature" grants one through the sandbox endpoint, through
 * the outbox, so it runs before anything queued after it (a poll with media).
 */
export function FeaturesSection() {
  const id = useId()
  const connected = useConnectedAccount()
  const features = useAccountFeatures((state) => state.features)
  const setFeatures = useAccountFeatures((state) => state.setFeatures)
  const focused = useFeatureFocus((state) => state.feature)
  const [error, setError] = useState<string | null>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const section = useRef<HTMLElement>(null)
  const profileId = connected?.profile.id
  const accountId = connected?.accountId
  const sandbox = connected ? SANDBOX_ENVIRONMENTS.includes(connected.profile.environment) : false

  const refresh = useCallback(async () => {
    if (!profileId || !accountId) return
    try {
      const { features: fresh } = await unwrap(studio().accounts.features({ profileId, accountId }))
      // The store every editor reads: poll media unlock as soon as the grant is done.
      setFeatures(fresh)
      setError(null)
    } catch (failure) {
      setError(failureText(failure))
    }
  }, [profileId, accountId, setFeatures])
  useEffect(() => {
    void refresh()
  }, [refresh])
  const job = useJob((finished) => {
    if (finished.state === 'done') {
      setAdding(null)
      void refresh()
    }
  })

  useEffect(() => {
    if (!focused) return
    const target = document.getElementById(`feature-${focused}`) ?? section.current
    target?.scrollIntoView({ block: 'center' })
  }, [focused, features])

  if (!connected) {
    return (
      <section className="panel" aria-labelledby={`${id}-title`} id="features">
        <h2 id={`${id}-title`} className="panel__title">
          Features
        </h2>
        <p className="panel__hint">Connect a profile and choose an ad account to see its features.</p>
      </section>
    )
  }
  const missing = GRANTABLE_SANDBOX_FEATURES.filter((key) => !(features ?? []).includes(key))
  const focusedMissing = focused !== null && features !== undefined && !features.includes(focused)
  return (
    <section
      className="panel"
      aria-labelledby={`${id}-title`}
      id="features"
      ref={section}
      data-testid="features-section"
    >
      <h2 id={`${id}-title`} className="panel__title">
        Features
      </h2>
      <p className="panel__hint">
        Betas and options granted to this ad account. Editors lock the options a missing feature gates.
      </p>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {features === undefined ? (
        <p className="muted" role="status">
          Reading the account’s features…
        </p>
      ) : features.length === 0 ? (
        <p className="muted">This account has no features yet.</p>
      ) : (
        <ul className="stack feature-list" aria-label="Features of this account">
          {features.map((key) => (
            <li
              key={key}
              id={`feature-${key}`}
              className="row feature-list__item"
              data-focused={key === focused || undefined}
              data-testid="feature"
            >
              <Check size={16} aria-hidden="true" className="feature-list__check" />
              <span>
                <span className="feature-list__words">{featureWord(key)}</span>
                <code className="code">{key}</code>
              </span>
            </li>
          ))}
        </ul>
      )}
      {focusedMissing ? (
        <p className="feature-missing" id={`feature-${focused}`} data-focused>
          This account does not have the feature “{featureWord(focused)}” (
          <code className="code">{focused}</code>).{' '}
          {sandbox
            ? 'Add it below to try it on this sandbox account.'
            : 'The advertiser asks the platform for it.'}
        </p>
      ) : null}
      {sandbox ? (
        <div className="feature-add">
          <SelectField
            label="Add a feature to this sandbox account"
            value={adding ?? (focusedMissing ? focused : null)}
            placeholder="Choose a feature"
            options={missing.map((key) => ({
              value: key,
              label: featureWord(key),
              description: key,
            }))}
            onChange={setAdding}
            disabled={missing.length === 0 || job.busy}
            data-testid="feature-add-select"
          />
          <Button
            onClick={() => {
              const key = adding ?? (focusedMissing ? focused : null)
              if (key)
                void job.start(() =>
                  unwrap(
                    studio().accounts.addFeatures({
                      profileId: connected.profile.id,
                      accountId: connected.accountId,
                      featureKeys: [key],
                    }),
                  ),
                )
            }}
            disabled={!(adding ?? (focusedMissing ? focused : null))}
            busy={job.busy}
            data-testid="feature-add"
          >
            <Plus size={16} aria-hidden="true" />
            Add feature
          </Button>
        </div>
      ) : (
        <p className="field__hint">Advertisers, not developers, request features from the platform.</p>
      )}
      <JobReport
        state={job.state}
        onRetry={() => void job.retry()}
        done={(done) => `${done.title} — done. Editors now offer what it unlocks.`}
      />
      {focused !== null && features?.includes(focused) ? (
        <p className="feature-back">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              useFeatureFocus.getState().focus(null)
              window.history.back()
            }}
            data-testid="feature-back"
          >
            Back to the editor that needed {focused}
          </button>
        </p>
      ) : null}
    </section>
  )
}
