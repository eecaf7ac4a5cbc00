import { useEffect, useRef, useState, type FormEvent } from 'react'
import { RadioGroup } from 'radix-ui'
import { CircleCheck, PenLine, Plus } from 'lucide-react'
import { SANDBOX_ENVIRONMENTS } from '../../../shared/environments'
import { navigate } from '../../nav/routes'
import { Button } from '../../components/Button'
import { useAccountsStore } from '../../state/accounts/accountsStore'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { useConnectStore, type WizardStep } from '../../state/connection/connectStore'

/**
 * The stepper's last step: the designer picks the ad account to work with. Main preselects the
 * first one when the profile connects (so nothing is left without an account), but the choice is
 * shown and confirmed here, never made silently.
 */
export function AccountStep({ step }: { step: Extract<WizardStep, 'account' | 'done'> }) {
  const profileId = useConnectStore((state) => state.connectedProfileId)
  const profile = useConnectStore((state) => state.list.profiles.find((p) => p.id === profileId))
  const goTo = useConnectStore((state) => state.goTo)
  const { accounts, busy, failure, profileId: loadedFor } = useAccountsStore()
  const [chosen, setChosen] = useState<string | null>(null)
  const [startingPost, setStartingPost] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const listed = loadedFor === profileId ? accounts : []
  const selected = chosen ?? profile?.activeAccountId ?? listed[0]?.id ?? null
  const onSandbox = profile !== undefined && SANDBOX_ENVIRONMENTS.includes(profile.environment)

  useEffect(() => {
    if (profileId) void useAccountsStore.getState().load(profileId)
  }, [profileId])
  useEffect(() => {
    headingRef.current?.focus()
  }, [step])

  if (!profileId) return null

  /** Opens a new post in the composer at once, not the (empty) list of posts. */
  const writeFirstPost = async () => {
    setStartingPost(true)
    const id = await useDraftsStore.getState().create('post')
    setStartingPost(false)
    navigate('composer', id ?? null)
  }

  if (step === 'done') {
    const account = listed.find((candidate) => candidate.id === profile?.activeAccountId)
    return (
      <div className="stack wizard__done" data-testid="wizard-done">
        <h3 ref={headingRef} tabIndex={-1} className="section-title wizard__heading row">
          <CircleCheck size={20} aria-hidden="true" className="wizard__done-icon" />
          You’re ready to create
        </h3>
        <p className="muted">
          Posting as @{profile?.screenName} with {account ? account.name : 'your ad account'}. Everything you
          write is saved on this computer as you type; nothing is published until you press Publish.
        </p>
        <div className="actions">
          <Button variant="primary" busy={startingPost} onClick={() => void writeFirstPost()}>
            <PenLine size={16} aria-hidden="true" />
            Write your first post
          </Button>
          <Button variant="ghost" onClick={() => goTo(null)}>
            Done
          </Button>
        </div>
      </div>
    )
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!selected) return
    void useAccountsStore
      .getState()
      .select(profileId, selected)
      .then((ok) => ok && goTo('done'))
  }

  return (
    <form className="stack" onSubmit={onSubmit} aria-labelledby="step-account" noValidate>
      <h3 ref={headingRef} tabIndex={-1} className="section-title wizard__heading row" id="step-account">
        Choose the ad account to work with
      </h3>
      <p className="muted">
        Connected as @{profile?.screenName}. Drafts, the media library and publishing use this account; you
        can switch it later in the sidebar.
      </p>
      {busy === 'loading' && listed.length === 0 ? <p className="muted">Loading your ad accounts…</p> : null}
      {listed.length > 0 ? (
        <RadioGroup.Root
          className="choice-cards choice-cards--list"
          aria-label="Ad account"
          value={selected ?? ''}
          onValueChange={setChosen}
        >
          {listed.map((account) => (
            <RadioGroup.Item
              key={account.id}
              value={account.id}
              className="choice-card"
              data-testid="account-choice"
            >
              <span className="choice-card__label">{account.name}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      ) : busy !== 'loading' && !failure ? (
        <p className="muted">This user has no ad accounts yet.</p>
      ) : null}
      {failure ? (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className="actions">
        <Button type="submit" variant="primary" busy={busy === 'selecting'} disabled={!selected}>
          Use this account
        </Button>
        {onSandbox ? (
          <Button
            variant="ghost"
            busy={busy === 'creating'}
            onClick={() => void useAccountsStore.getState().createSandboxAccount(profileId)}
          >
            {busy === 'creating' ? null : <Plus size={14} aria-hidden="true" />}
            Create sandbox account
          </Button>
        ) : null}
      </div>
    </form>
  )
}
