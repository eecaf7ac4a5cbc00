import { LayoutTemplate, Plus } from 'lucide-react'
import { useState } from 'react'
import type { PageProps, RouteInfo } from '../../nav/routes'
import { navigate } from '../../nav/routes'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { PageHeader } from '../../components/PageHeader'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { DraftsList } from '../../kits/draftList/DraftsList'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import { CardBuilder } from './CardBuilder'
import '../../kits/editor/editor.css'
import './cards.css'

/** `#/cards`: the card drafts; `#/cards/<draft id>`: the builder for one of them. */
export default function CardsPage({ route, draftId }: PageProps) {
  if (draftId) {
    return (
      <DraftEditorProvider
        key={draftId}
        draftId={draftId}
        kind="card"
        fallback={(state) =>
          state.loading ? (
            <p className="muted" role="status">
              Opening the card…
            </p>
          ) : (
            <>
              <PageHeader title={route.label} summary={route.summary} />
              <Banner tone="error">{state.error}</Banner>
            </>
          )
        }
      >
        <CardBuilder />
      </DraftEditorProvider>
    )
  }
  return <CardDrafts route={route} />
}

function CardDrafts({ route }: { route: RouteInfo }) {
  const create = useDraftsStore((state) => state.create)
  const [busy, setBusy] = useState(false)
  const newCard = async () => {
    setBusy(true)
    const id = await create('card')
    setBusy(false)
    if (id) navigate('cards', id)
  }
  return (
    <>
      <PageHeader
        title={route.label}
        summary={route.summary}
        actions={
          <Button variant="primary" onClick={() => void newCard()} busy={busy}>
            <Plus size={16} aria-hidden="true" />
            New card
          </Button>
        }
      />
      <DraftsList
        kind="card"
        emptyIcon={LayoutTemplate}
        emptyTitle="No card drafts yet"
        emptyText="Start a card: it is saved as you build it, offline."
      />
    </>
  )
}
