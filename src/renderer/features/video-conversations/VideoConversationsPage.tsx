import { Film } from 'lucide-react'
import type { PageProps } from '../../nav/routes'
import { useAccountFeatures } from '../../state/accounts/accountFeatures'
import { EditorPage } from '../../kits/editor/EditorPage'
import { VideoConversationEditor } from './VideoConversationEditor'

export default function VideoConversationsPage({ route, draftId }: PageProps) {
  const features = useAccountFeatures((state) => state.features)
  return (
    <EditorPage
      route={route}
      draftId={draftId}
      kind="video_conversation_card"
      noun="video conversation card"
      icon={Film}
    >
      <VideoConversationEditor features={features} />
    </EditorPage>
  )
}
