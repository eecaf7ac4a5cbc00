import { memo, useEffect, useMemo, useRef, useState } from 'react'
import type { CardContent } from '../../../shared/creatives/card'
import { checkContent, type ContentIssue } from '../../../shared/creatives/check'
import { PublishedBanner } from '../../kits/editor/PublishedBanner'
import { cardEdit } from '../../kits/editor/publishedEditSpecs'
import { ReadOnlyFieldset } from '../../components/ReadOnlyFieldset'
import { useDraftEditor } from '../../state/drafts/draftEditor'
import { useFocusKeeper } from '../../lib/useFocusKeeper'
import { useTouchedFields } from '../../kits/editor/issues'
import { useTeamRules } from '../../state/accounts/teamRules'
import { useValueAfterPaint } from '../../lib/useValueAfterPaint'
import { CardPreview } from './CardPreview'
import type { ChangeContent } from './cardEditorProps'
import { IssueIndex } from './issueIndex'
import { cardPreviewModel, type CardPreviewModel } from './previewModel'
import { usePreviewDevice } from '../../kits/editor/previewDevice'
import { PreviewDeviceToggle } from '../../kits/editor/PreviewDeviceToggle'
import { EditorPreviewProvider } from '../../kits/editor/editorPreview'
import { BuilderHeader } from './BuilderHeader'
import { CardSection } from './CardSection'
import { CardComponentsSection } from './ComponentList'
import { SlidesEditor } from './SlidesEditor'

/** The card editor; must be inside <DraftEditorProvider kind="card">. */
export function CardBuilder() {
  const content = useDraftEditor<'card', CardContent>((state) => state.content)
  const device = usePreviewDevice((state) => state.device)
  const draftName = useDraftEditor<'card', string>((state) => state.draft.name)
  const change = useDraftEditor<'card', ChangeContent>((state) => state.change)
  const rename = useDraftEditor<'card', (name: string) => void>((state) => state.rename)
  const published = useDraftEditor<'card', boolean>((state) => state.draft.status === 'published')
  const serverIssues = useDraftEditor<'card', ContentIssue[]>((state) => state.serverIssues)

  // Rules P1 and P6 (bench/PERFORMANCE.md): a keystroke renders the field typed in and the parts
  // given the content (the memoised sections below skip the rest); the rules and the preview
  // follow once the key's frame is painted, once per frame however fast the keys come; any
  // other change (a click, undo) shows them in the same render.
  const typing = useDraftEditor<'card', boolean>((state) => state.typing)
  const settled = useValueAfterPaint(content, typing)
  const teamRules = useTeamRules((state) => state.rules)
  const check = useMemo(() => checkContent('card', settled, { teamRules }), [settled, teamRules])
  const allIssues = useSameIssues(
    useMemo(() => new IssueIndex([...check.issues, ...serverIssues]), [check, serverIssues]),
  )
  // The fields show what the designer has touched (a new card, or a component or slide just
  // added, is not a list of mistakes); the header counts every issue, and Publish and "Show
  // problems" reveal them all.
  const { isShown } = useTouchedFields(settled, { addedStartUntouched: true })
  const issues = useSameIssues(
    new IssueIndex(allIssues.shown.filter((issue) => isShown(issue.contentPath, issue.code))),
  )
  const preview = useMemo(() => cardPreviewModel(settled), [settled])

  // The list shows the draft's own name; keep it in step with the card name once there is one.
  useEffect(() => {
    const name = content.name.trim()
    if (name !== '' && name !== draftName) rename(name)
  }, [content.name, draftName, rename])

  const rootRef = useRef<HTMLDivElement>(null)
  useFocusKeeper(rootRef)

  return (
    <EditorPreviewProvider value={<CardPreview model={preview} name={settled.name} />}>
      <div className="builder" ref={rootRef}>
        <BuilderHeader title={content.name.trim() || draftName} issues={allIssues} />

        <PublishedBanner
          route="cards"
          what="card"
          edit={(profile, draft, pending) => cardEdit(profile, draft, (pending as typeof content) ?? content)}
        />
        <div className="editor__body" data-device={device}>
          <ReadOnlyFieldset
            className="builder__editor readonly-fieldset"
            readOnly={published}
            aria-label="Card"
          >
            <CardSection name={content.name} mode={content.mode} issues={issues} change={change} />

            {content.mode === 'multi_destination' ? (
              <SlidesEditor issues={issues} change={change} />
            ) : (
              <CardComponentsSection issues={issues} change={change} />
            )}
          </ReadOnlyFieldset>
          <PreviewPane model={preview} name={settled.name} />
        </div>
      </div>
    </EditorPreviewProvider>
  )
}

/**
 * The previous index while its issues are the same: the rules run again on every key (one
 * behind), and a new index each time would re-render every memoised part given it.
 */
function useSameIssues(fresh: IssueIndex): IssueIndex {
  const [kept, setKept] = useState(fresh)
  if (kept === fresh || kept.signatureUnder([]) === fresh.signatureUnder([])) return kept
  setKept(fresh)
  return fresh
}

/**
 * One element for every render: React skips an element it has seen, so the settled content
 * reaching the preview does not render the toggle's Radix radio group (it subscribes to the
 * device on its own).
 */
const DEVICE_TOGGLE = <PreviewDeviceToggle />

/** The preview column: renders with the settled content (a key behind), not with the key itself. */
const PreviewPane = memo(function PreviewPane({ model, name }: { model: CardPreviewModel; name: string }) {
  return (
    <aside className="editor__preview builder__preview">
      <div className="row row--spread editor__preview-head">
        {/* The preview's own heading names it for assistive tech; this is its visible label. */}
        <span className="editor__preview-label" aria-hidden="true">
          Preview
        </span>
        {DEVICE_TOGGLE}
      </div>
      <div className="editor__preview-frame">
        <CardPreview model={model} name={name} />
      </div>
    </aside>
  )
})
