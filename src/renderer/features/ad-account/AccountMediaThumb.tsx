import { Image as ImageIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { studio, unwrap } from '../../lib/ipc'
import type { AccountScope } from '../../state/connection/activeProfile'

/**
 * An image account medium as its picture, fetched by main (the renderer loads no remote image):
 * a banner is wide, so it keeps its own shape rather than a square crop. Decorative: the row names it.
 */
export function AccountMediaThumb({
  scope,
  accountMediaId,
}: {
  scope: AccountScope
  accountMediaId: string
}) {
  const [url, setUrl] = useState<string | null>(null)
  const { profileId, accountId } = scope
  useEffect(() => {
    let live = true
    unwrap(studio().accountMedia.thumbnail({ profileId, accountId, accountMediaId })).then(
      (answer) => live && setUrl(answer.dataUrl ?? null),
      () => live && setUrl(null),
    )
    return () => {
      live = false
    }
  }, [profileId, accountId, accountMediaId])
  if (url)
    return (
      <img
        className="account-media__thumb"
        src={url}
        alt=""
        draggable={false}
        data-testid="account-media-thumb"
      />
    )
  return (
    <span className="list-thumb list-thumb--icon" aria-hidden="true" data-testid="account-media-thumb">
      <ImageIcon size={16} />
    </span>
  )
}
