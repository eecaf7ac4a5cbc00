import { Pencil, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { CopyId } from '../../components/CopyId'
import { studio, unwrap } from '../../lib/ipc'
import { JobReport } from '../../kits/jobs/JobReport'
import { useJob } from '../../kits/jobs/useJob'
import { EditMediaDialog } from './EditMediaDialog'
import { itemFacts, itemTitle, MEDIA_TYPE_LABELS } from '../../kits/media/format'
import { cachedThumbnail, type Thumbnail } from '../../kits/media/libraryClient'
import { MediaBrowser } from '../../kits/media/MediaBrowser'
import type { AccountScope } from '../../state/connection/activeProfile'

/** POST_IMAGE → "Post image": the platform's enum values, as words. */
function inWords(value: string): string {
  const words = value.toLowerCase().replaceAll('_', ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The statuses the spec has seen (B, media library object), said as a designer would. */
function statusInWords(status: string): string {
  return status === 'TRANSCODE_COMPLETED' ? 'Ready' : inWords(status)
}

function MediaDetails({
  scope,
  item,
  thumbnail,
  saved,
  onEdited,
  onDeleted,
}: {
  scope: AccountScope
  item: LibraryItem
  thumbnail?: Thumbnail | undefined
  /** Said beside the details, where the edit was made (the grid may be scrolled far from the top). */
  saved: string | null
  onEdited(item: LibraryItem): void
  onDeleted(item: LibraryItem): void
}) {
  const [editing, setEditing] = useState(false)
  const deletion = useJob((job) => {
    if (job.state === 'done') onDeleted(item)
  })
  const known = thumbnail ?? cachedThumbnail(scope, item.mediaKey)
  const title = itemTitle(item)
  const rows: [string, string | undefined][] = [
    ['Type', item.mediaType ? MEDIA_TYPE_LABELS[item.mediaType] : undefined],
    ['Size', itemFacts(item, known).join(' · ') || undefined],
    ['Category', item.mediaCategory ? inWords(item.mediaCategory) : undefined],
    ['Status', item.mediaStatus ? statusInWords(item.mediaStatus) : undefined],
    ['File name', item.fileName],
    ['Title', item.title],
    ['Description', item.description],
    ['Used in a post', item.posted === undefined ? undefined : item.posted ? 'Yes' : 'Not yet'],
  ]
  return (
    <aside
      className="media-details surface surface--raised"
      aria-label="Selected medium"
      data-testid="media-details"
    >
      {known?.dataUrl ? <img className="media-details__image" src={known.dataUrl} alt="" /> : null}
      <h2 className="media-details__title">{title}</h2>
      {/* The media key is for other tools: copied on request, not shown. */}
      <CopyId value={item.mediaKey} what={title} label="Copy media key" />
      <dl className="media-details__list">
        {rows.map(([label, value]) =>
          value ? (
            <div key={label} className="media-details__row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
      <div className="cluster media-details__actions">
        <Button onClick={() => setEditing(true)} disabled={deletion.busy} data-testid="media-edit">
          <Pencil size={16} aria-hidden="true" />
          Edit…
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" busy={deletion.busy} data-testid="media-delete">
              {deletion.busy ? null : <Trash2 size={16} aria-hidden="true" />}
              Delete…
            </Button>
          }
          title={`Delete “${title}” from the media library?`}
          description={
            item.posted
              ? 'It is used in a post; the post keeps it. It can no longer be chosen for new cards or posts. This cannot be undone.'
              : 'It can no longer be chosen for cards or posts. This cannot be undone.'
          }
          confirmLabel="Delete from library"
          onConfirm={() =>
            void deletion.start(() =>
              unwrap(studio().library.deleteMedia({ ...scope, mediaKey: item.mediaKey })),
            )
          }
        />
      </div>
      {saved ? <Banner tone="success">{saved}</Banner> : null}
      <JobReport state={deletion.state} onRetry={() => void deletion.retry()} />
      {editing ? (
        <EditMediaDialog
          scope={scope}
          item={item}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false)
            onEdited(saved)
          }}
        />
      ) : null}
    </aside>
  )
}

/** The media library, with the selected medium's details, edit and delete beside it. */
export function MediaTab({ scope }: { scope: AccountScope }) {
  const [selected, setSelected] = useState<{ item: LibraryItem; thumbnail?: Thumbnail | undefined } | null>(
    null,
  )
  const [refreshKey, setRefreshKey] = useState(0)
  const [notice, setNotice] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  // A deletion is confirmed at the top of the list, which may be scrolled far away.
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [notice])
  return (
    <div className={selected ? 'library-media library-media--with-details' : 'library-media'}>
      <div className="library-media__main">
        {notice ? (
          <div ref={noticeRef}>
            <Banner tone="success">{notice}</Banner>
          </div>
        ) : null}
        <MediaBrowser
          scope={scope}
          selectedKey={selected?.item.mediaKey ?? null}
          refreshKey={refreshKey}
          onActivate={(item, thumbnail) => {
            setNotice(null)
            setSaved(null)
            setSelected((current) => (current?.item.mediaKey === item.mediaKey ? null : { item, thumbnail }))
          }}
        />
      </div>
      {selected ? (
        <MediaDetails
          key={selected.item.mediaKey}
          scope={scope}
          item={selected.item}
          thumbnail={selected.thumbnail}
          saved={saved}
          onEdited={(item) => {
            setSelected((current) => (current ? { ...current, item } : current))
            setSaved(`Saved the changes to “${itemTitle(item)}”.`)
            setRefreshKey((key) => key + 1)
          }}
          onDeleted={(item) => {
            setSelected(null)
            setNotice(`Deleted “${itemTitle(item)}” from the media library.`)
            setRefreshKey((key) => key + 1)
          }}
        />
      ) : null}
    </div>
  )
}
