import { useEffect, useRef, type FormEvent } from 'react'
import { Checkbox, RadioGroup } from 'radix-ui'
import {
  ArrowLeft,
  Check,
  ExternalLink,
  FlaskConical,
  Globe,
  LoaderCircle,
  Plus,
  Server,
  SquareTerminal,
} from 'lucide-react'
import { API_HOST_KEYS, HOST_LABELS, sameHosts } from '../../../shared/apiHosts'
import { isPractice } from '../../../shared/environments'
import type { Environment } from '../../../shared/profiles'
import { Button } from '../../components/Button'
import { Segmented } from '../../components/Segmented'
import { Field } from '../../components/Field'
import { studio } from '../../lib/ipc'
import { AccountStep } from './AccountStep'
import { Advanced, StepHeading, StepList } from './WizardParts'
import './connect.css'
import { hostsOf, stepsOf, useConnectStore, type WizardStep } from '../../state/connection/connectStore'

const ENVIRONMENTS: { value: Environment; label: string; hint: string; icon: typeof Globe }[] = [
  {
    value: 'practice',
    label: 'Practice',
    hint: 'A practice platform inside Ads Studio, with a demo app and ad accounts. Nothing reaches real people.',
    icon: FlaskConical,
  },
  {
    value: 'ads_sandbox',
    label: 'Ads sandbox',
    hint: 'Sign in with your platform app; ads go to the platform’s sandbox, never to real people.',
    icon: Server,
  },
  {
    value: 'production',
    label: 'Production',
    hint: 'Your real ad account. What you publish can reach real people.',
    icon: Globe,
  },
  {
    value: 'local_sandbox',
    label: 'Local sandbox',
    hint: 'For developers: a sandbox you started yourself with “npm run sandbox”.',
    icon: SquareTerminal,
  },
]

const HOST_FIELDS = API_HOST_KEYS.map((key) => ({ key, label: HOST_LABELS[key] }))

/** Half-typed URLs do not parse; they are simply "changed". */
function sameHostsSafe(a: Parameters<typeof sameHosts>[0], b: Parameters<typeof sameHosts>[1]): boolean {
  try {
    return sameHosts(a, b)
  } catch {
    return false
  }
}

export function ConnectWizard() {
  const form = useConnectStore((state) => state.form)
  const errors = useConnectStore((state) => state.fieldErrors)
  const awaitingPin = useConnectStore((state) => state.awaitingPin)
  const reauthorizing = useConnectStore((state) => state.reauthorizing)
  const busy = useConnectStore((state) => state.busy)
  const storedStep = useConnectStore((state) => state.step)
  const setField = useConnectStore((state) => state.setField)
  const goTo = useConnectStore((state) => state.goTo)
  const startPath = useConnectStore((state) => state.startPath)
  const begin = useConnectStore((state) => state.beginAuthorization)
  const beginPractice = useConnectStore((state) => state.beginPractice)
  const complete = useConnectStore((state) => state.completeWithPin)
  const cancel = useConnectStore((state) => state.cancelWizard)
  const hasProfiles = useConnectStore((state) => state.list.profiles.length > 0)
  const pinRef = useRef<HTMLInputElement>(null)
  const wanted: WizardStep | null = storedStep ?? (hasProfiles ? null : 'where')
  // The PIN step needs a pending authorization; without one (it was cancelled) authorize again.
  const step: WizardStep | null = wanted === 'pin' && !awaitingPin ? 'authorize' : wanted

  useEffect(() => {
    if (step === 'pin') pinRef.current?.focus()
  }, [step])

  // Hosts are part of a profile's identity: main asks for the secret again when they change.
  const identityChanged =
    reauthorizing !== null &&
    (reauthorizing.environment !== form.environment ||
      reauthorizing.consumerKey !== form.consumerKey.trim() ||
      !sameHostsSafe(reauthorizing.hosts, hostsOf(form)))
  // The local sandbox shows one address for its three URLs and the presets show none: an error
  // about a URL the form does not show goes on the address, or above the choices.
  const hostError = API_HOST_KEYS.map((key) => errors[`hosts.${key}`]).find(Boolean)

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

  const submit = (next: () => void) => (event: FormEvent) => {
    event.preventDefault()
    next()
  }
  const back = (to: WizardStep) => (
    <Button variant="ghost" onClick={() => goTo(to)}>
      <ArrowLeft size={16} aria-hidden="true" />
      Back
    </Button>
  )
  const cancelButton =
    hasProfiles || reauthorizing || awaitingPin ? (
      <Button variant="ghost" onClick={cancel}>
        Cancel
      </Button>
    ) : null
  const practice = isPractice(form.environment)

  return (
    <section className="panel panel--wide wizard" aria-labelledby="wizard-title" data-testid="connect-wizard">
      <h2 id="wizard-title" className="panel__title">
        {reauthorizing
          ? `Authorize ${reauthorizing.label} again`
          : practice
            ? 'Practice with a demo account'
            : 'Connect a profile'}
      </h2>
      <StepList current={step} steps={stepsOf(form)} />

      {step === 'where' ? (
        <form
          className="stack"
          onSubmit={submit(() => goTo(practice ? 'authorize' : 'app'))}
          aria-labelledby="step-where"
          noValidate
        >
          <StepHeading step={step}>
            <span id="step-where">Where do you want to work?</span>
          </StepHeading>
          <RadioGroup.Root
            className="choice-cards"
            aria-label="Environment"
            value={form.environment === 'custom' ? '' : form.environment}
            onValueChange={(value) => setField('environment', value as Environment)}
          >
            {ENVIRONMENTS.map(({ value, label, hint, icon: Icon }) => (
              <RadioGroup.Item
                key={value}
                value={value}
                className="choice-card"
                data-testid={`environment-${value}`}
                aria-describedby={`environment-${value}-hint`}
              >
                <Icon size={20} aria-hidden="true" className="choice-card__icon" />
                <span className="choice-card__label">{label}</span>
                <span className="choice-card__hint" id={`environment-${value}-hint`}>
                  {hint}
                </span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
          {hostError && form.environment !== 'local_sandbox' && form.environment !== 'custom' && !practice ? (
            <p className="field__error" role="alert">
              {hostError}
            </p>
          ) : null}
          {form.environment === 'local_sandbox' ? (
            <Field
              label="Sandbox address"
              hint="Start the sandbox with “npm run sandbox” in a terminal; it prints this address."
              type="url"
              value={form.sandboxAddress}
              error={hostError}
              onChange={(event) => setField('sandboxAddress', event.target.value)}
              spellCheck={false}
            />
          ) : null}
          <Advanced defaultOpen={form.environment === 'custom'}>
            <div className="checkbox-row">
              <Checkbox.Root
                id="custom-hosts"
                className="checkbox"
                checked={form.environment === 'custom'}
                onCheckedChange={(checked) =>
                  setField('environment', checked === true ? 'custom' : 'production')
                }
              >
                <Checkbox.Indicator>
                  <Check size={14} aria-hidden="true" />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor="custom-hosts">Use custom hosts (for example a proxy)</label>
            </div>
            {form.environment === 'custom' ? (
              <div className="grid-3">
                {HOST_FIELDS.map(({ key, label }) => (
                  <Field
                    key={key}
                    label={label}
                    type="url"
                    value={form.hosts[key]}
                    error={errors[`hosts.${key}`]}
                    onChange={(event) => setField('hosts', { ...form.hosts, [key]: event.target.value })}
                    spellCheck={false}
                  />
                ))}
              </div>
            ) : null}
          </Advanced>
          <div className="actions">
            <Button type="submit" variant="primary">
              Continue
            </Button>
            {cancelButton}
          </div>
        </form>
      ) : null}

      {step === 'app' ? (
        <form
          className="stack"
          onSubmit={submit(() => goTo('authorize'))}
          aria-labelledby="step-app"
          noValidate
        >
          <StepHeading step={step}>
            <span id="step-app">Your app’s key and secret</span>
          </StepHeading>
          <p className="muted">
            From your app’s page on the platform’s developer portal. The secret goes straight to the system
            keychain; Ads Studio never shows it again.
          </p>
          <div className="grid-2">
            <Field
              label="API key"
              value={form.consumerKey}
              error={errors.consumerKey}
              onChange={(event) => setField('consumerKey', event.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <Field
              label="API key secret"
              type="password"
              value={form.consumerSecret}
              error={errors.consumerSecret}
              hint={
                identityChanged
                  ? 'You changed the hosts, environment or key: enter the secret again. Authorization starts over.'
                  : reauthorizing
                    ? 'Leave empty to keep the secret already in the keychain.'
                    : undefined
              }
              onChange={(event) => setField('consumerSecret', event.target.value)}
              autoComplete="off"
              spellCheck={false}
              required={!reauthorizing || identityChanged}
            />
          </div>
          <Field
            label="Profile name"
            hint="Optional. Helps you tell profiles apart."
            value={form.label}
            onChange={(event) => setField('label', event.target.value)}
            maxLength={60}
          />
          <Advanced>
            <Segmented
              label="Access level"
              value={form.accessLevel}
              options={[
                { value: 'write', label: 'Read and write' },
                { value: 'read', label: 'Read only' },
              ]}
              onChange={(value) => setField('accessLevel', value)}
              testIdPrefix="access"
            />
            <div className="grid-2 grid--align-end">
              <Field
                label="Screen name"
                hint="Optional. Pre-fills the sign-in box."
                value={form.screenName}
                onChange={(event) => setField('screenName', event.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
              <div className="checkbox-row">
                <Checkbox.Root
                  id="force-login"
                  className="checkbox"
                  checked={form.forceLogin}
                  onCheckedChange={(checked) => setField('forceLogin', checked === true)}
                >
                  <Checkbox.Indicator>
                    <Check size={14} aria-hidden="true" />
                  </Checkbox.Indicator>
                </Checkbox.Root>
                <label htmlFor="force-login">Ask the platform to sign in again (force login)</label>
              </div>
            </div>
          </Advanced>
          <div className="actions">
            <Button type="submit" variant="primary">
              Continue
            </Button>
            {back('where')}
            {cancelButton}
          </div>
        </form>
      ) : null}

      {step === 'authorize' ? (
        <form
          className="stack"
          onSubmit={submit(() => void (practice ? beginPractice() : begin()))}
          aria-labelledby="step-authorize"
          noValidate
        >
          <StepHeading step={step}>
            <span id="step-authorize">
              {practice
                ? 'Approve Ads Studio on the practice platform'
                : 'Approve Ads Studio in your browser'}
            </span>
          </StepHeading>
          {practice ? (
            <p className="muted">
              Ads Studio starts its practice platform on this computer, with a demo app and two ad accounts,
              and opens the authorization page in your browser. Choose “Authorize app” there: Ads Studio fills
              in the PIN for you. Nothing you publish in practice reaches real people.
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
            {back(practice ? 'where' : 'app')}
            {cancelButton}
          </div>
        </form>
      ) : null}

      {step === 'pin' && awaitingPin ? (
        <form
          className="stack"
          onSubmit={submit(() => void complete())}
          aria-labelledby="step-pin"
          noValidate
        >
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
              onClick={() => void studio().external.open({ url: awaitingPin.authorizeUrl })}
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
              value={form.pin}
              error={errors.pin}
              // Digits only; a pasted PIN may carry spaces, which are trimmed on submit.
              onChange={(event) => setField('pin', event.target.value.replace(/[^0-9\s]/g, ''))}
              className="pin-field"
            />
            <Button type="submit" variant="primary" busy={busy === 'complete'}>
              Connect
            </Button>
            {cancelButton}
          </div>
        </form>
      ) : null}

      {step === 'account' || step === 'done' ? <AccountStep step={step} /> : null}
    </section>
  )
}
