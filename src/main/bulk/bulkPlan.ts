import { BULK_FIELDS, BULK_FIELD_LABELS, type ReplaceGroup } from '../../shared/drafts/bulkFields'
import type { Draft } from '../../shared/drafts/envelope'
import { KIND_LABELS } from '../../shared/drafts/kinds'
import { CSV_FIELDS } from './csvFields'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import { lockedReason, newContentProblems } from './draftRules'
import { checkParamName, compileFind, setQueryParam, type FindSpec } from './replaceEngine'

/**
 * What one piece of bulk work does to one draft: each field's value before and after, checked
 * whole with the live rules. A draft is changed whole or refused whole (with its reasons), never
 * half-changed. Nothing is written here.
 */

export type BulkOperation =
  /** The side panel: one field set to one value on every draft it applies to. */
  | { type: 'set'; column: string; value: string }
  /** Find and replace in the fields of the chosen groups. */
  | ({ type: 'replace'; groups: readonly ReplaceGroup[] } & FindSpec)
  /** A query parameter added or changed (`value`), or removed (null), in every URL field. */
  | { type: 'urlParam'; name: string; value: string | null }

export interface FieldChange {
  column: string
  label: string
  before: string
  after: string
}

export type DraftPlan =
  | { outcome: 'unchanged' }
  | { outcome: 'changed'; changes: FieldChange[]; patch: { name?: string; content?: unknown } }
  | { outcome: 'refused'; changes: FieldChange[]; reasons: string[] }

/** The operation over one field's value: its new text, or the same string when it does not change. */
export interface Transform {
  (column: string, value: string): string
  /** The one column a "set" writes: a draft that lacks that field is refused, not skipped quietly. */
  readonly sets?: string
}

/** Whole-operation problems (a bad regular expression, no field chosen) on the field concerned. */
export class OperationProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

/** The operation as one function over a field's value; throws OperationProblem when it cannot run. */
export function compileOperation(operation: BulkOperation): Transform {
  if (operation.type === 'set') {
    const field = BULK_FIELDS.find((candidate) => candidate.column === operation.column)
    if (!field) throw new OperationProblem('column', `There is no field “${operation.column}” to set.`)
    return Object.assign(
      (column: string, value: string) => (column === operation.column ? operation.value : value),
      { sets: operation.column },
    )
  }
  if (operation.type === 'urlParam') {
    const problem = checkParamName(operation.name)
    if (problem) throw new OperationProblem('paramName', problem)
    const urls = new Set(BULK_FIELDS.filter((field) => field.group === 'urls').map((field) => field.column))
    return (column, value) =>
      urls.has(column) ? setQueryParam(value, operation.name, operation.value) : value
  }
  if (operation.groups.length === 0)
    throw new OperationProblem(
      'groups',
      'Choose at least one kind of field to search: text, titles, names or URLs.',
    )
  const compiled = compileFind(operation)
  if (!compiled.ok) throw new OperationProblem('find', compiled.reason)
  const groups = new Set(operation.groups)
  const columns = new Set(
    BULK_FIELDS.filter((field) => field.group && groups.has(field.group)).map((field) => field.column),
  )
  return (column, value) => (columns.has(column) ? compiled.apply(value) : value)
}

/** The draft with `transform` applied to each of its fields, checked with the live rules. */
export function planDraft(
  draft: Draft,
  transform: Transform,
  teamRules: readonly TeamRulePack[] = [],
): DraftPlan {
  const changes: FieldChange[] = []
  const reasons: string[] = []
  const change = (column: string, before: string, after: string) =>
    changes.push({ column, label: BULK_FIELD_LABELS[column] ?? column, before, after })

  let name = draft.name
  const newName = transform('name', draft.name)
  if (newName !== draft.name) {
    change('name', draft.name, newName)
    if (newName.trim() === '') reasons.push('Draft name cannot be empty: every draft has a name.')
    name = newName
  }
  let content = draft.content
  for (const field of CSV_FIELDS) {
    if (!field.kinds.includes(draft.kind)) continue
    const before = field.read(content)
    if (before === undefined) {
      // The field does not exist on this draft (a multi-destination carousel has no single URL).
      if (transform.sets === field.column)
        reasons.push(
          `${BULK_FIELD_LABELS[field.column]} does not apply to this ${KIND_LABELS[draft.kind].toLowerCase()}.`,
        )
      continue
    }
    const after = transform(field.column, before)
    if (after === before) continue
    change(field.column, before, after)
    const written = field.write(content, after)
    if (!written.ok) reasons.push(written.reason)
    else content = written.content
  }
  if (changes.length === 0) return { outcome: 'unchanged' }
  const locked = lockedReason(draft)
  if (locked) reasons.unshift(locked)
  if (reasons.length === 0 && content !== draft.content)
    reasons.push(...newContentProblems(draft, content, teamRules))
  if (reasons.length > 0) return { outcome: 'refused', changes, reasons }
  return {
    outcome: 'changed',
    changes,
    patch: {
      ...(name !== draft.name ? { name } : {}),
      ...(content !== draft.content ? { content } : {}),
    },
  }
}
