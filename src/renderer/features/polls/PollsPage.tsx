import { ListChecks } from 'lucide-react'
import type { PageProps } from '../../nav/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { useAccountFeatures } from '../../state/accounts/accountFeatures'
import { DraftListPage } from '../../kits/editor/DraftListPage'
import { EditorFallback } from '../../kits/editor/EditorLoading'
import '../../kits/editor/editor.css'
import { PollEditor } from './PollEditor'

export default function PollsPage({ route, draftId }: PageProps) {
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
