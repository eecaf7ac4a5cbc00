import { useEffect, useRef } from 'react'
import { ExternalLink, LoaderCircle } from 'lucide-react'
import { isPractice } from '../../../shared/environments'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { studio } from '../../lib/ipc'
import { useConnectStore, type WizardStep } from '../../state/connection/connectStore'
import { BackButton, CancelButton, StepForm, StepHeading } from './WizardParts'

/** Opens the platform's authorization page (or starts the practice platform and opens its page). */
export function AuthorizeStep({ step }: { step: WizardStep }) {
  const practice = useConnectStore((state) => isPractice(state.form.environment))
  const busy = useConnectStore((state) => state.busy)
  const begin = useConnectStore((state) => state.beginAuthorization)
  const beginPractice = useConnectStore((state) => state.beginPractice)

  return (
    <StepForm titleId="step-authorize" onNext={() => void (practice ? beginPractice() : begin())}>
      <StepHeading step={step}>
        <span id="step-authorize">
          {practice ? 'Approve Ads Studio on the practice platform' : 'Approve Ads Studio in your browser'}
        </span>
      </StepHeading>
      {practice ? (
        <p className="muted">
          Ads Studio starts its practice platform on this computer, with a demo app and two ad accounts, and
          opens the authorization page in your browser. Choose “Authorize app” there: Ads Studio fills in the
          PIN for you. Nothing you publish in practice reaches real people.
        </p>
      ) : (
        <p className="muted">
          Ads Studio opens the platform’s authorization page in your browser. Sign in there if asked and
          choose “Authorize app”; the page then shows a PIN for the next step.
        </p>
      )}
      <div className="actions">
        <Button type="submit" variant="primary" busy={busy === 'begin'}>
          <ExternalLink size={16} aria-hidden="true" />
          Open authorization page
        </Button>
        <BackButton to={practice ? 'where' : 'app'} />
        <CancelButton />
      </div>
    </StepForm>
  )
}

/** The PIN the authorization page shows (practice fills it in by itself), which connects the profile. */
export function PinStep({ authorizeUrl }: { authorizeUrl: string }) {
  const practice = useConnectStore((state) => isPractice(state.form.environment))
  const pin = useConnectStore((state) => state.form.pin)
  const error = useConnectStore((state) => state.fieldErrors.pin)
  const busy = useConnectStore((state) => state.busy)
  const setField = useConnectStore((state) => state.setField)
  const complete = useConnectStore((state) => state.completeWithPin)
  const pinRef = useRef<HTMLInputElement>(null)
  useEffect(() => {
    pinRef.current?.focus()
  }, [])

  return (
    <StepForm titleId="step-pin" onNext={() => void complete()}>
      <h3 className="section-title" id="step-pin">
        {practice ? 'Approve in your browser' : 'Type the PIN from the authorization page'}
      </h3>
      <p className="muted">
        {practice
          ? 'Choose “Authorize app” on the page that opened in your browser: Ads Studio fills in the PIN and connects. You can also type the PIN here.'
          : 'After you approve, the page in your browser shows a PIN.'}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => void studio().external.open({ url: authorizeUrl })}
        >
          Open the page again
        </button>
      </p>
      {practice ? (
        <p className="actions muted pin-step__waiting" role="status">
          <LoaderCircle className="spin" size={14} aria-hidden="true" />
          {busy === 'complete' ? 'PIN filled in. Connecting…' : 'Waiting for your approval…'}
        </p>
      ) : null}
      <div className="pin-step__row">
        <Field
          ref={pinRef}
          label="PIN"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={pin}
          error={error}
          // Digits only; a pasted PIN may carry spaces, which are trimmed on submit.
          onChange={(event) => setField('pin', event.target.value.replace(/[^0-9\s]/g, ''))}
          className="pin-field"
        />
        <Button type="submit" variant="primary" busy={busy === 'complete'}>
          Connect
        </Button>
        <CancelButton />
      </div>
    </StepForm>
  )
}
