import { FileUp, ShieldCheck, Trash2, TriangleAlert } from 'lucide-react'
import { useId, useState } from 'react'
import type { StoredTeamPack } from '../../../shared/ipc/contracts/teamRules'
import { describeTeamRule } from '../../../shared/rules/teamPacks/words'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { failureText } from '../../kits/jobs/useJob'
import { studio, unwrap } from '../../lib/ipc'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { useTeamRules } from '../../state/accounts/teamRules'
import './teamRules.css'

const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' })

/**
 * Team rule packs of the active ad account (issue 44): import a pack file, read its rules in
 * words, remove it. Editors check drafts against them as they type; main checks them again at
 * publish, where an error rule refuses and a warning does not.
 */
export function TeamRulesSection() {
  const id = useId()
  const connected = useConnectedAccount()
  const packs = useTeamRules((state) => state.packs)
  const setPacks = useTeamRules((state) => state.setPacks)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  if (!connected) {
    return (
      <section className="panel" aria-labelledby={`${id}-title`} id="team-rules">
        <h2 id={`${id}-title`} className="panel__title">
          Team rules
        </h2>
        <p className="panel__hint">Connect a profile and choose an ad account to import its team rules.</p>
      </section>
    )
  }
  const scope = { profileId: connected.profile.id, accountId: connected.accountId }

  const importPack = async () => {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      const result = await unwrap(studio().teamRules.import(scope))
      if (result.chosen) {
        setPacks(result.packs)
        setNotice(`“${result.imported.pack.name}” imported: ${rulesWord(result.imported.pack.rules.length)}.`)
      }
    } catch (failure) {
      setError(failureText(failure))
    } finally {
      setBusy(false)
    }
  }
  const remove = async (stored: StoredTeamPack) => {
    setError(null)
    setNotice(null)
    try {
      const result = await unwrap(studio().teamRules.remove({ ...scope, id: stored.id }))
      setPacks(result.packs)
      setNotice(`“${stored.pack.name}” removed.`)
    } catch (failure) {
      setError(failureText(failure))
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`} id="team-rules" data-testid="team-rules">
      <h2 id={`${id}-title`} className="panel__title">
        Team rules
      </h2>
      <p className="panel__hint">
        Rule packs your team shares (JSON files): naming, landing domains, tracking parameters, words to
        avoid, required disclosures. Editors show their problems labelled “Team rule”; an error rule blocks
        publishing on this account, a warning does not.
      </p>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {packs === undefined ? (
        <p className="muted" role="status">
          Reading this account’s rule packs…
        </p>
      ) : packs.length === 0 ? (
        <p className="muted">No rule packs on this account yet.</p>
      ) : (
        <ul className="stack team-packs" aria-label="Rule packs of this account">
          {packs.map((stored) => (
            <PackItem key={stored.id} stored={stored} onRemove={() => void remove(stored)} />
          ))}
        </ul>
      )}
      <div className="team-packs__actions">
        <Button onClick={() => void importPack()} busy={busy} data-testid="team-rules-import">
          <FileUp size={16} aria-hidden="true" />
          Import rule pack…
        </Button>
      </div>
    </section>
  )
}

function rulesWord(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'rule' : 'rules'}`
}

function PackItem({ stored, onRemove }: { stored: StoredTeamPack; onRemove(): void }) {
  const { pack } = stored
  const warnings = pack.rules.filter((rule) => rule.severity === 'warning').length
  return (
    <li className="team-pack" data-testid="team-pack">
      <div className="team-pack__head">
        <ShieldCheck size={18} aria-hidden="true" className="team-pack__icon" />
        <div className="team-pack__title">
          <span className="team-pack__name">{pack.name}</span>
          <span className="team-pack__meta">
            {rulesWord(pack.rules.length)}
            {warnings > 0 ? ` (${warnings.toLocaleString('en-US')} as warnings)` : ''} · {stored.fileName} ·
            imported {DATE.format(new Date(stored.importedAt))}
          </span>
        </div>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" aria-label={`Remove ${pack.name}`} data-testid="team-pack-remove">
              <Trash2 size={16} aria-hidden="true" />
              Remove
            </Button>
          }
          title={`Remove “${pack.name}”?`}
          description="Editors and publishing stop checking its rules on this account. Import the file again to bring them back."
          confirmLabel="Remove pack"
          onConfirm={onRemove}
        />
      </div>
      {pack.description ? <p className="team-pack__description">{pack.description}</p> : null}
      <details className="team-pack__rules">
        <summary>Show its rules</summary>
        <ol className="team-pack__list">
          {pack.rules.map((rule, index) => (
            <li key={index} data-severity={rule.severity ?? 'error'}>
              {rule.severity === 'warning' ? (
                <span className="team-pack__severity">
                  <TriangleAlert size={12} aria-hidden="true" />
                  Warning
                </span>
              ) : null}
              {describeTeamRule(rule)}
              {rule.note ? <span className="team-pack__note"> {rule.note}</span> : null}
            </li>
          ))}
        </ol>
      </details>
    </li>
  )
}
