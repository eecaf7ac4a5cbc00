import { ArrowLeft, Redo2, Undo2 } from 'lucide-react'
import { memo } from 'react'
import { PublishButton } from '../../kits/publish/PublishButton'
import { plural } from '../../../shared/rules/issues'
import { hashFor } from '../../nav/routes'
import { useDraftEditor, type DraftEditorState, type SaveState } from '../../state/drafts/draftEditor'
import type { IssueIndex } from './issueIndex'
import { SaveStatus } from '../../kits/editor/SaveStatus'
import { ProblemsBadge, showProblems } from '../../kits/editor/ProblemsBadge'

/** Title, save status, problems, history and publish: renders when one of those changes, not on each key. */
export const BuilderHeader = memo(function BuilderHeader({
  title,
  issues,
}: {
  title: string
  issues: IssueIndex
}) {
  const canUndo = useDraftEditor<'card', boolean>((state) => state.past.length > 0)
  const canRedo = useDraftEditor<'card', boolean>((state) => state.future.length > 0)
  const undo = useDraftEditor<'card', () => void>((state) => state.undo)
  const redo = useDraftEditor<'card', () => void>((state) => state.redo)
  const draftId = useDraftEditor<'card', string>((state) => state.draft.id)
  const published = useDraftEditor<'card', boolean>((state) => state.draft.status === 'published')
  const reportServerIssue = useDraftEditor<'card', DraftEditorState<'card'>['reportServerIssue']>(
    (state) => state.reportServerIssue,
  )
  const reveal = useDraftEditor<'card', () => void>((state) => state.reveal)
  const mac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform)
  const shortcut = (key: string, shift = false) => `${shift ? 'Shift+' : ''}${mac ? '⌘' : 'Ctrl+'}${key}`
  return (
    <header className="builder__header sticky-header">
      <div className="editor__title-block">
        <a className="back-link" href={hashFor('cards')}>
          <ArrowLeft size={14} aria-hidden="true" /> All cards
        </a>
        <h1 id="page-title" className="page-header__title truncate">
          {title}
        </h1>
      </div>
      <div className="builder__toolbar">
        <LiveSaveStatus />
        <ProblemsBadge issues={issues.shown} formSelector=".builder__editor">
          {published ? (
            <>Published — read-only</>
          ) : (
            <IssueSummaryText errors={issues.errorCount} warnings={issues.warningCount} />
          )}
        </ProblemsBadge>
        <div className="card-surface toolbar-group" role="group" aria-label="History">
          {[
            { label: 'Undo', run: undo, can: canUndo, keys: shortcut('Z'), Icon: Undo2 },
            {
              label: 'Redo',
              run: redo,
              can: canRedo,
              keys: `${shortcut('Z', true)} or ${shortcut('Y')}`,
              Icon: Redo2,
            },
          ].map(({ label, run, can, keys, Icon }) => (
            <button
              key={label}
              type="button"
              className="icon-button"
              onClick={run}
              disabled={!can}
              aria-label={label}
              title={`${label} (${keys})`}
            >
              <Icon size={16} aria-hidden="true" />
            </button>
          ))}
        </div>
        <PublishButton
          draftId={draftId}
          errorCount={issues.errorCount}
          onShowProblems={() => showProblems(reveal, issues.shown, '.builder__editor')}
          onError={reportServerIssue}
        />
      </div>
    </header>
  )
})

/** Subscribes on its own: a save finishing re-renders the status, not the builder. */
function LiveSaveStatus() {
  const save = useDraftEditor<'card', SaveState>((state) => state.save)
  return <SaveStatus save={save} />
}

function IssueSummaryText({ errors, warnings }: { errors: number; warnings: number }) {
  if (errors === 0 && warnings === 0) return <>Ready to publish</>
  return (
    <>
      {[errors > 0 ? plural(errors, 'problem') : null, warnings > 0 ? plural(warnings, 'warning') : null]
        .filter(Boolean)
        .join(' · ')}
    </>
  )
}
