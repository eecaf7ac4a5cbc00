import { Layers, PencilLine, Send } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { OutboxReview } from '../../../shared/ipc/contracts/outbox'
import type { ListedGroup } from '../../../shared/ipc/contracts/variants'
import { plural } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { navigate } from '../../nav/routes'
import { enqueueBatch, reviewBatch, type BatchDraft } from '../../kits/publish/groupReview'
import { ReviewSheet } from '../../kits/publish/ReviewSheet'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { GroupFieldDialog } from './GroupFieldDialog'
import '../../kits/variants/variants.css'

type Notice = { tone: 'success' | 'info' | 'error'; text: string; outbox?: boolean }

/** The group's drafts with their names, as main listed them. */
function batchOf(group: ListedGroup): BatchDraft[] {
  return group.draftIds.map((id, index) => ({ id, name: group.names[index] ?? group.name }))
}

/**
 * The drafts' groups (variants made together), above the list: each with its size, "Edit shared
 * field…" and "Publish group", which opens one review sheet for all its drafts (main plans each
 * as Publish does) and queues them all once confirmed.
 */
export function DraftGroups() {
  const [groups, setGroups] = useState<ListedGroup[]>([])
  const [editing, setEditing] = useState<ListedGroup | null>(null)
  const [reviewing, setReviewing] = useState<{ group: ListedGroup; review: OutboxReview } | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  // The list's revision moves with every change to the drafts: a deleted draft leaves its group.
  const [revision] = useDebouncedValue(
    useDraftsStore((state) => state.revision),
    300,
  )

  useEffect(() => {
    let live = true
    // The groups are an aid beside the list: if they cannot be read, the list still shows.
    Promise.resolve()
      .then(() => unwrap(studio().draftGroups.list({})))
      .then((answer) => live && setGroups(answer.groups))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [revision])

  const publish = async (group: ListedGroup) => {
    setBusy(`publish:${group.id}`)
    setNotice(null)
    try {
      const answer = await reviewBatch(batchOf(group))
      if (answer.ok) setReviewing({ group, review: answer.review })
      else
        setNotice({
          tone: 'error',
          text: `${plural(answer.refused.length, 'draft')} of “${group.name}” cannot be published yet, so nothing was queued: ${answer.refused
            .map((item) => `${item.name}: ${item.reason}`)
            .join('; ')}`,
        })
    } catch (failure) {
      setNotice({ tone: 'error', text: messageOf(failure) })
    } finally {
      setBusy(null)
    }
  }

  const confirm = async () => {
    if (!reviewing) return
    setBusy('confirm')
    try {
      const { queued, failed } = await enqueueBatch(batchOf(reviewing.group))
      setNotice({
        tone: failed.length > 0 ? 'info' : 'success',
        text: `${plural(queued, 'draft')} of “${reviewing.group.name}” queued in the outbox.${
          failed.length > 0
            ? ` Not queued: ${failed.map((item) => `${item.name}: ${item.reason}`).join('; ')}`
            : ''
        }`,
        outbox: queued > 0,
      })
    } catch (failure) {
      setNotice({ tone: 'error', text: messageOf(failure) })
    } finally {
      setReviewing(null)
      setBusy(null)
    }
  }

  if (groups.length === 0 && !notice) return null
  return (
    <section className="draft-groups surface" aria-labelledby="draft-groups-title" data-testid="draft-groups">
      <h2 className="draft-groups__title" id="draft-groups-title">
        <Layers size={16} aria-hidden="true" />
        Groups
      </h2>
      {notice ? (
        <Banner tone={notice.tone}>
          {notice.text}
          {notice.outbox ? (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => navigate('outbox')}>
                Open the outbox
              </button>
            </>
          ) : null}
        </Banner>
      ) : null}
      <ul className="draft-groups__list">
        {groups.map((group) => (
          <li key={group.id} className="draft-groups__row" data-testid="draft-group">
            <span className="draft-groups__name">{group.name}</span>
            <span className="muted">{plural(group.draftIds.length, 'draft')}</span>
            <span className="draft-groups__actions">
              <Button
                variant="ghost"
                onClick={() => setEditing(group)}
                aria-label={`Edit shared field of ${group.name}`}
              >
                <PencilLine size={14} aria-hidden="true" />
                Edit shared field…
              </Button>
              <Button
                variant="secondary"
                busy={busy === `publish:${group.id}`}
                onClick={() => void publish(group)}
                aria-label={`Publish group ${group.name}`}
                data-testid="publish-group"
              >
                <Send size={14} aria-hidden="true" />
                Publish group
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <GroupFieldDialog
        group={editing}
        onClose={() => setEditing(null)}
        onDone={(text, tone) => {
          setEditing(null)
          setNotice({ tone, text })
        }}
      />
      <ReviewSheet
        review={reviewing?.review ?? null}
        busy={busy === 'confirm'}
        onConfirm={() => void confirm()}
        onCancel={() => setReviewing(null)}
      />
    </section>
  )
}
