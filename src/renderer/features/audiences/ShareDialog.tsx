import { Share2 } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useId, useState } from 'react'
import type { AudienceView, PermissionView } from '../../../shared/ipc/contracts/audiences'
import { LIMITS } from '../../../shared/rules/limits'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { useAction } from '../../lib/useAction'
import { SelectField } from '../../components/SelectField'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { useAccountsStore } from '../../state/accounts/accountsStore'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { featureWord, PERMISSION_LEVEL_WORDS } from '../../../shared/platformWords'
import { DialogActions } from '../../components/DialogActions'

type Level = 'READ_ONLY' | 'READ_WRITE'
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1)
const LEVELS: { value: Level; label: string; description: string }[] = [
  {
    value: 'READ_ONLY',
    label: capitalised(PERMISSION_LEVEL_WORDS.READ_ONLY),
    description: 'The account can target the audience.',
  },
  {
    value: 'READ_WRITE',
    label: capitalised(PERMISSION_LEVEL_WORDS.READ_WRITE),
    description: 'It can also add and remove people.',
  },
]
const FEATURE = featureWord(LIMITS.audiences.shareOutsideBusinessFeature.values[0] ?? '')
/** The choice that opens the id field: an account of another business is in no list the app has. */
const TYPED = 'typed'

/**
 * Share an audience with another ad account (spec part A, tailored audience permissions v5).
 * Main checks ownership and the platform's business rule; this dialog says both up front.
 */
export function ShareDialog({
  profileId,
  audience,
  onChanged,
  unavailableNote,
}: {
  profileId: string
  audience: AudienceView
  onChanged(permission: PermissionView): void
  /** The id of the line that says why sharing waits (the platform is out of reach). */
  unavailableNote?: string | undefined
}) {
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<string | null>(null)
  const [typedId, setTypedId] = useState('')
  const ownAccounts = useAccountsStore((state) => (state.profileId === profileId ? state.accounts : null))
  const sharingFrom = useConnectedAccount()?.accountId
  const others = (ownAccounts ?? []).filter((account) => account.id !== sharingFrom)
  const accountId = picked === TYPED ? typedId.trim() : (picked ?? '')
  const [level, setLevel] = useState<Level>('READ_ONLY')
  const action = useAction<'granting', { message: string; field?: string }>(
    (failure) =>
      (failure as { error?: { message: string; field?: string } }).error ?? { message: String(failure) },
  )
  const busy = action.busy !== null
  const error = action.problem
  const accountFieldId = useId()
  const errorId = useId()

  const grant = () =>
    action.run('granting', async () => {
      const permission = await unwrap(
        studio().audiences.grant({
          profileId,
          audienceId: audience.id,
          grantedAccountId: accountId,
          permissionLevel: level,
        }),
      )
      onChanged(permission)
      setOpen(false)
      setPicked(null)
      setTypedId('')
    })

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button
          disabled={!audience.isOwner || unavailableNote !== undefined}
          aria-describedby={unavailableNote}
          data-testid="share-audience"
        >
          <Share2 size={16} aria-hidden="true" />
          Share…
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="share-dialog">
          <DialogTitleBar className="dialog__head audiences-dialog__head">
            Share “{audience.name}”
          </DialogTitleBar>
          <Dialog.Description className="dialog__description">
            Another ad account can use this audience in its campaigns. Accounts of the same business can
            always share; an account of another business only when this account has the account feature “
            {FEATURE}”.
          </Dialog.Description>
          <div className="stack audiences-dialog__body">
            <SelectField
              label="Share with"
              value={picked}
              placeholder="Choose an ad account"
              onChange={setPicked}
              options={[
                ...others.map((account) => ({ value: account.id, label: account.name })),
                {
                  value: TYPED,
                  label: 'An account not listed here…',
                  description: 'Another business’s account, by the id its owner gives you.',
                },
              ]}
              data-testid="share-account"
            />
            {picked === TYPED ? (
              <div className="field">
                <label className="field__label" htmlFor={accountFieldId}>
                  Its ad account id
                </label>
                <input
                  id={accountFieldId}
                  className="input"
                  value={typedId}
                  onChange={(event) => setTypedId(event.target.value)}
                  aria-invalid={error?.field === 'grantedAccountId' || undefined}
                  aria-describedby={error ? errorId : undefined}
                  placeholder="18ce54d4x5t"
                  data-testid="share-account-id"
                />
              </div>
            ) : null}
            <SelectField
              label="Permission"
              value={level}
              onChange={(value) => setLevel(value as Level)}
              options={LEVELS}
              data-testid="share-level"
            />
            {error ? (
              <div id={errorId}>
                <Banner tone="error">{error.message}</Banner>
              </div>
            ) : null}
          </div>
          <DialogActions>
            <Button
              variant="primary"
              busy={busy}
              disabled={accountId === ''}
              onClick={() => void grant()}
              data-testid="share-grant"
            >
              Share
            </Button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
