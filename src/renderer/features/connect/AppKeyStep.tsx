import { sameHosts } from '../../../shared/apiHosts'
import { Button } from '../../components/Button'
import { CheckboxRow } from '../../components/CheckboxRow'
import { Field } from '../../components/Field'
import { Segmented } from '../../components/Segmented'
import { hostsOf, useConnectStore, type WizardStep } from '../../state/connection/connectStore'
import { Advanced, BackButton, CancelButton, StepForm, StepHeading } from './WizardParts'

/** Half-typed URLs do not parse; they are simply "changed". */
function sameHostsSafe(a: Parameters<typeof sameHosts>[0], b: Parameters<typeof sameHosts>[1]): boolean {
  try {
    return sameHosts(a, b)
  } catch {
    return false
  }
}

/** The app's key and secret (straight to the keychain), the profile's name and its access level. */
export function AppKeyStep({ step }: { step: WizardStep }) {
  const form = useConnectStore((state) => state.form)
  const errors = useConnectStore((state) => state.fieldErrors)
  const reauthorizing = useConnectStore((state) => state.reauthorizing)
  const setField = useConnectStore((state) => state.setField)
  const goTo = useConnectStore((state) => state.goTo)
  // Hosts are part of a profile's identity: main asks for the secret again when they change.
  const identityChanged =
    reauthorizing !== null &&
    (reauthorizing.environment !== form.environment ||
      reauthorizing.consumerKey !== form.consumerKey.trim() ||
      !sameHostsSafe(reauthorizing.hosts, hostsOf(form)))

  return (
    <StepForm titleId="step-app" onNext={() => goTo('authorize')}>
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
          <CheckboxRow
            id="force-login"
            label="Ask the platform to sign in again (force login)"
            checked={form.forceLogin}
            onChange={(checked) => setField('forceLogin', checked)}
          />
        </div>
      </Advanced>
      <div className="actions">
        <Button type="submit" variant="primary">
          Continue
        </Button>
        <BackButton to="where" />
        <CancelButton />
      </div>
    </StepForm>
  )
}
