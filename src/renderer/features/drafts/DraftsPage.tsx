import { ChevronDown, FileUp, Plus } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { useCallback, useRef, useState } from 'react'
import type { DraftKind } from '../../../shared/drafts/envelope'
import { navigate, useRouteInfo, type RouteInfo } from '../../nav/routes'
import { Button } from '../../components/Button'
import { MenuContent, MenuText } from '../../components/Menu'
import { PageHeader } from '../../components/PageHeader'
import { FirstRun, useFirstRunShown } from './FirstRun'
import { CREATABLE_KINDS, EDITOR_ROUTES, KIND_LABELS } from '../../state/drafts/draftListModel'
import { DraftsList, type ListNotice } from '../../kits/draftList/DraftsList'
import { useDraftsStore } from '../../state/drafts/draftsStore'
import type { DraftSummaryWithIssues } from '../../../shared/ipc/contracts/drafts'
import { Banner } from '../../components/Banner'
import { DraftsCsv } from './DraftsCsv'
import { DraftGroups } from './DraftGroups'
import { DraftsReview } from './DraftsReview'
import { BulkEditPanel } from './BulkEditPanel'
import { FindReplace } from './FindReplace'
import './bulkEdit.css'
import { UndoList } from './UndoList'

function NewDraftMenu({ onCreate }: { onCreate(kind: DraftKind): void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--primary">
        <Plus size={16} aria-hidden="true" />
        New draft
        <ChevronDown size={14} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end">
          {CREATABLE_KINDS.map((kind) => (
            <NewDraftItem key={kind} kind={kind} onCreate={onCreate} />
          ))}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** One kind in the "New draft" menu, with its editor page's icon. */
function NewDraftItem({ kind, onCreate }: { kind: DraftKind; onCreate(kind: DraftKind): void }) {
  const Icon = useRouteInfo(EDITOR_ROUTES[kind])?.icon
  return (
    <DropdownMenu.Item className="menu__item" onSelect={() => onCreate(kind)}>
      {Icon ? <Icon size={16} aria-hidden="true" className="menu__icon" /> : null}
      <MenuText label={KIND_LABELS[kind]} />
    </DropdownMenu.Item>
  )
}

export default function DraftsPage({ route }: { route: RouteInfo }) {
  const create = useDraftsStore((state) => state.create)
  const importDraft = useDraftsStore((state) => state.importDraft)
  const [notice, setNotice] = useState<ListNotice>(null)
  const [importing, setImporting] = useState(false)
  const firstRunShown = useFirstRunShown()
  const hasDrafts = useDraftsStore((state) => state.drafts.length > 0)
  const [csvProblem, setCsvProblem] = useState<string | null>(null)
  const [reviewProblem, setReviewProblem] = useState<string | null>(null)
  // The rows the list shows, read when Export CSV is pressed (kept out of state: no re-render).
  const shownRows = useRef<readonly DraftSummaryWithIssues[]>([])
  const onShownRows = useCallback((rows: readonly DraftSummaryWithIssues[]) => {
    shownRows.current = rows
  }, [])
  // The selected drafts (issue 43): the side panel edits them, Export CSV exports them.
  const [selectedIds, setSelectedIds] = useState<readonly string[]>([])
  const selected = useRef(selectedIds)
  selected.current = selectedIds
  const shownIds = useCallback(
    () => (selected.current.length > 0 ? [...selected.current] : shownRows.current.map((row) => row.id)),
    [],
  )

  const onCreate = async (kind: DraftKind) => {
    const id = await create(kind)
    const editor = EDITOR_ROUTES[kind]
    if (id && editor) navigate(editor, id)
  }
  const onImport = async () => {
    setImporting(true)
    setNotice(null)
    const id = await importDraft()
    setImporting(false)
    const draft = useDraftsStore.getState().drafts.find((candidate) => candidate.id === id)
    if (draft) setNotice({ tone: 'success', text: `Imported “${draft.name}”.` })
  }

  return (
    <>
      <PageHeader
        title={route.label}
        summary={route.summary}
        actions={
          <div className="actions">
            <Button variant="secondary" onClick={() => void onImport()} busy={importing}>
              <FileUp size={16} aria-hidden="true" />
              Import…
            </Button>
            <DraftsReview shownIds={shownIds} onNotice={setNotice} onProblem={setReviewProblem} />
            <FindReplace selectedIds={selectedIds} onNotice={setNotice} />
            <DraftsCsv
              shownIds={shownIds}
              selectedCount={selectedIds.length}
              onNotice={setNotice}
              onProblem={setCsvProblem}
            />
            <UndoList onNotice={setNotice} />
            <NewDraftMenu onCreate={(kind) => void onCreate(kind)} />
          </div>
        }
      />
      {csvProblem ? <Banner tone="error">{csvProblem}</Banner> : null}
      {reviewProblem ? <Banner tone="error">{reviewProblem}</Banner> : null}
      <FirstRun compact={hasDrafts} />
      {/* Variants made together (issue 43): edit a shared field, publish the group. */}
      <DraftGroups />
      {/* The welcome already says drafts work before connecting: no second, empty box below it. */}
      <div className={selectedIds.length > 0 ? 'drafts-page drafts-page--panel' : 'drafts-page'}>
        <DraftsList
          notice={notice}
          onNotice={setNotice}
          emptyHidden={firstRunShown}
          onShownRows={onShownRows}
          onSelection={setSelectedIds}
        />
        {selectedIds.length > 0 ? <BulkEditPanel ids={selectedIds} onNotice={setNotice} /> : null}
      </div>
    </>
  )
}
