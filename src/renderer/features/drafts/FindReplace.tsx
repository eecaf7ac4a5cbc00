import { Replace } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useId, useState } from 'react'
import {
  MATCH_MODE_LABELS,
  MATCH_MODES,
  REPLACE_GROUP_LABELS,
  REPLACE_GROUPS,
  type MatchMode,
  type ReplaceGroup,
} from '../../../shared/drafts/bulkFields'
import type { BulkOperationRequest, BulkPreview } from '../../../shared/ipc/contracts/bulkEdit'
import { formatNumber } from '../../../shared/rules/issues'
import { Banner } from '../../components/Banner'
import { Button } from '../../components/Button'
import { CheckboxRow } from '../../components/CheckboxRow'
import { DialogActions } from '../../components/DialogActions'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { Field } from '../../components/Field'
import { Segmented } from '../../components/Segmented'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { messageOf } from '../../lib/failures'
import { useAction } from '../../lib/useAction'
import type { ListNotice } from '../../kits/draftList/DraftsList'
import { BulkPreviewList, plural } from './BulkPreviewList'

type Tool = 'text' | 'param'
type Scope = 'selection' | 'all'
type ParamAction = 'set' | 'remove'

/** A refusal of the whole request, on the field it concerns when main names one. */
interface Problem {
  field?: string
  text: string
}

const describe = (failure: unknown): Problem =>
  failure instanceof IpcFailure
    ? { ...(failure.error.field ? { field: failure.error.field } : {}), text: failure.message }
    : { text: messageOf(failure) }

/**
 * Find and replace over the selected drafts or all of them: text in the chosen kinds of field
 * (plain, whole word or a regular expression, case as chosen), or a query parameter added,
 * changed or removed in every URL. Main previews every change; Apply makes it one step.
 */
export function FindReplace({
  selectedIds,
  onNotice,
}: {
  selectedIds: readonly string[]
  onNotice(notice: ListNotice): void
}) {
  const [open, setOpen] = useState(false)
  const [tool, setTool] = useState<Tool>('text')
  const [scope, setScope] = useState<Scope>('all')
  const [find, setFind] = useState('')
  const [replace, setReplace] = useState('')
  const [groups, setGroups] = useState<ReplaceGroup[]>(['text', 'titles'])
  const [mode, setMode] = useState<MatchMode>('plain')
  const [caseSensitive, setCaseSensitive] = useState(false)
  const [paramName, setParamName] = useState('utm_campaign')
  const [paramAction, setParamAction] = useState<ParamAction>('set')
  const [paramValue, setParamValue] = useState('')
  const [preview, setPreview] = useState<BulkPreview | null>(null)
  const action = useAction<'preview' | 'apply', Problem>(describe)
  const id = useId()
  const problemOn = (field: string) => (action.problem?.field === field ? action.problem.text : undefined)
  const wholeProblem =
    action.problem && !['find', 'groups', 'paramName'].includes(action.problem.field ?? '')
      ? action.problem
      : null
  const scopeIds = scope === 'selection' && selectedIds.length > 0 ? selectedIds : null

  // Any change to the question makes the last answer stale.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value)
      setPreview(null)
    }
  const operation = (): BulkOperationRequest =>
    tool === 'text'
      ? { type: 'replace', groups, find, replace, mode, caseSensitive }
      : { type: 'urlParam', name: paramName.trim(), value: paramAction === 'remove' ? null : paramValue }

  const runPreview = () =>
    action.run('preview', async () => {
      setPreview(null)
      const request = {
        scope: scopeIds ? { ids: [...scopeIds] } : { all: true as const },
        operation: operation(),
      }
      setPreview(await unwrap(studio().bulkEdit.preview(request)))
    })
  const apply = (current: BulkPreview) =>
    action.run('apply', async () => {
      const result = await unwrap(studio().bulkEdit.apply({ token: current.token }))
      setPreview(null)
      setOpen(false)
      const notChanged = current.counts.refused + result.skipped.length
      onNotice({
        tone: notChanged > 0 ? 'info' : 'success',
        text: `${plural(result.applied, 'draft', 'drafts')} changed.${
          notChanged > 0 ? ` ${plural(notChanged, 'draft was', 'drafts were')} left as they were.` : ''
        }`,
      })
    })
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) {
      setScope(selectedIds.length > 0 ? 'selection' : 'all')
      setPreview(null)
      action.setProblem(null)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button data-testid="find-replace-open">
          <Replace size={16} aria-hidden="true" />
          Find and replace…
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--wide find-replace" data-testid="find-replace">
          <DialogTitleBar>Find and replace</DialogTitleBar>
          <Dialog.Description className="dialog__description">
            Every change is shown before anything is written; a draft a change would break is listed and left
            as it is.
          </Dialog.Description>
          <form
            className="find-replace__form"
            onSubmit={(event) => {
              event.preventDefault()
              void runPreview()
            }}
          >
            <div className="find-replace__row">
              <Segmented<Tool>
                label="What to change"
                value={tool}
                options={[
                  { value: 'text', label: 'Replace text' },
                  { value: 'param', label: 'URL parameter' },
                ]}
                onChange={edit(setTool)}
                testIdPrefix="find-replace-tool"
              />
              <Segmented<Scope>
                label="Where"
                value={scopeIds ? 'selection' : 'all'}
                options={[
                  ...(selectedIds.length > 0
                    ? [
                        {
                          value: 'selection' as const,
                          label: `${plural(selectedIds.length, 'selected draft', 'selected drafts')}`,
                        },
                      ]
                    : []),
                  { value: 'all', label: 'All drafts' },
                ]}
                onChange={edit(setScope)}
                testIdPrefix="find-replace-scope"
              />
            </div>
            {tool === 'text' ? (
              <>
                <div className="find-replace__row find-replace__row--fields">
                  <Field
                    label="Find"
                    value={find}
                    onChange={(event) => edit(setFind)(event.target.value)}
                    error={problemOn('find')}
                    spellCheck={false}
                    data-testid="find-input"
                  />
                  <Field
                    label="Replace with"
                    value={replace}
                    onChange={(event) => edit(setReplace)(event.target.value)}
                    hint={mode === 'regex' ? 'Use $1, $2… for the parts in brackets.' : undefined}
                    spellCheck={false}
                    data-testid="replace-input"
                  />
                </div>
                <fieldset className="find-replace__groups" aria-describedby={`${id}-groups`}>
                  <legend className="field__label">In</legend>
                  {REPLACE_GROUPS.map((group) => (
                    <CheckboxRow
                      key={group}
                      id={`${id}-${group}`}
                      label={REPLACE_GROUP_LABELS[group]}
                      checked={groups.includes(group)}
                      onChange={(checked) =>
                        edit(setGroups)(
                          checked ? [...groups, group] : groups.filter((candidate) => candidate !== group),
                        )
                      }
                      testId={`find-replace-group-${group}`}
                    />
                  ))}
                  <p id={`${id}-groups`} className={problemOn('groups') ? 'field__error' : 'field__hint'}>
                    {problemOn('groups') ??
                      'Names: draft, creative and file names. URLs: destination and thank-you links.'}
                  </p>
                </fieldset>
                <div className="find-replace__row">
                  <Segmented<MatchMode>
                    label="Match"
                    value={mode}
                    options={MATCH_MODES.map((value) => ({ value, label: MATCH_MODE_LABELS[value] }))}
                    onChange={edit(setMode)}
                    testIdPrefix="find-replace-mode"
                  />
                  <CheckboxRow
                    id={`${id}-case`}
                    label="Match case"
                    checked={caseSensitive}
                    onChange={edit(setCaseSensitive)}
                    testId="find-replace-case"
                  />
                </div>
              </>
            ) : (
              <div className="find-replace__row find-replace__row--fields">
                <Field
                  label="Parameter"
                  value={paramName}
                  onChange={(event) => edit(setParamName)(event.target.value)}
                  error={problemOn('paramName')}
                  spellCheck={false}
                  data-testid="param-name"
                />
                <Segmented<ParamAction>
                  label="Action"
                  value={paramAction}
                  options={[
                    { value: 'set', label: 'Add or change' },
                    { value: 'remove', label: 'Remove' },
                  ]}
                  onChange={edit(setParamAction)}
                  testIdPrefix="param-action"
                />
                {paramAction === 'set' ? (
                  <Field
                    label="Value"
                    value={paramValue}
                    onChange={(event) => edit(setParamValue)(event.target.value)}
                    spellCheck={false}
                    data-testid="param-value"
                  />
                ) : null}
              </div>
            )}
            <div className="find-replace__row">
              <Button type="submit" busy={action.busy === 'preview'} data-testid="find-replace-preview">
                Preview changes
              </Button>
            </div>
          </form>
          {wholeProblem ? <Banner tone="error">{wholeProblem.text}</Banner> : null}
          {preview ? <BulkPreviewList preview={preview} /> : null}
          <DialogActions>
            <Button
              variant="primary"
              disabled={!preview || preview.counts.changed === 0}
              busy={action.busy === 'apply'}
              onClick={() => (preview ? void apply(preview) : undefined)}
              data-testid="find-replace-apply"
            >
              {preview && preview.counts.refused > 0
                ? `Apply to ${plural(preview.counts.changed, 'draft', 'drafts')}, skip ${formatNumber(preview.counts.refused)}`
                : `Apply to ${plural(preview?.counts.changed ?? 0, 'draft', 'drafts')}`}
            </Button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
