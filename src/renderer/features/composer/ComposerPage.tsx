import { PenLine } from 'lucide-react'
import type { RouteInfo } from '../../app/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { DraftListPage } from '../../kits/editor/DraftListPage'
import { EditorFallback } from '../../kits/editor/EditorLoading'
import '../../kits/editor/editor.css'
import { PostComposer } from './PostComposer'

export function ComposerPage({ route, draftId }: { route: RouteInfo; draftId: string | null }) {
  if (!draftId) return <DraftListPage route={route} kind="post" noun="post" icon={PenLine} />
  return (
    <DraftEditorProvider
      key={draftId}
      draftId={draftId}
      kind="post"
      fallback={(state) => <EditorFallback state={state} listHref={`#/${route.id}`} />}
    >
      <PostComposer />
    </DraftEditorProvider>
  )
}
