import { CopyId } from '../../components/CopyId'
import { ListThumb } from '../../kits/media/ListThumb'
import { Film, Image as ImageIcon, RefreshCw, Trash2, Upload } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import type { AccountMediaView } from '../../../shared/ipc/contracts/campaign'
import type { OutboxJobView } from '../../../shared/ipc/contracts/outbox'
import { ACCOUNT_LIMITS } from '../../../shared/rules/accountLimits'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { DataTable, type DataColumn } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { studio, unwrap } from '../../lib/ipc'
import { JobReport } from '../../kits/jobs/JobReport'
import { failureText, useJob } from '../../kits/jobs/useJob'
import { UploadVideoDialog } from './UploadVideoDialog'
import { AccountMediaDeleteDialog } from './AccountMediaDeleteDialog'
import { AccountMediaThumb } from './AccountMediaThumb'
import { creativeTypeWord } from '../../../shared/platformWords'
import type { AccountScope } from '../../state/connection/activeProfile'
import { IconButton } from '../../components/IconButton'

const MEDIA_COLUMNS: readonly DataColumn[] = [
  { label: 'Type' },
  { label: 'Video or image' },
  { label: 'Ids', hidden: true },
  { label: 'Added' },
  { label: 'Actions', hidden: true, className: 'data-table__action' },
]
const CREATIVE_TYPES = ACCOUNT_LIMITS.creativeTypes.values
const typeLabel = creativeTypeWord
const isVideo = (type: string) => type.includes('PREROLL')

/** Account media by creative type, with deletion, and video upload with its media category. */
export function AccountMediaTab({ scope }: { scope: AccountScope }) {
  const [types, setTypes] = useState<readonly string[]>([])
  const [items, setItems] = useState<AccountMediaView[] | null>(null)
  const [cursor, setCursor] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const [deleting, setDeleting] = useState<AccountMediaView | null>(null)
  const [uploading, setUploading] = useState(false)
  /** Video ids (media keys) of the last upload, to point at the PREROLL item it made. */
  const [fresh, setFresh] = useState<readonly string[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  /** Said when a medium about to be deleted turned out to be gone already. */
  const [gone, setGone] = useState<string | null>(null)

  const load = useCallback(
    async (more?: string) => {
      setLoading(true)
      try {
        const page = await unwrap(
          studio().accountMedia.list({
            ...scope,
            ...(types.length > 0 ? { creativeTypes: [...types] } : {}),
            ...(more ? { cursor: more } : {}),
          }),
        )
        setItems((current) => [...(more ? (current ?? []) : []), ...page.items])
        setCursor(page.nextCursor)
        setError(null)
      } catch (failure) {
        setError(failureText(failure))
      } finally {
        setLoading(false)
      }
    },
    [scope, types],
  )
  useEffect(() => {
    void load()
  }, [load])
  const job = useJob(() => void load())

  const toggle = (type: string) =>
    setTypes((current) => (current.includes(type) ? current.filter((t) => t !== type) : [...current, type]))
  const onUploaded = (uploaded: OutboxJobView, category: string) => {
    setUploading(false)
    setFresh(uploaded.created.mediaKeys)
    setNotice(
      category === 'ADS_VIDEO'
        ? `“${uploaded.title}” is in the media library as an ads video, and is ${typeLabel('PREROLL').toLowerCase()} account media (marked New below).`
        : `“${uploaded.title}” is in the media library as a post video; only ads videos become account media.`,
    )
    if (category === 'ADS_VIDEO') setTypes(['PREROLL'])
    else void load()
  }

  return (
    <div className="stack">
      <div className="row row--spread media-toolbar">
        <div className="cluster chip-group" role="group" aria-label="Creative types">
          <button
            type="button"
            className="chip"
            aria-pressed={types.length === 0}
            onClick={() => setTypes([])}
          >
            All
          </button>
          {CREATIVE_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="chip"
              aria-pressed={types.includes(type)}
              onClick={() => toggle(type)}
              data-testid={`creative-type-${type}`}
            >
              {typeLabel(type)}
            </button>
          ))}
        </div>
        <div className="actions">
          <Button
            variant="ghost"
            onClick={() => void load()}
            busy={loading}
            aria-label="Refresh account media"
          >
            <RefreshCw size={16} aria-hidden="true" />
          </Button>
          <Button variant="primary" onClick={() => setUploading(true)} data-testid="upload-video">
            <Upload size={16} aria-hidden="true" />
            Upload video…
          </Button>
        </div>
      </div>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {gone ? <Banner tone="info">{gone}</Banner> : null}
      <JobReport state={job.state} onRetry={() => void job.retry()} />
      {items === null ? (
        <p className="muted" role="status">
          Loading account media…
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={ImageIcon} title={types.length > 0 ? 'None of these types' : 'No account media'}>
          <p>
            Upload a video as an ads video and it becomes {typeLabel('PREROLL').toLowerCase()} account media
            here.
          </p>
        </EmptyState>
      ) : (
        <DataTable label="Account media" columns={MEDIA_COLUMNS} framed>
          {items.map((item) => {
            const isFresh = item.videoId !== undefined && fresh.includes(item.videoId)
            return (
              <tr key={item.id} data-testid="account-media-row" data-fresh={isFresh || undefined}>
                <td>
                  <span className="media-type">
                    {isVideo(item.creativeType) ? (
                      <Film size={16} aria-hidden="true" />
                    ) : (
                      <ImageIcon size={16} aria-hidden="true" />
                    )}
                    {typeLabel(item.creativeType)}
                    {isFresh ? <span className="badge badge--success">New</span> : null}
                  </span>
                </td>
                <td className="truncate media-source">
                  {/* A video is a media library item: shown as its still, fetched by main. */}
                  {item.videoId ? (
                    <ListThumb media={{ source: 'library', mediaKey: item.videoId, mediaType: 'VIDEO' }} />
                  ) : item.mediaUrl ? (
                    <AccountMediaThumb scope={scope} accountMediaId={item.id} />
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  {/* Ids are for other tools: copied on request, not shown. */}
                  <span className="account-media__ids">
                    <CopyId value={item.id} what={`${typeLabel(item.creativeType)} account media`} />
                    {item.videoId ? (
                      <CopyId value={item.videoId} what="its video" label="Copy media key" />
                    ) : null}
                  </span>
                </td>
                <td>
                  {item.createdAt
                    ? new Date(item.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })
                    : '—'}
                </td>
                <td className="data-table__action">
                  <IconButton
                    icon={Trash2}
                    tone="danger"
                    label={`Delete ${typeLabel(item.creativeType)} ${item.id}`}
                    title="Delete"
                    disabled={job.busy}
                    onClick={() => setDeleting(item)}
                  />
                </td>
              </tr>
            )
          })}
        </DataTable>
      )}
      {cursor ? (
        <Button variant="ghost" onClick={() => void load(cursor)} busy={loading}>
          Load more
        </Button>
      ) : null}

      <AccountMediaDeleteDialog
        key={deleting?.id ?? 'none'}
        scope={scope}
        item={deleting}
        onClose={() => setDeleting(null)}
        onGone={(message) => {
          setDeleting(null)
          setGone(message)
          void load()
        }}
        onConfirm={(item) => {
          setGone(null)
          void job.start(() => unwrap(studio().accountMedia.delete({ ...scope, accountMediaIds: [item.id] })))
        }}
      />
      {uploading ? <UploadVideoDialog onClose={() => setUploading(false)} onUploaded={onUploaded} /> : null}
    </div>
  )
}
