import { ListChecks } from 'lucide-react'
import type { RouteInfo } from '../../app/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { useAccountFeatures } from '../../state/accounts/accountFeaturesStore'
import { DraftListPage } from '../../kits/editor/DraftListPage'
import { EditorFallback } from '../../kits/editor/EditorLoading'
import '../../kits/editor/editor.css'
import { PollEditor } from './PollEditor'

export function PollsPage({ route, draftId }: { route: RouteInfo; draftId: string | null }) {
  const features = useAccountFeatures((state) => state.features)
  if (!draftId) return <DraftListPage route={route} kind="poll_card" noun="poll" icon={ListChecks} />
  return (
    <DraftEditorProvider
      key={draftId}
      draftId={draftId}
      kind="poll_card"
      fallback={(state) => <EditorFallback state={state} listHref={`#/${route.id}`} />}
    >
      <PollEditor features={features} />
    </DraftEditorProvider>
  )
}
