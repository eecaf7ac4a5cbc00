import { ArrowLeft, Check, ChevronRight } from 'lucide-react'
import { Collapsible } from 'radix-ui'
import { useEffect, useRef, type ReactNode } from 'react'
import { Button } from '../../components/Button'
import { useConnectStore, type StepName, type WizardStep } from '../../state/connection/connectStore'

const STEP_LABELS: Record<StepName, string> = {
  where: 'Environment',
  app: 'App key',
  authorize: 'Authorize',
  pin: 'PIN',
  account: 'Ad account',
}

/** "Advanced": power options stay out of the way until asked for. */
export function Advanced({ children, defaultOpen = false }: { children: ReactNode; defaultOpen?: boolean }) {
  return (
    <Collapsible.Root className="advanced" defaultOpen={defaultOpen}>
      <Collapsible.Trigger className="advanced__trigger text-button">
        <ChevronRight size={16} aria-hidden="true" className="advanced__chevron" />
        Advanced
      </Collapsible.Trigger>
      <Collapsible.Content className="advanced__content stack stack--tight">{children}</Collapsible.Content>
    </Collapsible.Root>
  )
}

/** The wizard's steps (practice has no key step: stepsOf), with the current one marked. */
export function StepList({ current, steps }: { current: WizardStep; steps: readonly StepName[] }) {
  const index = current === 'done' ? steps.length : steps.indexOf(current)
  return (
    <ol className="stepper" aria-label="Steps">
      {steps.map((step, position) => {
        const state = position < index ? 'done' : position === index ? 'current' : 'next'
        return (
          <li
            key={step}
            className="stepper__step"
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="stepper__dot" aria-hidden="true">
              {state === 'done' ? <Check size={12} /> : position + 1}
            </span>
            <span className="truncate stepper__label">
              {STEP_LABELS[step]}
              {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/**
 * The step's heading takes focus when the step changes, so keyboard and screen-reader users
 * follow. Each step mounts its own heading, and the button that moved on is gone with the old
 * step: focus is then on the page body, and the heading takes it. Focus the designer placed
 * elsewhere (the wizard opened beside other controls) stays where it is.
 */
export function StepHeading({ children, step }: { children: ReactNode; step: WizardStep }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const active = document.activeElement
    if (active === null || active === document.body) ref.current?.focus()
  }, [step])
  return (
    <h3 ref={ref} tabIndex={-1} className="section-title wizard__heading row" data-testid="wizard-step-title">
      {children}
    </h3>
  )
}

/** One step of the wizard: a form named by its heading (`titleId`), whose submit runs `onNext`. */
export function StepForm({
  titleId,
  onNext,
  children,
}: {
  titleId: string
  onNext: () => void
  children: ReactNode
}) {
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault()
        onNext()
      }}
      aria-labelledby={titleId}
      noValidate
    >
      {children}
    </form>
  )
}

export function BackButton({ to }: { to: WizardStep }) {
  const goTo = useConnectStore((state) => state.goTo)
  return (
    <Button variant="ghost" onClick={() => goTo(to)}>
      <ArrowLeft size={16} aria-hidden="true" />
      Back
    </Button>
  )
}

/** Cancel, where there is somewhere to return to: saved profiles, a new authorization, a pending PIN. */
export function CancelButton() {
  const cancel = useConnectStore((state) => state.cancelWizard)
  const cancellable = useConnectStore(
    (state) => state.list.profiles.length > 0 || state.reauthorizing !== null || state.awaitingPin !== null,
  )
  return cancellable ? (
    <Button variant="ghost" onClick={cancel}>
      Cancel
    </Button>
  ) : null
}
