import { Copy } from 'lucide-react'
import { useState } from 'react'
import type { RouteId } from '../../../app/routes'
import { navigate } from '../../../app/useRoute'
import { Banner } from '../../../components/Banner'
import { Button } from '../../../components/Button'
import { useDraftsStore } from '../../drafts/draftsStore'
import './publishedBanner.css'

/**
 * A published creative opens read-only: what is on the platform is what the draft shows. To make
 * another, the designer duplicates it into a new draft, which opens in the same editor.
 */
export function PublishedBanner({
  draftId,
  route,
  title,
  detail,
}: {
  draftId: string
  route: RouteId
  title: string
  detail: string
}) {
  const duplicate = useDraftsStore((state) => state.duplicate)
  const [busy, setBusy] = useState(false)
  const onDuplicate = async () => {
    setBusy(true)
    const id = await duplicate(draftId)
    setBusy(false)
    if (id) navigate(route, id)
  }
  return (
    <Banner tone="info">
      <div className="published-banner" data-testid="published-banner">
        <p>
          <strong>{title}</strong> {detail}
        </p>
        <Button variant="primary" onClick={() => void onDuplicate()} busy={busy}>
          <Copy size={16} aria-hidden="true" />
          Duplicate as new draft
        </Button>
      </div>
    </Banner>
  )
}
