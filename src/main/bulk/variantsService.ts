import { AppFailure, appError } from '../../shared/errors'
import type { Draft, DraftKind } from '../../shared/drafts/envelope'
import type {
  DraftGroup,
  VariantField,
  VariantValue,
  VariantVariable,
} from '../../shared/ipc/contracts/variants'
import { plural } from '../../shared/rules/issues'
import { UNRECORDED_STEPS, type BulkStepRecorder } from './bulkSteps'
import type { GroupsStore } from './groupsStore'
import { mediaOf, variantFieldsOf, type VariantFieldDef } from './variantFields'
import { lockedReason, newContentProblems } from './draftRules'
import { planVariants, resolveVariables } from './variants'

/** What variants need of the drafts: their public calls, nothing of the store's insides. */
export interface VariantDraftsPort {
  /** The draft, or undefined when there is none with that id. */
  find(id: string): Promise<Draft | undefined>
  create(kind: DraftKind, name: string, content: unknown): Promise<Draft>
  update(id: string, patch: { name?: string; content?: unknown }): Promise<unknown>
  flush(): Promise<unknown>
  /** Every live draft's name by its id (the store's list, once loaded). */
  liveNames(): Promise<ReadonlyMap<string, string>>
}

/** Drafts written at once: their files' writes overlap, and IPC answers come between batches. */
const WRITE_BATCH = 16

function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

function fieldView(field: VariantFieldDef, current: VariantValue | null, mixed = false): VariantField {
  return {
    key: field.key,
    label: field.label,
    type: field.type,
    current,
    ...(mixed ? { mixed } : {}),
    ...(field.choices ? { choices: field.choices.map((choice) => ({ ...choice })) } : {}),
  }
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Variants of a draft and the groups they make: the dialog's fields and preview, the drafts
 * made (one bulk step), and a group's shared field set on all its drafts (one bulk step).
 */
export function createVariantsService(options: {
  drafts: VariantDraftsPort
  groups: GroupsStore
  recorder?: BulkStepRecorder
}) {
  const { drafts, groups } = options
  const recorder = options.recorder ?? UNRECORDED_STEPS

  const source = async (id: string): Promise<Draft> => {
    await drafts.flush()
    const draft = await drafts.find(id)
    if (!draft)
      throw new AppFailure(appError('not_found', 'That draft no longer exists — it may have been deleted.'))
    return draft
  }

  const groupDrafts = async (groupId: string): Promise<{ group: DraftGroup; members: Draft[] }> => {
    const group = await groups.get(groupId)
    if (!group) throw new AppFailure(appError('not_found', 'That group no longer exists.'))
    await drafts.flush()
    const members: Draft[] = []
    for (const id of group.draftIds) {
      const draft = await drafts.find(id)
      if (draft) members.push(draft)
    }
    if (members.length === 0)
      throw new AppFailure(appError('not_found', 'Every draft of that group was deleted.'))
    return { group, members }
  }

  return {
    async fields(draftId: string) {
      const draft = await source(draftId)
      return {
        fields: variantFieldsOf(draft.kind, draft.content).map((field) =>
          fieldView(field, field.read(draft.content) ?? null),
        ),
        media: mediaOf(draft.content),
      }
    },

    async preview(request: { draftId: string; base: string; variables: VariantVariable[] }) {
      const draft = await source(request.draftId)
      const rows = planVariants(draft, request.base, resolveVariables(draft, request.variables))
      return { rows: rows.map(({ picks, name, reasons }) => ({ picks, name, reasons })) }
    },

    async generate(request: {
      draftId: string
      base: string
      variables: VariantVariable[]
      picks: number[][]
    }) {
      const draft = await source(request.draftId)
      const planned = planVariants(
        draft,
        request.base,
        resolveVariables(draft, request.variables),
        request.picks,
      )
      const valid = planned.filter((row) => row.content !== undefined)
      const skipped = planned
        .filter((row) => row.content === undefined)
        .map(({ name, reasons }) => ({ name, reasons }))
      if (valid.length === 0)
        throw refuse(
          `None of the ${plural(planned.length, 'variant')} can be made: ${skipped[0]?.reasons[0] ?? 'each breaks a rule'} Change the values and try again.`,
        )
      const created: string[] = []
      for (let start = 0; start < valid.length; start += WRITE_BATCH) {
        const batch = valid.slice(start, start + WRITE_BATCH)
        const made = await Promise.all(batch.map((row) => drafts.create(draft.kind, row.name, row.content)))
        created.push(...made.map((made) => made.id))
        await yieldToEvents()
      }
      const group = await groups.create({
        name: request.base.trim(),
        sourceDraftId: draft.id,
        draftIds: created,
        createdAt: new Date().toISOString(),
      })
      await recorder.record({
        kind: 'variants',
        label: `Made ${plural(created.length, 'variant')} of “${draft.name}”`,
        before: [],
        created,
      })
      return { group, skipped }
    },

    /** The groups with their live drafts; a group whose drafts are all gone is not listed. */
    async list() {
      const live = await drafts.liveNames()
      const all = await groups.list()
      return {
        groups: all
          .map((group) => {
            const draftIds = group.draftIds.filter((id) => live.has(id))
            return { ...group, draftIds, names: draftIds.map((id) => live.get(id)!) }
          })
          .filter((group) => group.draftIds.length > 0),
      }
    },

    async groupFields(groupId: string) {
      const { members } = await groupDrafts(groupId)
      const [first] = members as [Draft, ...Draft[]]
      const same = members.filter((draft) => draft.kind === first.kind)
      const fields = variantFieldsOf(first.kind, first.content).map((field) => {
        const values = same.map((draft) => JSON.stringify(field.read(draft.content) ?? null))
        const mixed = values.some((value) => value !== values[0])
        return fieldView(field, mixed ? null : (field.read(first.content) ?? null), mixed)
      })
      return { fields, media: mediaOf(same.map((draft) => draft.content)) }
    },

    async setField(request: { groupId: string; key: string; value: VariantValue }) {
      const { group, members } = await groupDrafts(request.groupId)
      const skipped: { name: string; reasons: string[] }[] = []
      const changes: { draft: Draft; content: unknown }[] = []
      let label = request.key
      for (const draft of members) {
        const field = variantFieldsOf(draft.kind, draft.content).find((f) => f.key === request.key)
        if (field) label = field.label
        if (draft.status === 'published' || draft.published) {
          skipped.push({ name: draft.name, reasons: ['It is published: published drafts are read-only.'] })
          continue
        }
        const locked = lockedReason(draft)
        if (locked) {
          skipped.push({ name: draft.name, reasons: [locked] })
          continue
        }
        if (!field) {
          skipped.push({
            name: draft.name,
            reasons: [`It has no ${request.key.replaceAll('_', ' ')} to set.`],
          })
          continue
        }
        const written = field.write(draft.content, request.value)
        if (!written.ok) {
          skipped.push({ name: draft.name, reasons: [written.reason] })
          continue
        }
        if (JSON.stringify(written.content) === JSON.stringify(draft.content)) continue
        const reasons = newContentProblems(draft, written.content)
        if (reasons.length > 0) skipped.push({ name: draft.name, reasons })
        else changes.push({ draft, content: written.content })
      }
      for (const { draft, content } of changes) await drafts.update(draft.id, { content })
      await drafts.flush()
      if (changes.length > 0)
        await recorder.record({
          kind: 'edit',
          label: `Set ${label} on ${plural(changes.length, 'draft')} of “${group.name}”`,
          before: changes.map((change) => change.draft),
          created: [],
        })
      return { applied: changes.length, skipped }
    },
  }
}

export type VariantsService = ReturnType<typeof createVariantsService>
