import { ArrowRight, ListChecks, RefreshCw, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { ChangeField, PendingChangeView } from '../../../shared/ipc/contracts/changes'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { EmptyState } from '../../components/EmptyState'
import { InlineIssues } from '../../components/InlineIssues'
import { PageHeader } from '../../components/PageHeader'
import { Segmented } from '../../components/Segmented'
import { failureOf } from '../../lib/failures'
import { studio, unwrap } from '../../lib/ipc'
import type { PageProps } from '../../nav/routes'
import { hashFor } from '../../nav/routes'
import { ChangeStateChip } from '../../kits/changes/ChangeStateChip'
import { countChanges, usePendingChanges } from '../../state/changes/changesStore'
import { EDITOR_ROUTES } from '../../state/drafts/draftListModel'
import './changes.css'

/**
 * Check and post changes (issue 42, items 3 to 5): every pending edit of a published item on
 * the account, field by field with what the publish rules say of it; "Post changes" sends those
 * without problems through the outbox. An item in conflict shows base · platform now · yours
 * for each field both sides changed, and waits for the designer's choice.
 */

const KIND_WORDS: Record<PendingChangeView['kind'], string> = {
  card: 'Card',
  video_conversation_card: 'Video conversation card',
}

function Value({ value }: { value: string | null | undefined }) {
  return value === null || value === undefined || value === '' ? (
    <span className="muted">empty</span>
  ) : (
    <span className="change-value">{value}</span>
  )
}

type Choice = 'mine' | 'theirs'

function ConflictTable({ change, profileId }: { change: PendingChangeView; profileId: string }) {
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const conflicting = change.fields.filter((field) => field.conflict)
  const ready = conflicting.every((field) => choices[field.path] !== undefined)
  const apply = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await unwrap(studio().changes.resolve({ profileId, draftId: change.draftId, choices }))
    } catch (error) {
      setFailure(failureOf(error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="stack stack--tight">
      <p>
        Changed on the platform since you began editing. Choose which value to keep for each field both of you
        changed; a field only one side changed is merged without asking.
      </p>
      <table className="change-table" data-testid="conflict-table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Base</th>
            <th scope="col">Platform now</th>
            <th scope="col">Yours</th>
            <th scope="col">Keep</th>
          </tr>
        </thead>
        <tbody>
          {change.fields.map((field) => (
            <tr key={field.path} data-conflict={field.conflict}>
              <th scope="row">{field.label}</th>
              <td>
                <Value value={field.base} />
              </td>
              <td>
                {field.conflict ? <Value value={field.theirs} /> : <span className="muted">unchanged</span>}
              </td>
              <td>
                <Value value={field.mine} />
              </td>
              <td>
                {field.conflict ? (
                  <Segmented
                    label={`Which ${field.label} to keep`}
                    value={choices[field.path] ?? ('' as Choice)}
                    options={[
                      { value: 'mine', label: 'Keep mine' },
                      { value: 'theirs', label: 'Take theirs' },
                    ]}
                    onChange={(value) => setChoices((current) => ({ ...current, [field.path]: value }))}
                    testIdPrefix={`choose-${field.path}`}
                  />
                ) : (
                  <span className="muted">Yours (merged)</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <div className="row">
        <Button variant="primary" disabled={!ready} busy={busy} onClick={() => void apply()}>
          Apply choices
        </Button>
        {!ready ? <span className="muted">Choose for every field in conflict first.</span> : null}
      </div>
    </div>
  )
}

/** Each changed field: what the platform held when editing began → the designer's value. */
function FieldChanges({ fields }: { fields: ChangeField[] }) {
  return (
    <table className="change-table" data-testid="change-fields">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">On the platform</th>
          <th scope="col">
            <span className="visually-hidden">changes to</span>
          </th>
          <th scope="col">Yours</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.path}>
            <th scope="row">{field.label}</th>
            <td>
              <Value value={field.base} />
            </td>
            <td className="change-table__arrow">
              <ArrowRight size={14} aria-label="changes to" />
            </td>
            <td>
              <Value value={field.mine} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ChangeItem({ change, profileId }: { change: PendingChangeView; profileId: string }) {
  const route = EDITOR_ROUTES[change.kind]
  const [discarding, setDiscarding] = useState(false)
  const discard = async () => {
    setDiscarding(true)
    try {
      await unwrap(studio().changes.discard({ profileId, draftId: change.draftId }))
    } finally {
      setDiscarding(false)
    }
  }
  return (
    <article
      className="panel change-item stack stack--tight"
      data-testid="change-item"
      data-state={change.state}
    >
      <header className="row row--spread">
        <div className="row">
          <h2 className="change-item__title">
            {route ? <a href={hashFor(route, change.draftId)}>{change.name}</a> : change.name}
          </h2>
          <span className="muted">{KIND_WORDS[change.kind]}</span>
          <ChangeStateChip state={change.state} />
        </div>
        <Button
          variant="ghost"
          busy={discarding}
          onClick={() => void discard()}
          disabled={change.state === 'sending'}
        >
          <Trash2 size={16} aria-hidden="true" />
          Discard change
        </Button>
      </header>
      {change.blocked ? (
        <Banner tone="error">
          {change.blocked}. Nothing was sent; discard the change or duplicate the card as a new draft.
        </Banner>
      ) : null}
      {change.state === 'conflict' && !change.blocked ? (
        <ConflictTable change={change} profileId={profileId} />
      ) : change.fields.length > 0 ? (
        <FieldChanges fields={change.fields} />
      ) : (
        <p className="muted">
          Changed on the platform since you opened it; get recent changes to see it here.
        </p>
      )}
      <InlineIssues
        issues={change.issues.map((issue) => ({ message: issue.message, severity: 'error' as const }))}
      />
    </article>
  )
}

function summaryOf(conflicts: number, pending: number): string {
  const parts = [
    conflicts > 0 ? `${conflicts} ${conflicts === 1 ? 'conflict' : 'conflicts'} to settle` : '',
    pending > 0 ? `${pending} pending ${pending === 1 ? 'change' : 'changes'}` : '',
  ].filter(Boolean)
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Nothing to post: changed on the platform only.'
}

export default function ChangesPage({ route }: PageProps) {
  const { scope, changes, loaded, error, load } = usePendingChanges()
  const [posting, setPosting] = useState(false)
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const { conflicts, pending } = countChanges(changes)

  const postable = changes.filter((change) => change.state === 'local' && change.issues.length === 0).length

  const post = async () => {
    if (!scope) return
    setPosting(true)
    setResult(null)
    try {
      const { skipped } = await unwrap(studio().changes.post(scope))
      // What was sent shows on each item ("Sending", then gone or in conflict); only what was
      // held back needs saying.
      setResult(
        skipped.length > 0
          ? {
              tone: 'error',
              text: `${skipped.length} ${skipped.length === 1 ? 'change was' : 'changes were'} held back: settle the conflict or fix the problems shown.`,
            }
          : null,
      )
    } catch (failure) {
      setResult({ tone: 'error', text: failureOf(failure).message })
    } finally {
      setPosting(false)
    }
  }

  return (
    <>
      <PageHeader
        title={route.label}
        summary={route.summary}
        actions={
          scope ? (
            <div className="actions">
              <Button onClick={() => void load(scope)} data-testid="check-changes">
                <RefreshCw size={16} aria-hidden="true" />
                Check changes
              </Button>
              <Button variant="primary" disabled={postable === 0} busy={posting} onClick={() => void post()}>
                <Send size={16} aria-hidden="true" />
                Post changes{postable > 0 ? ` (${postable})` : ''}
              </Button>
            </div>
          ) : null
        }
      />
      {!scope ? (
        <EmptyState icon={ListChecks} title="Connect to see pending changes">
          <p>Edits of published cards are kept per ad account; connect and choose one.</p>
        </EmptyState>
      ) : error ? (
        <Banner tone="error">{error}</Banner>
      ) : !loaded ? (
        <p className="muted">Reading pending changes…</p>
      ) : changes.length === 0 ? (
        <EmptyState icon={ListChecks} title="No pending changes">
          <p>Edits of published cards wait here until they are posted.</p>
        </EmptyState>
      ) : (
        <div className="stack changes-list">
          <p data-testid="changes-summary">{summaryOf(conflicts, pending)}</p>
          {result ? <Banner tone={result.tone}>{result.text}</Banner> : null}
          {changes.map((change) => (
            <ChangeItem key={change.draftId} change={change} profileId={scope.profileId} />
          ))}
        </div>
      )}
    </>
  )
}
