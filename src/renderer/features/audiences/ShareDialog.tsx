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
import { DialogCloseButton } from '../../components/DialogCloseButton'

type Level = 'READ_ONLY' | 'READ_WRITE'
const LEVELS: { value: Level; label: string; description: string }[] = [
  { value: 'READ_ONLY', label: 'Read only', description: 'The account can target the audience.' },
  { value: 'READ_WRITE', label: 'Read and write', description: 'It can also add and remove people.' },
]
const FEATURE = LIMITS.audiences.shareOutsideBusinessFeature.values[0]

/**
 * Share an audience with another ad account (spec part A, tailored audience permissions v5).
 * Main checks ownership and the platform's business rule; this dialog says both up front.
 */
export function ShareDialog({
  profileId,
  audience,
  onChanged,
}: {
  profileId: string
  audience: AudienceView
  onChanged(permission: PermissionView): void
}) {
  const [open, setOpen] = useState(false)
  const [accountId, setAccountId] = useState('')
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
          grantedAccountId: accountId.trim(),
          permissionLevel: level,
        }),
      )
      onChanged(permission)
      setOpen(false)
      setAccountId('')
    })

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button disabled={!audience.isOwner} data-testid="share-audience">
          <Share2 size={16} aria-hidden="true" />
          Share…
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="share-dialog">
          <div className="dialog__head audiences-dialog__head row row--spread">
            <Dialog.Title className="dialog__title">Share “{audience.name}”</Dialog.Title>
            <DialogCloseButton size={16} />
          </div>
          <Dialog.Description className="dialog__description">
            Another ad account can use this audience in its campaigns. Accounts of the same business can
            always share; an account of another business only when this account has the {FEATURE} feature.
          </Dialog.Description>
          <div className="stack">
            <div className="field">
              <label className="field__label" htmlFor={accountFieldId}>
                Ad account id
              </label>
              <input
                id={accountFieldId}
                className="input"
                value={accountId}
                onChange={(event) => setAccountId(event.target.value)}
                aria-invalid={error?.field === 'grantedAccountId' || undefined}
                aria-describedby={error ? errorId : undefined}
                placeholder="18ce54d4x5t"
                data-testid="share-account"
              />
            </div>
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
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button
              variant="primary"
              busy={busy}
              disabled={accountId.trim() === ''}
              onClick={() => void grant()}
              data-testid="share-grant"
            >
              Share
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
