import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Checkbox } from 'radix-ui'
import { Check, ExternalLink, KeyRound, Plus } from 'lucide-react'
import { API_HOST_KEYS, HOST_LABELS, sameHosts } from '../../../shared/hosts'
import type { Environment } from '../../../shared/profiles'
import { Button } from '../../components/Button'
import { Segmented } from '../../components/Segmented'
import { TextField } from '../../components/TextField'
import { studio } from '../../lib/ipc'
import { presetHosts, useConnectStore } from './connectStore'

const ENVIRONMENTS: { value: Environment; label: string }[] = [
  { value: 'production', label: 'Production' },
  { value: 'ads_sandbox', label: 'Ads sandbox' },
  { value: 'local_sandbox', label: 'Local sandbox' },
  { value: 'custom', label: 'Custom hosts' },
]

const ENVIRONMENT_HINTS: Record<Environment, string> = {
  production: 'Publishes real ads with the platform’s production hosts.',
  ads_sandbox: 'Authorizes on the platform and sends ads calls to its sandbox host: nothing reaches real people.',
  local_sandbox: 'The sandbox from `npm run sandbox` on this computer: try everything without real credentials.',
  custom: 'Your own hosts, for example a proxy.',
}

const HOST_FIELDS = API_HOST_KEYS.map((key) => ({ key, label: HOST_LABELS[key] }))

export function ConnectWizard() {
  const form = useConnectStore((state) => state.form)
  const errors = useConnectStore((state) => state.fieldErrors)
  const awaitingPin = useConnectStore((state) => state.awaitingPin)
  const reauthorizing = useConnectStore((state) => state.reauthorizing)
  const busy = useConnectStore((state) => state.busy)
  const setField = useConnectStore((state) => state.setField)
  const begin = useConnectStore((state) => state.beginAuthorization)
  const complete = useConnectStore((state) => state.completeWithPin)
  const cancel = useConnectStore((state) => state.cancelWizard)
  const hasProfiles = useConnectStore((state) => state.list.profiles.length > 0)
  const [adding, setAdding] = useState(false)
  const pinRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (awaitingPin) pinRef.current?.focus()
  }, [awaitingPin])

  const onBegin = (event: FormEvent) => {
    event.preventDefault()
    void begin()
  }
  const onComplete = (event: FormEvent) => {
    event.preventDefault()
    void complete().then((connected) => connected && setAdding(false))
  }
  const showHosts = form.environment === 'local_sandbox' || form.environment === 'custom'
  // Hosts are part of a profile's identity: main asks for the secret again when they change.
  const identityChanged =
    reauthorizing !== null &&
    (reauthorizing.environment !== form.environment ||
      reauthorizing.consumerKey !== form.consumerKey.trim() ||
      !sameHostsSafe(reauthorizing.hosts, presetHosts(form.environment, form.hosts)))
  // Preset environments hide the URL fields, so an error about one of them goes above the form.
  const hiddenHostError = showHosts ? undefined : API_HOST_KEYS.map((key) => errors[`hosts.${key}`]).find(Boolean)

  // Once a profile exists the wizard folds away until the designer asks for another one.
  if (hasProfiles && !adding && !reauthorizing && !awaitingPin) {
    return (
      <div>
        <Button onClick={() => setAdding(true)}>
          <Plus size={16} aria-hidden="true" />
          Add another profile
        </Button>
      </div>
    )
  }

  return (
    <section className="panel panel--wide" aria-labelledby="wizard-title">
      <h2 id="wizard-title" className="panel__title">
        {reauthorizing ? `Authorize ${reauthorizing.label} again` : 'Connect a profile'}
      </h2>
      <p className="panel__hint">
        Your API key secret goes straight to the system keychain. Ads Studio never shows it again.
      </p>

      <form className="stack" onSubmit={onBegin} aria-label="App credentials" noValidate>
        <fieldset className="fieldset">
          <legend className="fieldset__legend">Environment</legend>
          <Segmented
            label="Environment"
            value={form.environment}
            options={ENVIRONMENTS}
            onChange={(value) => setField('environment', value)}
            testIdPrefix="environment"
            describedBy="environment-hint"
          />
          <p className="field__hint" id="environment-hint">
            {ENVIRONMENT_HINTS[form.environment]}
          </p>
          {hiddenHostError ? (
            <p className="field__error" role="alert">
              {hiddenHostError}
            </p>
          ) : null}
          {showHosts ? (
            <div className="grid-3">
              {HOST_FIELDS.map(({ key, label }) => (
                <TextField
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
        </fieldset>

        <fieldset className="fieldset">
          <legend className="fieldset__legend">App credentials</legend>
          <div className="grid-2">
            <TextField
              label="API key"
              value={form.consumerKey}
              error={errors.consumerKey}
              onChange={(event) => setField('consumerKey', event.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
            />
            <TextField
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
          <TextField
            label="Profile name"
            hint="Optional. Helps you tell profiles apart."
            value={form.label}
            onChange={(event) => setField('label', event.target.value)}
            maxLength={60}
          />
        </fieldset>

        <fieldset className="fieldset">
          <legend className="fieldset__legend">Access</legend>
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
            <TextField
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
        </fieldset>

        <div className="actions">
          <Button type="submit" variant="primary" busy={busy === 'begin'}>
            <ExternalLink size={16} aria-hidden="true" />
            Open authorization page
          </Button>
          {reauthorizing || awaitingPin ? (
            <Button
              variant="ghost"
              onClick={() => {
                cancel()
                setAdding(false)
              }}
            >
              Cancel
            </Button>
          ) : hasProfiles ? (
            <Button variant="ghost" onClick={() => setAdding(false)}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>

      {awaitingPin ? (
        <form className="pin-step" onSubmit={onComplete} aria-label="Enter the PIN" noValidate>
          <div className="pin-step__icon" aria-hidden="true">
            <KeyRound size={20} />
          </div>
          <div className="stack stack--tight pin-step__body">
            <h3 className="section-title">Approve in your browser, then type the PIN</h3>
            <p className="muted">
              The authorization page opened in your browser. After you approve, it shows a PIN.{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => void studio().external.open({ url: awaitingPin.authorizeUrl })}
              >
                Open the page again
              </button>
            </p>
            <div className="pin-step__row">
              <TextField
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
            </div>
          </div>
        </form>
      ) : null}
    </section>
  )
}

/** Half-typed URLs do not parse; they are simply "changed". */
function sameHostsSafe(a: Parameters<typeof sameHosts>[0], b: Parameters<typeof sameHosts>[1]): boolean {
  try {
    return sameHosts(a, b)
  } catch {
    return false
  }
}
