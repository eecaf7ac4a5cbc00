import { Film } from 'lucide-react'
import type { PageProps } from '../../nav/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { useAccountFeatures } from '../../state/accounts/accountFeatures'
import { DraftListPage } from '../../kits/editor/DraftListPage'
import { EditorFallback } from '../../kits/editor/EditorLoading'
import '../../kits/editor/editor.css'
import { VideoConversationEditor } from './VideoConversationEditor'

export default function VideoConversationsPage({ route, draftId }: PageProps) {
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
