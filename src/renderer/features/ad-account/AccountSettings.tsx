import { CopyId } from '../../components/CopyId'
import { Save, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react'
import type { AccountDetailsView } from '../../../shared/ipc/contracts/campaign'
import { ACCOUNT_LIMITS } from '../../../shared/rules/accountLimits'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { useAccountsStore } from '../../state/accounts/accountsStore'
import { Field } from '../../components/Field'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { JobReport } from '../../kits/jobs/JobReport'
import { failureText, useJob } from '../../kits/jobs/useJob'
import type { AccountScope } from '../../state/connection/activeProfile'
import { SelectField } from '../../components/SelectField'
import { humanised } from '../../../shared/platformWords'

const industryLabel = humanised

/** Rename the account and set its industry (PUT account); delete it when it is a sandbox account. */
export function AccountSettings({ scope }: { scope: AccountScope }) {
  const id = useId()
  const [account, setAccount] = useState<AccountDetailsView | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [industry, setIndustry] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)

  const load = useCallback(async () => {
    try {
      const { account: fresh } = await unwrap(studio().accounts.details(scope))
      setAccount(fresh)
      setName(fresh.name)
      setIndustry(fresh.industryType ?? null)
      setError(null)
    } catch (failure) {
      setError(failureText(failure))
    }
  }, [scope])
  useEffect(() => {
    void load()
  }, [load])

  const save = useJob((job) => {
    if (job.state !== 'done') return
    void load()
    // The account switcher shows the name too.
    void useAccountsStore.getState().load(scope.profileId)
  })
  const remove = useJob(async (job) => {
    if (job.state !== 'done') return
    // The deleted account was the active one: move to another so no screen points at it.
    const store = useAccountsStore.getState()
    await store.load(scope.profileId)
    const next = useAccountsStore.getState().accounts.find((candidate) => candidate.id !== scope.accountId)
    if (next) await store.select(scope.profileId, next.id)
  })

  if (error && !account) return <Banner tone="error">{error}</Banner>
  if (!account)
    return (
      <p className="muted" role="status">
        Loading the account…
      </p>
    )

  const trimmed = name.trim()
  const nameError =
    trimmed === '' ? 'Enter a name' : trimmed.length > 255 ? 'Use at most 255 characters' : undefined
  const changed = trimmed !== account.name || (industry ?? undefined) !== account.industryType
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (nameError || !changed) return
    void save.start(() =>
      unwrap(
        studio().accounts.update({
          ...scope,
          ...(trimmed !== account.name ? { name: trimmed } : {}),
          ...(industry && industry !== account.industryType ? { industryType: industry } : {}),
        }),
      ),
    )
  }

  return (
    <div>
      <form className="panel" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`} className="panel__title">
          Account
        </h2>
        <p className="panel__hint">
          {account.timezone ? `${account.timezone}` : ''}
          {account.approvalStatus ? ` · ${industryLabel(account.approvalStatus)}` : ''}
          {account.sandbox ? ' · Sandbox' : ''}{' '}
          {/* The account id is for other tools: copied on request, not shown. */}
          <CopyId value={account.id} what={account.name} label="Copy account id" />
        </p>
        <div className="stack stack--tight">
          <Field
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            message={nameError ? { text: nameError, severity: 'error' } : undefined}
            data-testid="account-name"
          />
          <SelectField
            label="Industry"
            value={industry}
            placeholder="Not set"
            options={ACCOUNT_LIMITS.industryTypes.values.map((value) => ({
              value,
              label: industryLabel(value),
            }))}
            onChange={setIndustry}
            data-testid="account-industry"
          />
          <JobReport state={save.state} onRetry={() => void save.retry()} done={() => 'Saved.'} />
          <div className="actions">
            <Button
              type="submit"
              variant="primary"
              disabled={!changed || nameError !== undefined}
              busy={save.busy}
            >
              <Save size={16} aria-hidden="true" />
              Save
            </Button>
          </div>
        </div>
      </form>

      {account.sandbox ? (
        <section className="panel panel--danger" aria-labelledby={`${id}-danger`}>
          <h2 id={`${id}-danger`} className="panel__title">
            Delete this sandbox account
          </h2>
          <p className="panel__hint">
            Accounts on the ads sandbox can be deleted; the platform refuses others. Drafts here stay; what
            was published on it goes with it.
          </p>
          <JobReport state={remove.state} onRetry={() => void remove.retry()} done={() => 'Deleted.'} />
          <Button variant="danger" onClick={() => setConfirmDelete(true)} busy={remove.busy}>
            <Trash2 size={16} aria-hidden="true" />
            Delete sandbox account…
          </Button>
          <ConfirmDialog
            wide
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            tone="danger"
            title={`Delete “${account.name}”?`}
            description={
              <>
                <strong>This cannot be undone.</strong> The sandbox account and everything on it are deleted
                on the platform.
              </>
            }
            confirmLabel="Delete account"
            onConfirm={() => void remove.start(() => unwrap(studio().accounts.deleteSandbox(scope)))}
          />
        </section>
      ) : null}
    </div>
  )
}
