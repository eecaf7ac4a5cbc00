import { ListChecks } from 'lucide-react'
import type { PageProps } from '../../nav/routes'
import { useAccountFeatures } from '../../state/accounts/accountFeatures'
import { EditorPage } from '../../kits/editor/EditorPage'
import { PollEditor } from './PollEditor'

export default function PollsPage({ route, draftId }: PageProps) {
  const features = useAccountFeatures((state) => state.features)
  return (
    <EditorPage route={route} draftId={draftId} kind="poll_card" noun="poll" icon={ListChecks}>
      <PollEditor features={features} />
    </EditorPage>
  )
}
