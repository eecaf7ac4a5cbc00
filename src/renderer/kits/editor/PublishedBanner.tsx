import { Copy } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { RouteId } from '../../nav/routes'
import { navigate } from '../../nav/routes'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { reloadDraftFromMain, useDraftEditor, useDraftEditorStore } from '../../state/drafts/draftEditor'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { JobReport } from '../jobs/JobReport'
import { useJob } from '../jobs/useJob'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { useChangesStore } from '../../state/changes/changesStore'
import { PublishedEditDialog, type PublishedEditSpec } from './PublishedEditDialog'
import './publishedBanner.css'

/**
 * A published creative opens read-only: what is on the platform is what the draft shows. To make
 * another, the designer duplicates it into a new draft, which opens in the same editor. Where the
 * spec allows an edit (a name, a card's text), `edit` offers exactly that, sent as an update
 * through the outbox; the editor shows the new values once the platform has them.
 */
export function PublishedBanner({
  route,
  what,
  detail = 'It opens read-only, as it is on the platform; duplicate it to make a new one.',
  edit,
  platform,
}: {
  route: RouteId
  /** "post", "card": the banner says "This post is published." */
  what: string
  detail?: string
  /**
   * The edit the spec allows for this creative, if any; `pending` is the content with the
   * changes kept for later (issue 42), which the edit starts from.
   */
  edit?: (profileId: string, draftId: string, pending: unknown) => PublishedEditSpec
  /** The creative as the platform holds it now, shown under the banner's sentence. */
  platform?: ReactNode
}) {
  const draftId = useDraftEditor((state) => state.draft.id)
  const published = useDraftEditor((state) => state.draft.status === 'published')
  const profileId = useActiveProfile()?.id
  const duplicate = useDraftsStore((state) => state.duplicate)
  const pending = useChangesStore(
    (state) => state.changes.find((change) => change.draftId === draftId)?.content,
  )
  const [busy, setBusy] = useState(false)
  const editor = useDraftEditorStore()
  const update = useJob((job) => {
    if (job.state !== 'done') return
    // Main stored the new values with the update; the editor shows the draft as main has it.
    void reloadDraftFromMain(editor)
    void useDraftsStore.getState().load()
  })
  const onDuplicate = async () => {
    setBusy(true)
    const id = await duplicate(draftId)
    setBusy(false)
    if (id) navigate(route, id)
  }
  if (!published) return null
  const editSpec = edit && profileId ? edit(profileId, draftId, pending) : undefined
  return (
    <>
      <Banner tone="info">
        <div className="published-banner row row--spread" data-testid="published-banner">
          <p>
            <strong>This {what} is published.</strong> {detail}
          </p>
          <div className="published-banner__actions">
            {editSpec ? (
              <PublishedEditDialog spec={editSpec} onQueued={(queue) => void update.start(queue)} />
            ) : null}
            <Button variant="primary" onClick={() => void onDuplicate()} busy={busy}>
              <Copy size={16} aria-hidden="true" />
              Duplicate as new draft
            </Button>
          </div>
        </div>
        {platform}
      </Banner>
      <JobReport state={update.state} onRetry={() => void update.retry()} />
    </>
  )
}
