import { Plus } from 'lucide-react'
import { isPractice } from '../../../shared/environments'
import { Button } from '../../components/Button'
import { stepsOf, useConnectStore, type WizardStep } from '../../state/connection/connectStore'
import { AccountStep } from './AccountStep'
import { AppKeyStep } from './AppKeyStep'
import { AuthorizeStep, PinStep } from './AuthorizeStep'
import { WhereStep } from './WhereStep'
import { StepList } from './WizardParts'
import './connect.css'

/** The Connect stepper: one step at a time, each in its own file; the store says which. */
export function ConnectWizard() {
  const form = useConnectStore((state) => state.form)
  const awaitingPin = useConnectStore((state) => state.awaitingPin)
  const reauthorizing = useConnectStore((state) => state.reauthorizing)
  const storedStep = useConnectStore((state) => state.step)
  const startPath = useConnectStore((state) => state.startPath)
  const hasProfiles = useConnectStore((state) => state.list.profiles.length > 0)
  const wanted: WizardStep | null = storedStep ?? (hasProfiles ? null : 'where')
  // The PIN step needs a pending authorization; without one (it was cancelled) authorize again.
  const step: WizardStep | null = wanted === 'pin' && !awaitingPin ? 'authorize' : wanted

  // Once a profile exists the stepper folds away until the designer asks for another one.
  if (step === null) {
    return (
      <div>
        <Button onClick={() => startPath('account')}>
          <Plus size={16} aria-hidden="true" />
          Add another profile
        </Button>
      </div>
    )
  }

  return (
    <section className="panel panel--wide wizard" aria-labelledby="wizard-title" data-testid="connect-wizard">
      <h2 id="wizard-title" className="panel__title">
        {reauthorizing
          ? `Authorize ${reauthorizing.label} again`
          : isPractice(form.environment)
            ? 'Practice with a demo account'
            : 'Connect a profile'}
      </h2>
      <StepList current={step} steps={stepsOf(form)} />
      {step === 'where' ? <WhereStep step={step} /> : null}
      {step === 'app' ? <AppKeyStep step={step} /> : null}
      {step === 'authorize' ? <AuthorizeStep step={step} /> : null}
      {step === 'pin' && awaitingPin ? <PinStep authorizeUrl={awaitingPin.authorizeUrl} /> : null}
      {step === 'account' || step === 'done' ? <AccountStep step={step} /> : null}
    </section>
  )
}
