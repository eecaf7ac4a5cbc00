import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { DraftKind } from '../../../shared/drafts/envelope'
import { Banner } from '../../components/Banner'
import type { PageProps } from '../../nav/routes'
import { DraftEditorProvider } from '../../state/drafts/draftEditor'
import { DraftListPage } from './DraftListPage'
import './editor.css'

/** What DraftEditorProvider shows while a draft opens, or when it cannot be opened. */
function EditorFallback({
  state,
  listHref,
}: {
  state: { loading: true } | { loading: false; error: string }
  listHref: string
}) {
  if (state.loading)
    return (
      <p className="muted" role="status">
        Opening the draft…
      </p>
    )
  return (
    <Banner tone="error">
      {state.error} <a href={listHref}>Back to the list</a>
    </Banner>
  )
}

/**
 * An editor's page: `#/<route>` lists the drafts of its kind, `#/<route>/<draft id>` opens one
 * in the editor (`children`, inside the draft's DraftEditorProvider).
 */
export function EditorPage({
  route,
  draftId,
  kind,
  noun,
  icon,
  children,
}: PageProps & {
  kind: DraftKind
  /** "poll", "video conversation card", "post". */
  noun: string
  icon: LucideIcon
  children: ReactNode
}) {
  if (!draftId) return <DraftListPage route={route} kind={kind} noun={noun} icon={icon} />
  return (
    <DraftEditorProvider
      key={draftId}
      draftId={draftId}
      kind={kind}
      fallback={(state) => <EditorFallback state={state} listHref={`#/${route.id}`} />}
    >
      {children}
    </DraftEditorProvider>
  )
}
