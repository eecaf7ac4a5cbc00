import { randomUUID } from 'node:crypto'
import { AppFailure, appError } from '../../shared/errors'
import { BULK_PREVIEW_LIMITS, commonFields } from '../../shared/drafts/bulkFields'
import type { Draft, DraftKind } from '../../shared/drafts/envelope'
import { formatNumber } from '../../shared/rules/issues'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import { UNRECORDED_STEPS, type BulkStepKind, type BulkStepRecorder } from './bulkSteps'
import {
  compileOperation,
  OperationProblem,
  planDraft,
  type BulkOperation,
  type FieldChange,
} from './bulkPlan'
import { CSV_FIELDS } from './csvFields'

/** What bulk edit needs of the drafts: their public service, nothing of the store's insides. */
export interface BulkDraftsPort {
  find(id: string): Promise<Draft | undefined>
  /** Every live draft's id (the whole account's drafts, for a replace over all of them). */
  allIds(): Promise<string[]>
  /** Each live draft's kind and updatedAt (from the summary index: no file read). */
  index(): Promise<ReadonlyMap<string, { kind: DraftKind; updatedAt: string }>>
  update(id: string, patch: { name?: string; content?: unknown }): Promise<unknown>
  flush(): Promise<unknown>
}

export type BulkScope = { ids: readonly string[] } | { all: true }

export interface PreviewItem {
  id: string
  name: string
  changes: FieldChange[]
  /** Why the draft is skipped; empty when it changes. */
  reasons: string[]
}

interface PlannedChange {
  /** The draft as previewed: apply changes it only if it is still so, and the step keeps it. */
  before: Draft
  patch: { name?: string; content?: unknown }
}

/** How many saves apply makes before it writes them (see apply). */
const FLUSH_EVERY = 256

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`

function refuse(message: string, field?: string): AppFailure {
  return new AppFailure(appError('invalid_input', message, { field }))
}

function stepOf(operation: BulkOperation, count: number): { kind: BulkStepKind; label: string } {
  const drafts = plural(count, 'draft', 'drafts')
  if (operation.type === 'set') {
    const field = commonFields([]).find((candidate) => candidate.column === operation.column)
    return { kind: 'edit', label: `Set ${field?.label ?? operation.column} on ${drafts}` }
  }
  if (operation.type === 'urlParam')
    return {
      kind: 'replace',
      label:
        operation.value === null
          ? `Removed ${operation.name} from the URLs of ${drafts}`
          : `Set ${operation.name}=${operation.value} in the URLs of ${drafts}`,
    }
  return { kind: 'replace', label: `Replaced “${operation.find}” with “${operation.replace}” in ${drafts}` }
}

/**
 * Bulk edit and find and replace over drafts, in main: a preview plans every draft of the scope
 * (each changed whole or skipped with its reasons), then apply writes the preview's changes as one
 * step, reported to the recorder (the undo list). One preview waits at a time; apply leaves alone
 * a draft edited since its preview.
 */
export function createBulkEditService(options: {
  drafts: BulkDraftsPort
  recorder?: BulkStepRecorder
  /** The active account's team rule packs: a bulk change follows them as an editor does. */
  teamRules?: () => Promise<readonly TeamRulePack[]>
}) {
  const recorder = options.recorder ?? UNRECORDED_STEPS
  const { drafts } = options
  let pending: { token: string; operation: BulkOperation; changes: PlannedChange[] } | null = null

  return {
    /** The fields every selected draft has, each with its common value or null ("Mixed"). */
    /**
     * The kinds come from the summary index; drafts are read only until every field differs
     * somewhere, so a large mixed selection costs a few file reads, not one per draft.
     */
    async fields(ids: readonly string[]) {
      await drafts.flush()
      const index = await drafts.index()
      const known = [...new Set(ids)].filter((id) => index.has(id))
      const infos = commonFields(known.map((id) => index.get(id)!.kind))
      const reads = infos.map((info) => CSV_FIELDS.find((field) => field.column === info.column)?.read)
      // undefined: no draft read yet; null: the drafts differ ("Mixed").
      const values: (string | null | undefined)[] = infos.map(() => undefined)
      for (const id of known) {
        if (values.every((value) => value === null)) break
        const draft = await drafts.find(id)
        if (!draft) continue
        reads.forEach((read, at) => {
          const own = read ? read(draft.content) : draft.name
          const value = values[at]
          if (own === undefined || (value !== undefined && value !== own)) values[at] = null
          else values[at] = own
        })
      }
      const fields = infos.map((info, at) => ({
        column: info.column,
        label: info.label,
        numeric: info.numeric === true,
        value: values[at] ?? null,
      }))
      return { count: known.length, fields }
    },

    async preview(scope: BulkScope, operation: BulkOperation) {
      let transform: ReturnType<typeof compileOperation>
      try {
        transform = compileOperation(operation)
      } catch (error) {
        if (error instanceof OperationProblem) throw refuse(error.message, error.field)
        throw error
      }
      await drafts.flush()
      const ids = 'all' in scope ? await drafts.allIds() : scope.ids
      if (ids.length === 0) throw refuse('Select some drafts first, or search all drafts.')
      const changes: PlannedChange[] = []
      const items: PreviewItem[] = []
      const skipped: PreviewItem[] = []
      const counts = { scanned: 0, changed: 0, unchanged: 0, refused: 0 }
      const teamRules = (await options.teamRules?.()) ?? []
      for (const id of new Set(ids)) {
        const draft = await drafts.find(id)
        if (!draft) continue
        counts.scanned++
        const plan = planDraft(draft, transform, teamRules)
        counts[plan.outcome]++
        if (plan.outcome === 'unchanged') continue
        const item = {
          id: draft.id,
          name: draft.name,
          changes: plan.changes,
          reasons: plan.outcome === 'refused' ? plan.reasons : [],
        }
        if (plan.outcome === 'refused') {
          if (skipped.length < BULK_PREVIEW_LIMITS.itemsListed) skipped.push(item)
          continue
        }
        if (items.length < BULK_PREVIEW_LIMITS.itemsListed) items.push(item)
        changes.push({ before: draft, patch: plan.patch })
      }
      const token = randomUUID()
      pending = { token, operation, changes }
      return { token, counts, items, skipped }
    },

    /**
     * Writes the preview's changes as one step. A draft edited or deleted since the preview is
     * left alone and listed; a save that fails puts back the drafts already changed.
     */
    async apply(token: string) {
      if (!pending || pending.token !== token)
        throw refuse('This preview is no longer current. Preview the change again, then apply it.')
      const { operation, changes } = pending
      pending = null
      await drafts.flush()
      const skipped: { id: string; name: string; reason: string }[] = []
      const ready: PlannedChange[] = []
      const index = await drafts.index()
      for (const change of changes) {
        const { id, name, updatedAt } = change.before
        const now = index.get(id)?.updatedAt
        if (now === undefined) skipped.push({ id, name, reason: 'The draft was deleted after the preview.' })
        else if (now !== updatedAt)
          skipped.push({
            id,
            name,
            reason: 'The draft was edited after the preview; preview again to include it.',
          })
        else ready.push(change)
      }
      const done: Draft[] = []
      try {
        for (const { before, patch } of ready) {
          await drafts.update(before.id, patch)
          done.push(before)
          // Written as it goes: main keeps every draft not yet written in memory, and looking
          // through thousands of them for each save made a large apply quadratic.
          if (done.length % FLUSH_EVERY === 0) await drafts.flush()
        }
      } catch (error) {
        for (const before of done)
          await drafts.update(before.id, { name: before.name, content: before.content })
        await drafts.flush()
        const why = error instanceof Error ? error.message : 'a draft could not be saved'
        throw new AppFailure(
          appError(
            'invalid_input',
            `Nothing was changed: ${why.replace(/\.$/, '')}. Preview the change again.`,
          ),
        )
      }
      await drafts.flush()
      if (done.length > 0)
        await recorder.record({ ...stepOf(operation, done.length), before: done, created: [] })
      return { applied: done.length, skipped }
    },
  }
}

export type BulkEditService = ReturnType<typeof createBulkEditService>
