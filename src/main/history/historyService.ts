/**
 * What the window asks of a draft's history: its timeline, two versions compared, a version
 * restored (recorded in the undo list, so it is one step to take back), and the undo list.
 */
import { AppFailure, appError } from '../../shared/errors'
import type { Draft } from '../../shared/drafts/envelope'
import type { TimelineEntry } from '../../shared/ipc/contracts/history'
import type { BulkStepRecorder } from '../bulk/bulkSteps'
import { compareFields, topFieldWords, type FieldChangeRow } from './compare'
import { stateOf, type HistoryStore } from './historyStore'
import type { Entry, Version } from './thinning'
import { OUT_STATUSES } from './undoList'
import { flatten, sameValue, unflatten } from './versionDelta'

export interface HistoryDraftsPort {
  find(id: string): Promise<Draft | undefined>
  /** Writes name and content durably; answers the draft as saved. */
  save(draft: Draft): Promise<Draft>
  flush(): Promise<unknown>
}

function refuse(message: string, code: 'invalid_input' | 'not_found' = 'invalid_input'): AppFailure {
  return new AppFailure(appError(code, message))
}

export function createHistoryService(options: {
  history: HistoryStore
  drafts: HistoryDraftsPort
  steps: BulkStepRecorder
}) {
  const { history, drafts } = options

  const draftOf = async (id: string) => {
    await drafts.flush()
    const draft = await drafts.find(id)
    if (!draft) throw refuse('That draft no longer exists — it may have been deleted.', 'not_found')
    return draft
  }

  const versions = (entries: readonly Entry[]) =>
    entries.filter((entry): entry is Version & { k: 'v' } => entry.k === 'v')

  const versionOf = (entries: readonly Entry[], n: number) => {
    const found = versions(entries).find((entry) => entry.n === n)
    if (!found)
      throw refuse(
        `Version ${n} is no longer kept: older versions are thinned to one a day after 90 days. Choose another.`,
        'not_found',
      )
    return found
  }

  return {
    async timeline(draftId: string): Promise<{ entries: TimelineEntry[] }> {
      const draft = await draftOf(draftId)
      const entries = await history.entries(draftId, draft)
      const kept = versions(entries)
      const newest = kept.at(-1)
      // The oldest version kept changed every field from nothing: it lists none.
      const oldest = kept[0]
      const timeline = entries.map((entry): TimelineEntry =>
        entry.k === 'v'
          ? {
              type: 'version',
              n: entry.n,
              at: entry.at,
              fields: entry === oldest ? [] : entry.changed.map(topFieldWords),
              current: entry === newest,
            }
          : { type: entry.what, at: entry.at, label: entry.label },
      )
      return { entries: timeline.reverse() }
    },

    async compare(draftId: string, from: number, to: number): Promise<{ changes: FieldChangeRow[] }> {
      const entries = await history.peek(draftId)
      return { changes: compareFields(versionOf(entries, from).fields, versionOf(entries, to).fields) }
    },

    async restore(draftId: string, n: number): Promise<Draft> {
      const draft = await draftOf(draftId)
      if (OUT_STATUSES.has(draft.status))
        throw refuse(
          'This draft is published (or on its way): it cannot go back to an earlier version. Duplicate it and restore the copy.',
        )
      const entries = await history.entries(draftId, draft)
      const version = versionOf(entries, n)
      if (sameValue(flatten(stateOf(draft)), version.fields))
        throw refuse('This version is the draft as it is now: there is nothing to restore.')
      const state = unflatten(version.fields)
      let saved: Draft
      try {
        saved = await drafts.save({ ...draft, name: state.name, content: state.content })
      } catch (error) {
        const why = error instanceof Error ? error.message : 'it could not be saved'
        throw refuse(`Version ${n} could not be restored: ${why}`)
      }
      await options.steps.record({
        kind: 'restore',
        label: `Restored version ${n} of “${draft.name}”`,
        before: [draft],
        created: [],
      })
      return saved
    },
  }
}

export type HistoryService = ReturnType<typeof createHistoryService>
