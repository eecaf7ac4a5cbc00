import { useEffect, useRef, useState } from 'react'
import type { AccountMediaDetail, AccountMediaView } from '../../../shared/ipc/contracts/campaign'
import { creativeTypeWord } from '../../../shared/platformWords'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { failureOf } from '../../lib/failures'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'

const day = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—'

type Reading =
  { status: 'reading' } | { status: 'read'; item: AccountMediaDetail } | { status: 'failed'; message: string }

/**
 * The delete confirmation of one account medium. Opening it reads the medium fresh (B:74): the
 * designer confirms what the platform holds now, not what the list showed when it loaded. One
 * already deleted elsewhere (or gone) is not offered for deletion: `onGone` says so on the page.
 */
export function AccountMediaDeleteDialog({
  scope,
  item,
  onClose,
  onConfirm,
  onGone,
}: {
  scope: AccountScope
  item: AccountMediaView | null
  onClose(): void
  onConfirm(item: AccountMediaView): void
  onGone(message: string): void
}) {
  const [reading, setReading] = useState<Reading>({ status: 'reading' })
  const gone = useRef(onGone)
  gone.current = onGone

  useEffect(() => {
    if (!item) return
    let current = true
    setReading({ status: 'reading' })
    unwrap(studio().accountMedia.get({ ...scope, accountMediaId: item.id })).then(
      ({ item: fresh }) => {
        if (!current) return
        if (fresh.deleted) {
          const what = creativeTypeWord(item.creativeType).toLowerCase()
          gone.current(`This ${what} was deleted on the platform already: the list shows it as it is now.`)
        } else setReading({ status: 'read', item: fresh })
      },
      (error: unknown) => {
        if (!current) return
        const failure = failureOf(error)
        if (error instanceof IpcFailure && error.error.code === 'not_found') gone.current(failure.message)
        else setReading({ status: 'failed', message: failure.message })
      },
    )
    return () => {
      current = false
    }
  }, [item, scope])

  const type = item ? creativeTypeWord(item.creativeType) : ''
  return (
    <ConfirmDialog
      wide
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="danger"
      title={item ? `Delete this ${type.toLowerCase()} account media?` : ''}
      description={
        <>
          <strong>This cannot be undone.</strong> Ads that use it stop showing it.
        </>
      }
      confirmLabel="Delete"
      onConfirm={() => item && onConfirm(item)}
    >
      {reading.status === 'reading' ? (
        <p className="account-media-fresh-note muted" data-testid="account-media-fresh" data-state="reading">
          Reading it from the platform…
        </p>
      ) : reading.status === 'failed' ? (
        <p className="account-media-fresh-note" data-testid="account-media-fresh" data-state="failed">
          Could not read it from the platform: {reading.message} You can still delete it.
        </p>
      ) : (
        <dl className="account-media-fresh" data-testid="account-media-fresh" data-state="read">
          <dt>On the platform now</dt>
          <dd>{creativeTypeWord(reading.item.creativeType)}</dd>
          <dt>Added</dt>
          <dd>{day(reading.item.createdAt)}</dd>
          <dt>Last changed</dt>
          <dd>{day(reading.item.updatedAt)}</dd>
          {reading.item.videoId ? (
            <>
              <dt>Video media key</dt>
              <dd>
                <code className="code">{reading.item.videoId}</code>
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </ConfirmDialog>
  )
}
