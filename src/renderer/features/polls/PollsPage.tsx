import { ListChecks } from 'lucide-react'
import type { RouteInfo } from '../../app/routes'
import { DraftEditorProvider } from '../../lib/draftEditor'
import { useAccountFeatures } from '../composer/editorKit/accountFeatures'
import { DraftListPage } from '../composer/editorKit/DraftListPage'
import { EditorFallback } from '../composer/editorKit/EditorLoading'
import '../composer/editorKit/editor.css'
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
