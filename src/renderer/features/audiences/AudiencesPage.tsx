import { ArrowLeft, Trash2, Upload, Users } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { RouteInfo } from '../../nav/routes'
import type {
  AudienceView,
  DoNotReachView,
  PermissionView,
  TargetedView,
  TargetKind,
  UploadHistoryEntry,
} from '../../../shared/ipc/contracts/audiences'
import { formatNumber } from '../../../shared/rules/issues'
import { notTargetableWord, permissionLevelWord } from '../../../shared/platformWords'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { EmptyState } from '../../components/EmptyState'
import { PageHeader } from '../../components/PageHeader'
import { studio, unwrap } from '../../lib/ipc'
import { ConnectFirst } from '../../kits/connection/ConnectFirst'
import { MirrorAge } from '../../kits/connection/MirrorAge'
import { whenJobFinished } from '../../kits/jobs/useJob'
import { AudienceEstimatePanel } from '../../kits/targeting/AudienceEstimatePanel'
import { useActiveProfile } from '../../state/connection/activeProfile'
import { ShareDialog } from './ShareDialog'
import { useAccountsStore } from '../../state/accounts/accountsStore'
import { UploadFlow } from './UploadFlow'
import './audiences.css'

const messageOf = (failure: unknown) =>
  (failure as { error?: { message: string } }).error?.message ?? String(failure)

export default function AudiencesPage({ route }: { route: RouteInfo }) {
  const profile = useActiveProfile()
  if (!profile || profile.status !== 'connected')
    return <ConnectFirst route={route} icon={Users} what="its audiences" />
  return <Audiences key={profile.id} route={route} profileId={profile.id} />
}

interface Listing {
  accountId: string
  audiences: AudienceView[]
  doNotReachLists: DoNotReachView[]
  uploads: UploadHistoryEntry[]
  /** Present when the platform could not be read: the lists come from the account mirror. */
  mirror?: { asOf: string } | undefined
}

const OFFLINE_NOTE = 'audiences-offline-note'

interface Details {
  permissions: PermissionView[]
  permissionsNote?: string | undefined
  targeted: TargetedView[]
  uploads: UploadHistoryEntry[]
}

function Audiences({ route, profileId }: { route: RouteInfo; profileId: string }) {
  const [listing, setListing] = useState<Listing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [uploading, setUploading] = useState<{ kind: TargetKind; id: string; name: string } | null>(null)
  /** Once the upload has finished, its own last step is the way out, and the one by the title goes. */
  const [uploadSettled, setUploadSettled] = useState(false)
  const startUpload = (target: { kind: TargetKind; id: string; name: string }) => {
    setUploadSettled(false)
    setUploading(target)
  }
  const [notice, setNotice] = useState<string | null>(null)

  const load = useCallback(async () => {
    try {
      const next = await unwrap(studio().audiences.list({ profileId }))
      setListing(next)
      setSelected((current) => current ?? next.audiences[0]?.id ?? null)
    } catch (failure) {
      setError(messageOf(failure))
    }
  }, [profileId])
  useEffect(() => {
    void load()
  }, [load])
  // A list being deleted leaves the listing when its job has finished.
  const stopWatchingDeletion = useRef(() => {})
  useEffect(() => () => stopWatchingDeletion.current(), [])

  const audience = listing?.audiences.find((entry) => entry.id === selected)
  const offline = listing?.mirror !== undefined
  const deleteList = async (list: DoNotReachView) => {
    try {
      const { job } = await unwrap(
        studio().audiences.deleteDoNotReachList({ profileId, listId: list.id, confirmName: list.name }),
      )
      setNotice(`“${list.name}” is being deleted (see the outbox).`)
      stopWatchingDeletion.current()
      stopWatchingDeletion.current = whenJobFinished(job, () => void load())
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <>
      <PageHeader title={route.label} summary={route.summary} />
      {listing?.mirror ? (
        <div className="audiences__offline">
          <MirrorAge
            scope={{ profileId, accountId: listing.accountId }}
            asOf={listing.mirror.asOf}
            onRefreshed={() => void load()}
            unavailable={{
              id: OFFLINE_NOTE,
              text: 'Deleting a list, sharing and who an audience is shared with wait for the platform.',
            }}
          />
        </div>
      ) : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      {notice ? <Banner tone="info">{notice}</Banner> : null}
      {!listing ? (
        <p className="muted" role="status">
          Loading audiences…
        </p>
      ) : uploading ? (
        <section className="audiences__panel surface stack stack--tight" aria-labelledby="upload-title">
          {/* The way out sits by the title, apart from the step's own Back and Next. */}
          <div className="audiences__head">
            <h2 id="upload-title" className="audiences__title">
              Upload to “{uploading.name}”
            </h2>
            {uploadSettled ? null : (
              <Button variant="ghost" onClick={() => setUploading(null)}>
                <ArrowLeft size={16} aria-hidden="true" />
                Back to audiences
              </Button>
            )}
          </div>
          <UploadFlow
            profileId={profileId}
            target={uploading}
            onSettled={setUploadSettled}
            onFinished={() => {
              setUploading(null)
              void load()
            }}
          />
        </section>
      ) : (
        <div className="audiences">
          <section aria-labelledby="audiences-list-title" className="audiences__list stack stack--tight">
            <h2 id="audiences-list-title" className="audiences__title">
              Custom audiences
            </h2>
            {listing.audiences.length === 0 ? (
              <p className="muted">This ad account has no custom audiences.</p>
            ) : (
              <ul className="audiences__items" data-testid="audience-list">
                {listing.audiences.map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="audiences__item"
                      aria-current={entry.id === selected || undefined}
                      onClick={() => setSelected(entry.id)}
                    >
                      <span className="audiences__item-name">{entry.name}</span>
                      <span className="muted">
                        {entry.size !== undefined ? `${formatNumber(entry.size)} people` : 'size unknown'}
                        {entry.isOwner
                          ? ''
                          : ` · shared with you, ${permissionLevelWord(entry.permissionLevel)}`}
                        {entry.reasonsNotTargetable.length > 0
                          ? ` · ${entry.reasonsNotTargetable.map(notTargetableWord).join(', ')}`
                          : ''}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <h2 className="audiences__title">Do-not-reach lists</h2>
            <ul className="audiences__items" data-testid="dnr-list">
              {listing.doNotReachLists.map((list) => (
                <li key={list.id} className="audiences__dnr">
                  <span>
                    <span className="audiences__item-name">{list.name}</span>
                    <span className="muted">
                      {' '}
                      · {list.size !== undefined ? `${formatNumber(list.size)} people` : ''}
                    </span>
                  </span>
                  <span className="audiences__row-actions">
                    <Button
                      variant="ghost"
                      onClick={() => startUpload({ kind: 'do_not_reach_list', id: list.id, name: list.name })}
                    >
                      <Upload size={16} aria-hidden="true" />
                      Upload
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button
                          variant="ghost"
                          aria-label={`Delete ${list.name}`}
                          disabled={offline}
                          aria-describedby={offline ? OFFLINE_NOTE : undefined}
                        >
                          <Trash2 size={16} aria-hidden="true" />
                        </Button>
                      }
                      title={`Delete “${list.name}”?`}
                      description="The platform deletes the list and everyone on it. People on it can be reached by your campaigns again. This cannot be undone."
                      confirmLabel="Delete the list"
                      onConfirm={() => void deleteList(list)}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </section>
          {audience ? (
            <AudienceDetails
              key={audience.id}
              profileId={profileId}
              accountId={listing.accountId}
              audience={audience}
              offline={offline}
              onUpload={() => startUpload({ kind: 'custom_audience', id: audience.id, name: audience.name })}
            />
          ) : (
            <EmptyState icon={Users} title="No audience chosen">
              <p>Choose an audience to see who it is shared with and which line items target it.</p>
            </EmptyState>
          )}
        </div>
      )}
    </>
  )
}

function AudienceDetails({
  profileId,
  accountId,
  audience,
  offline,
  onUpload,
}: {
  profileId: string
  accountId: string
  audience: AudienceView
  /** The listing came from the account mirror: the details, read from the platform, wait. */
  offline: boolean
  onUpload(): void
}) {
  const [details, setDetails] = useState<Details | null>(null)
  const [error, setError] = useState<string | null>(null)
  const load = useCallback(async () => {
    if (offline) return
    try {
      setDetails(await unwrap(studio().audiences.details({ profileId, audienceId: audience.id })))
    } catch (failure) {
      setError(messageOf(failure))
    }
  }, [profileId, audience.id, offline])
  useEffect(() => {
    void load()
  }, [load])

  const revoke = async (permission: PermissionView) => {
    try {
      await unwrap(
        studio().audiences.revoke({ profileId, audienceId: audience.id, permissionId: permission.id }),
      )
      await load()
    } catch (failure) {
      setError(messageOf(failure))
    }
  }
  const canWrite = audience.isOwner || audience.permissionLevel === 'READ_WRITE'
  const accounts = useAccountsStore((state) => (state.profileId === profileId ? state.accounts : null))
  const accountNames = new Map((accounts ?? []).map((account) => [account.id, account.name]))

  return (
    <section
      className="audiences__panel surface stack stack--tight"
      aria-labelledby="audience-details-title"
      data-testid="audience-details"
    >
      <div className="audiences__head">
        <h2 id="audience-details-title" className="audiences__title">
          {audience.name}
        </h2>
        <span className="audiences__row-actions">
          <Button variant="primary" disabled={!canWrite} onClick={onUpload} data-testid="upload-list">
            <Upload size={16} aria-hidden="true" />
            Upload a list
          </Button>
          <ShareDialog
            profileId={profileId}
            audience={audience}
            onChanged={() => void load()}
            unavailableNote={offline ? OFFLINE_NOTE : undefined}
          />
        </span>
      </div>
      {!audience.isOwner ? (
        <p className="muted">
          Shared with this account, {permissionLevelWord(audience.permissionLevel)},
          {audience.ownerAccountId ? ` by account ${audience.ownerAccountId}` : ''}: only the owning account
          can share it.
        </p>
      ) : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      {offline ? (
        <p className="muted" data-testid="audience-details-offline">
          {audience.size !== undefined
            ? `${formatNumber(audience.size)} people, as of the mirror's copy. `
            : ''}
          Who it is shared with and which line items target it are read from the platform: they show once it
          can be reached.
        </p>
      ) : !details ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : (
        <>
          <h3 className="audiences__subhead">Shared with</h3>
          {details.permissionsNote ? <p className="muted">{details.permissionsNote}</p> : null}
          {details.permissions.length === 0 && !details.permissionsNote ? (
            <p className="muted">No other account.</p>
          ) : null}
          <ul className="audiences__reasons" data-testid="permissions">
            {details.permissions.map((permission) => (
              <li key={permission.id} className="audiences__dnr">
                <span>
                  {accountNames.get(permission.grantedAccountId) ?? `Account ${permission.grantedAccountId}`}{' '}
                  · {permissionLevelWord(permission.permissionLevel)}
                </span>
                <ConfirmDialog
                  trigger={<Button variant="ghost">Revoke</Button>}
                  title={`Stop sharing with ${accountNames.get(permission.grantedAccountId) ?? permission.grantedAccountId}?`}
                  description="That account can no longer target this audience in new campaigns. Campaigns already running keep it."
                  confirmLabel="Revoke"
                  onConfirm={() => void revoke(permission)}
                />
              </li>
            ))}
          </ul>
          <h3 className="audiences__subhead">Line items targeting it</h3>
          {details.targeted.length === 0 ? <p className="muted">None.</p> : null}
          <ul className="audiences__reasons" data-testid="targeted">
            {details.targeted.flatMap((entry) =>
              entry.lineItems.map((item) => (
                <li key={item.id}>
                  {item.name}{' '}
                  <span className="muted">
                    · {entry.campaignName}
                    {item.servable ? '' : ' · not serving'}
                  </span>
                </li>
              )),
            )}
          </ul>
          <AudienceEstimatePanel
            profileId={profileId}
            accountId={accountId}
            fixed={[{ type: 'CUSTOM_AUDIENCE', value: audience.id }]}
            fixedLabel="people in this audience"
          />
          <h3 className="audiences__subhead">Upload history</h3>
          {details.uploads.length === 0 ? (
            <p className="muted">Nothing uploaded from this computer yet.</p>
          ) : null}
          <ul className="audiences__reasons">
            {details.uploads.map((entry) => (
              <li key={entry.uploadId}>
                {new Date(entry.createdAt).toLocaleString()} ·{' '}
                {entry.operationType === 'Delete' ? 'removed' : 'added'} {formatNumber(entry.records)} rows
                from {entry.fileName}
                {entry.state ? <span className="muted"> · {entry.state}</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
