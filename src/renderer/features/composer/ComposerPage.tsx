import { PenLine } from 'lucide-react'
import type { PageProps } from '../../nav/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { DraftListPage } from '../../kits/editor/DraftListPage'
import { EditorFallback } from '../../kits/editor/EditorLoading'
import '../../kits/editor/editor.css'
import { PostComposer } from './PostComposer'

export default function ComposerPage({ route, draftId }: PageProps) {
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
