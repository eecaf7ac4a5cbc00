import { ArrowLeft, Redo2, Undo2 } from 'lucide-react'
import { memo, useEffect, useRef, type ReactNode } from 'react'
import type { ContentIssue } from '../../../shared/creatives/check'
import type { DraftKind } from '../../../shared/drafts/envelope'
import { untitledName } from '../../../shared/drafts/kinds'
import { errorCount, plural } from '../../../shared/rules/issues'
import { Button } from '../../components/Button'
import { ReadOnlyFieldset } from '../../components/ReadOnlyFieldset'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import { useFocusKeeper } from '../../lib/useFocusKeeper'
import type { RouteId } from '../../nav/routes'
import { SaveStatus } from './SaveStatus'
import { ProblemsBadge, showProblems } from './ProblemsBadge'
import { PublishButton } from '../publish/PublishButton'
import { MakeVariantsButton } from '../variants/MakeVariantsButton'
import { usePreviewDevice } from './previewDevice'
import { PreviewDeviceToggle } from './PreviewDeviceToggle'
import { EditorPreviewProvider } from './editorPreview'
import { ReviewDetails } from '../review/ReviewMark'
import { DraftHistoryButton } from './DraftHistory'

/**
 * The frame every creative editor shares: back to the list, the draft's name, where the last
 * change is saved, undo/redo, how many problems stand between the draft and publishing, and
 * the form beside its live preview.
 */
export function EditorShell({
  route,
  listLabel,
  issues,
  banner,
  preview,
  readOnly = false,
  children,
}: {
  route: RouteId
  listLabel: string
  issues: readonly ContentIssue[]
  banner?: ReactNode
  preview: ReactNode
  /** A published creative: the form shows what is on the platform and takes no edits. */
  readOnly?: boolean
  children: ReactNode
}) {
  const rootRef = useRef<HTMLDivElement>(null)
  useFocusKeeper(rootRef)
  const device = usePreviewDevice((state) => state.device)

  return (
    <EditorPreviewProvider value={preview}>
      <div className="editor" ref={rootRef}>
        <EditorHeader route={route} listLabel={listLabel} issues={issues} />
        {banner}
        <div className="editor__body" data-device={device}>
          <div className="editor__form">
            {readOnly ? (
              <ReadOnlyFieldset className="readonly-fieldset" readOnly>
                {children}
              </ReadOnlyFieldset>
            ) : (
              children
            )}
          </div>
          <aside className="editor__preview" aria-label="Preview">
            <div className="row row--spread editor__preview-head">
              <h2 className="editor__preview-label">Preview</h2>
              <PreviewDeviceToggle />
            </div>
            <div className="editor__preview-frame">{preview}</div>
          </aside>
        </div>
      </div>
    </EditorPreviewProvider>
  )
}

/**
 * The name, save status, problems and tools. Memoised: a key that changes no rule's answer (the
 * issues keep their identity, useContentIssues) does not render the header, its Radix badge and
 * its icons again.
 */
const EditorHeader = memo(function EditorHeader({
  route,
  listLabel,
  issues,
}: {
  route: RouteId
  listLabel: string
  issues: readonly ContentIssue[]
}) {
  const name = useDraftEditor((state) => state.draft.name)
  const published = useDraftEditor((state) => state.draft.status === 'published')
  const canUndo = useDraftEditor((state) => state.past.length > 0)
  const canRedo = useDraftEditor((state) => state.future.length > 0)
  const undo = useDraftEditor((state) => state.undo)
  const redo = useDraftEditor((state) => state.redo)
  const draftId = useDraftEditor((state) => state.draft.id)
  const reportServerIssue = useDraftEditor((state) => state.reportServerIssue)
  const reveal = useDraftEditor((state) => state.reveal)
  const errors = errorCount(issues)
  const warnings = issues.length - errors
  return (
    <header className="editor__header sticky-header">
      <div className="editor__title-block">
        <a className="editor__back" href={`#/${route}`}>
          <ArrowLeft size={14} aria-hidden="true" />
          {listLabel}
        </a>
        <h1 id="page-title" className="editor__title" title={name}>
          {name}
        </h1>
        <div className="editor__status">
          <LiveSaveStatus />
          <ProblemsBadge issues={issues} formSelector=".editor__form">
            {/* A published creative is not "ready to publish": it is out, and read-only. */}
            {published
              ? 'Published — read-only'
              : errors > 0
                ? `${plural(errors, 'problem')} to fix before publishing`
                : warnings > 0
                  ? `Ready, ${plural(warnings, 'note')}`
                  : 'Ready to publish'}
          </ProblemsBadge>
          <ReviewDetails draftId={draftId} />
        </div>
      </div>
      <div className="editor__tools" role="toolbar" aria-label="Edit history">
        <Button variant="ghost" onClick={undo} disabled={!canUndo} aria-label="Undo" title="Undo (Ctrl+Z)">
          <Undo2 size={16} aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          onClick={redo}
          disabled={!canRedo}
          aria-label="Redo"
          title="Redo (Ctrl+Shift+Z or Ctrl+Y)"
        >
          <Redo2 size={16} aria-hidden="true" />
        </Button>
        <DraftHistoryButton readOnly={published} />
        <MakeVariantsButton draftId={draftId} draftName={name} />
        <PublishButton
          draftId={draftId}
          errorCount={errors}
          onShowProblems={() => showProblems(reveal, issues, '.editor__form')}
          onError={reportServerIssue}
        />
      </div>
    </header>
  )
})

/** Subscribes on its own: a save finishing re-renders the status, not the whole shell. */
function LiveSaveStatus() {
  const save = useDraftEditor((state) => state.save)
  return <SaveStatus save={save} />
}

/**
 * The creative's own name (the API's `name`) is what designers call the draft, so the draft
 * list follows it as it is edited, undo included; opening a draft (a duplicate, say) renames
 * nothing.
 */
export function useDraftNameFollows(kind: DraftKind, contentName: string) {
  const draftName = useDraftEditor((state) => state.draft.name)
  const rename = useDraftEditor((state) => state.rename)
  const seen = useRef(contentName)
  useEffect(() => {
    if (seen.current === contentName) return
    seen.current = contentName
    const wanted = contentName.trim() || untitledName(kind)
    if (wanted !== draftName) rename(wanted)
  }, [contentName, draftName, kind, rename])
}

export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="editor-section surface surface--raised">
      <div className="editor-section__head">
        <h2 className="editor-section__title">{title}</h2>
        {hint ? <p className="editor-section__hint">{hint}</p> : null}
      </div>
      <div className="editor-section__body">{children}</div>
    </section>
  )
}
