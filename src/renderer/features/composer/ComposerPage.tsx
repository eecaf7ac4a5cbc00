import { PenLine } from 'lucide-react'
import type { PageProps } from '../../nav/routes'
import { EditorPage } from '../../kits/editor/EditorPage'
import { PostComposer } from './PostComposer'

export default function ComposerPage({ route, draftId }: PageProps) {
  return (
    <EditorPage route={route} draftId={draftId} kind="post" noun="post" icon={PenLine}>
      <PostComposer />
    </EditorPage>
  )
}
