import { RadioGroup } from 'radix-ui'
import { FlaskConical, Globe, Server, SquareTerminal } from 'lucide-react'
import { API_HOST_KEYS, HOST_LABELS } from '../../../shared/apiHosts'
import { isPractice } from '../../../shared/environments'
import type { Environment } from '../../../shared/profiles'
import { Button } from '../../components/Button'
import { CheckboxRow } from '../../components/CheckboxRow'
import { Field, FieldAlert } from '../../components/Field'
import { useConnectStore, type WizardStep } from '../../state/connection/connectStore'
import { Advanced, CancelButton, StepForm, StepHeading } from './WizardParts'

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

/** The first step: where the profile works (practice, sandbox, production), or custom hosts. */
export function WhereStep({ step }: { step: WizardStep }) {
  const form = useConnectStore((state) => state.form)
  const errors = useConnectStore((state) => state.fieldErrors)
  const setField = useConnectStore((state) => state.setField)
  const goTo = useConnectStore((state) => state.goTo)
  const practice = isPractice(form.environment)
  // The local sandbox shows one address for its three URLs and the presets show none: an error
  // about a URL the form does not show goes on the address, or above the choices.
  const hostError = API_HOST_KEYS.map((key) => errors[`hosts.${key}`]).find(Boolean)

  return (
    <StepForm titleId="step-where" onNext={() => goTo(practice ? 'authorize' : 'app')}>
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
      <FieldAlert
        message={
          form.environment !== 'local_sandbox' && form.environment !== 'custom' && !practice
            ? hostError
            : undefined
        }
      />
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
        <CheckboxRow
          id="custom-hosts"
          label="Use custom hosts (for example a proxy)"
          checked={form.environment === 'custom'}
          onChange={(checked) => setField('environment', checked ? 'custom' : 'production')}
        />
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
        <CancelButton />
      </div>
    </StepForm>
  )
}
