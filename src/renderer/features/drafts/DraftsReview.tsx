import { Check, ChevronDown, ClipboardCheck, FileCheck, FileOutput } from 'lucide-react'
import { Dialog, DropdownMenu } from 'radix-ui'
import { useEffect, useState } from 'react'
import type { ReviewImport } from '../../../shared/ipc/contracts/review'
import { formatNumber } from '../../../shared/rules/issues'
import { DialogActions } from '../../components/DialogActions'
import { ReportDialog } from '../../components/ReportDialog'
import { MenuContent, MenuText } from '../../components/Menu'
import { studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import type { ListNotice } from '../../kits/draftList/DraftsList'
import { usePreviewAuthor } from '../../state/accounts/previewAuthor'
import { useReviewStore } from '../../state/review/reviewStore'
import './draftsReview.css'

type Report = Extract<ReviewImport, { chosen: true }>

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`

const DECISION_WORDS = { approve: 'Approved', request_changes: 'Changes requested' } as const

function ReportBody({ report }: { report: Report }) {
  if (report.type === 'refused')
    return (
      <>
        <Dialog.Description className="dialog__description">
          This file was refused: nothing of it was used. Fix these lines, or ask the reviewer to download the
          verdicts again.
        </Dialog.Description>
        <ul className="boxed-list report-rows" aria-label="Problems">
          {report.refused.map((problem) => (
            <li key={`${problem.line}:${problem.reason}`} className="report-row" data-outcome="refused">
              <span className="review-report__line">Line {problem.line}</span>
              <span>{problem.reason}</span>
            </li>
          ))}
        </ul>
      </>
    )
  if (report.type === 'bundle') {
    const tampered = report.checks.filter((check) => !check.matchesFingerprint).length
    return (
      <>
        <Dialog.Description className="dialog__description">
          A review bundle, not a verdict file: each draft’s content is checked against its fingerprint.{' '}
          {tampered > 0
            ? `${plural(tampered, 'draft was', 'drafts were')} changed inside the file after export.`
            : 'Nothing in the file was changed after export.'}
        </Dialog.Description>
        <ul className="boxed-list report-rows" aria-label="Drafts in the bundle">
          {report.checks.map((check) => (
            <li
              key={check.draftId}
              className="report-row"
              data-outcome={check.matchesFingerprint ? 'applied' : 'refused'}
            >
              <span className="report-row__name">{check.name}</span>
              <span>
                {check.matchesFingerprint
                  ? 'Matches its fingerprint'
                  : 'Does not match its fingerprint: its content was changed after export'}
                {check.sameAsDraft === undefined
                  ? '; no such draft here.'
                  : check.sameAsDraft
                    ? '; the draft is unchanged since.'
                    : '; the draft has changed since export.'}
              </span>
            </li>
          ))}
        </ul>
      </>
    )
  }
  return (
    <>
      <Dialog.Description className="dialog__description">
        From {report.reviewer}: {plural(report.applied.length, 'verdict kept', 'verdicts kept')},{' '}
        {plural(report.reported.length, 'not kept', 'not kept')}.
      </Dialog.Description>
      <ul className="boxed-list report-rows" aria-label="Verdicts">
        {report.applied.map((verdict) => (
          <li key={verdict.draftId} className="report-row" data-outcome="applied">
            <span className="report-row__name">{verdict.name}</span>
            <span>
              {DECISION_WORDS[verdict.decision]}
              {verdict.current ? '' : ' — on an earlier version: the draft changed since'}
            </span>
          </li>
        ))}
        {report.reported.map((verdict, index) => (
          <li key={`${verdict.draftId}:${index}`} className="report-row" data-outcome="refused">
            <span className="report-row__name">{verdict.name ?? 'Unknown draft'}</span>
            <span>{verdict.reason}</span>
          </li>
        ))}
      </ul>
    </>
  )
}

/**
 * Review (issue 44): export the drafts the list shows as one `.adsreview` file for a reviewer,
 * import the verdicts they send back, and the account's "Publishing needs approval". Main writes
 * and reads the files; the bundle names the account and handle the previews show.
 */
export function DraftsReview({
  shownIds,
  onNotice,
  onProblem,
}: {
  shownIds(): string[]
  onNotice(notice: ListNotice): void
  /** A problem with an export, an import or the setting, for the page to show; null clears it. */
  onProblem(problem: string | null): void
}) {
  const author = usePreviewAuthor()
  const [report, setReport] = useState<Report | null>(null)
  const approvalRequired = useReviewStore((state) => state.approvalRequired)
  const loadReview = useReviewStore((state) => state.load)
  const setApprovalRequired = useReviewStore((state) => state.setApprovalRequired)
  const action = useAction<'export' | 'import' | 'setting', string>(messageOf)
  useEffect(() => void loadReview(), [loadReview])
  useEffect(() => onProblem(action.problem), [action.problem, onProblem])

  const exportBundle = () =>
    action.run('export', async () => {
      onNotice(null)
      const ids = shownIds()
      if (ids.length === 0)
        throw new Error('No drafts match the filters: there is nothing to send for review.')
      const result = await unwrap(
        studio().review.exportBundle({
          ids,
          accountName: author.name,
          ...(author.handle ? { advertiser: author.handle } : {}),
        }),
      )
      if (result.fileName)
        onNotice({
          tone: 'success',
          text: `${plural(result.exported, 'draft', 'drafts')} saved for review as ${result.fileName}.${
            result.mediaLeftOut > 0
              ? ` ${plural(result.mediaLeftOut, 'medium is', 'media are')} shown as placeholders (videos, library media or large files); the file says which.`
              : ''
          } Send it to your reviewer: it opens in any browser.`,
        })
    })
  const importVerdicts = () =>
    action.run('import', async () => {
      onNotice(null)
      const result = await unwrap(studio().review.import({}))
      if (result.chosen) setReport(result)
      await loadReview()
    })
  const toggleApproval = (required: boolean) =>
    action.run('setting', async () => {
      await setApprovalRequired(required)
      onNotice({
        tone: 'info',
        text: required
          ? 'Publishing on this account now needs an approval of each draft as it is.'
          : 'Publishing on this account no longer needs an approval.',
      })
    })

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="button button--secondary" data-testid="review-menu">
          <ClipboardCheck size={16} aria-hidden="true" />
          Review
          <ChevronDown size={14} aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <MenuContent align="end">
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void exportBundle()}
              data-testid="review-export"
            >
              <FileOutput size={16} aria-hidden="true" className="menu__icon" />
              <MenuText
                label="Export for review…"
                hint="The drafts the list shows, as one file any browser opens"
              />
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void importVerdicts()}
              data-testid="review-import"
            >
              <FileCheck size={16} aria-hidden="true" className="menu__icon" />
              <MenuText label="Import verdicts…" hint="The reviewer’s verdict file, or a bundle to check" />
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.CheckboxItem
              className="menu__item"
              checked={approvalRequired}
              onCheckedChange={(checked) => void toggleApproval(checked)}
              data-testid="review-approval-required"
            >
              <span className="menu__icon review-menu__check">
                <DropdownMenu.ItemIndicator>
                  <Check size={16} aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
              </span>
              <MenuText
                label="Publishing needs approval"
                hint="For this ad account: only approved versions publish"
              />
            </DropdownMenu.CheckboxItem>
          </MenuContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {report ? (
        <ReportDialog
          title={`Import ${report.fileName}`}
          className="review-report"
          testId="review-report"
          problem={action.problem}
          onClose={() => setReport(null)}
          actions={<DialogActions closeLabel="Done" closeVariant="primary" />}
        >
          <ReportBody report={report} />
        </ReportDialog>
      ) : null}
    </>
  )
}
