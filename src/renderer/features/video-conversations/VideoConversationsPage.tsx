import { Film } from 'lucide-react'
import type { RouteInfo } from '../../app/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { useAccountFeatures } from '../../state/accounts/accountFeaturesStore'
import { DraftListPage } from '../../kits/editor/DraftListPage'
import { EditorFallback } from '../../kits/editor/EditorLoading'
import '../../kits/editor/editor.css'
import { VideoConversationEditor } from './VideoConversationEditor'

export function VideoConversationsPage({ route, draftId }: { route: RouteInfo; draftId: string | null }) {
  const features = useAccountFeatures((state) => state.features)
  if (!draftId) {
    return (
      <DraftListPage
        route={route}
        kind="video_conversation_card"
        noun="video conversation card"
        icon={Film}
      />
    )
  }
  return (
    <DraftEditorProvider
      key={draftId}
      draftId={draftId}
      kind="video_conversation_card"
      fallback={(state) => <EditorFallback state={state} listHref={`#/${route.id}`} />}
    >
      <VideoConversationEditor features={features} />
    </DraftEditorProvider>
  )
}
