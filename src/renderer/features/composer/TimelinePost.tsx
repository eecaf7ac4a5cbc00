import { Check } from 'lucide-react'
import { Checkbox } from 'radix-ui'
import { useEffect, useState } from 'react'
import type { EditablePost } from '../../../shared/ipc/contracts/organic'
import { editExpiredMessage, editTimeLeft, formatTimeLeft } from '../../../shared/rules/postEditing'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { Field } from '../../components/Field'
import { Section } from '../../kits/editor/EditorShell'
import { studio, unwrap } from '../../lib/ipc'
import type { DraftEditorState } from '../../state/drafts/draftEditor'
import './timelinePost.css'

type Change = DraftEditorState<'post'>['change']

function Tick({
  id,
  checked,
  onChange,
  label,
  testId,
}: {
  id: string
  checked: boolean
  onChange(checked: boolean): void
  label: string
  testId: string
}) {
  return (
    <div className="checkbox-row">
      <Checkbox.Root
        id={id}
        className="checkbox"
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        data-testid={testId}
      >
        <Checkbox.Indicator>
          <Check size={14} aria-hidden="true" />
        </Checkbox.Indicator>
      </Checkbox.Root>
      <label htmlFor={id}>{label}</label>
    </div>
  )
}

/** Re-renders every second while a deadline is ahead, for the time left. */
function useNow(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (until === undefined) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  return now
}

/**
 * A timeline post through POST /2/posts (platform document line 126): the draft's text, with the
 * "Paid partnership" label, in a community (shared with followers too, if chosen), or as an edit
 * of one's own post within the hour it was made. Sending is an outbox job; main checks again.
 */
export function TimelinePost({
  profileId,
  accountId,
  text,
  paidPartnership,
  leftOut = [],
  change,
}: {
  profileId: string | null
  accountId: string | undefined
  text: string
  paidPartnership: boolean
  /** What the draft holds that a timeline post does not carry ("2 media", "the card"). */
  leftOut?: readonly string[]
  change: Change
}) {
  const [communityId, setCommunityId] = useState('')
  const [shareWithFollowers, setShareWithFollowers] = useState(false)
  const [editId, setEditId] = useState('')
  const [editing, setEditing] = useState<EditablePost | null>(null)
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const now = useNow(editing?.editableUntil)
  const left = editing ? editTimeLeft(editing.editableUntil, now) : 0
  const connected = profileId !== null && accountId !== undefined

  const lookUp = async () => {
    if (!profileId) return
    setNotice(null)
    try {
      setEditing((await unwrap(studio().organic.editable({ profileId, postId: editId.trim() }))).post)
    } catch (error) {
      setEditing(null)
      setNotice({
        tone: 'error',
        text: error instanceof Error ? error.message : 'The post could not be read',
      })
    }
  }

  const publish = async () => {
    if (!profileId || !accountId) return
    setBusy(true)
    setNotice(null)
    try {
      const community = communityId.trim()
      await unwrap(
        studio().organic.publish({
          profileId,
          accountId,
          text,
          paidPartnership,
          ...(editing
            ? { previousPostId: editing.id }
            : community
              ? { communityId: community, shareWithFollowers }
              : {}),
        }),
      )
      setNotice({
        tone: 'info',
        text: editing ? `The edit of post ${editing.id} is in the outbox.` : 'The post is in the outbox.',
      })
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : 'The post was not queued' })
    } finally {
      setBusy(false)
    }
  }

  const expired = editing !== null && left === 0
  return (
    <Section title="Timeline post" hint="Posts the text above to your timeline now, instead of as an ad.">
      <Tick
        id="post-paid-partnership"
        checked={paidPartnership}
        onChange={(checked) => change((c) => ({ ...c, paidPartnership: checked }))}
        label="Paid partnership (labels the post as paid)"
        testId="post-paid-partnership"
      />
      {editing ? null : (
        <>
          <Field
            label="Community id (optional)"
            value={communityId}
            hint="Posts in that community; you must be a member."
            onChange={(event) => setCommunityId(event.target.value)}
            data-testid="post-community"
          />
          {communityId.trim() ? (
            <Tick
              id="post-share-followers"
              checked={shareWithFollowers}
              onChange={setShareWithFollowers}
              label="Share with my followers too"
              testId="post-share-followers"
            />
          ) : null}
        </>
      )}
      <div className="timeline-post__edit-row">
        <Field
          label="Edit one of my posts (post id)"
          value={editId}
          hint="Your own posts can be edited within an hour of posting."
          onChange={(event) => {
            setEditId(event.target.value)
            setEditing(null)
          }}
          data-testid="post-edit-id"
        />
        <Button onClick={() => void lookUp()} disabled={!connected || !/^\d{1,19}$/.test(editId.trim())}>
          Look up post
        </Button>
      </div>
      {editing ? (
        <p
          className={expired || editing.notEditable ? 'field__error' : 'field__hint'}
          role="status"
          data-testid="post-edit-window"
        >
          {editing.notEditable ??
            (expired
              ? editExpiredMessage(editing.id, editing.editableUntil)
              : `${formatTimeLeft(left)} left to edit post ${editing.id} (${editing.editsRemaining} edits left). The text above replaces “${editing.text}”.`)}
        </p>
      ) : null}
      {leftOut.length > 0 ? (
        <p className="field__hint" data-testid="timeline-left-out">
          A timeline post carries the text only. Left with the ad: {leftOut.join(' and ')}.
        </p>
      ) : null}
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
      <Button
        variant="primary"
        busy={busy}
        disabled={!connected || text.trim() === '' || expired || Boolean(editing?.notEditable)}
        onClick={() => void publish()}
        data-testid="post-to-timeline"
      >
        {editing ? 'Publish the edit' : 'Post to timeline'}
      </Button>
    </Section>
  )
}
