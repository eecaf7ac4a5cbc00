import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { AppFailure, appError } from '../../shared/errors'
import { DRAFTS_CSV_LIMITS } from '../../shared/drafts/csvFormat'
import type { Draft } from '../../shared/drafts/envelope'
import { formatNumber, plural } from '../../shared/rules/issues'
import { writeFileAtomic } from '../files/atomicFile'
import { UNRECORDED_STEPS, type BulkStepRecorder } from './bulkSteps'
import { readRegularFile, UnsafeFileError } from '../files/regularFile'
import { draftsToCsv } from './csvExport'
import type { TeamRulePack } from '../../shared/rules/teamPacks/types'
import { decodeCsv, planImport, type ImportRow, type PlannedChange } from './csvImport'

/** The save and open dialogs for drafts CSV files (Electron's in the app, scripted in tests). */
export interface DraftsCsvDialogs {
  chooseCsvExportPath(defaultFileName: string): Promise<string | null>
  chooseCsvFile(): Promise<string | null>
}

/** What this module needs of the drafts: their public service, nothing of the store's insides. */
export interface DraftsPort {
  /** The draft, or undefined when these drafts have none with that id. */
  find(id: string): Promise<Draft | undefined>
  update(id: string, patch: { name?: string; content?: unknown }): Promise<unknown>
  flush(): Promise<unknown>
}

/** Without dialogs (tests that do not pick files), nothing is saved or read. */
export const NO_CSV_DIALOGS: DraftsCsvDialogs = {
  chooseCsvExportPath: async () => null,
  chooseCsvFile: async () => null,
}

/** The port over the drafts service's public calls: `get` answers not_found for an unknown id. */
export function draftsPortOf(drafts: {
  get(id: string): Promise<Draft>
  update(id: string, patch: { name?: string; content?: unknown }): Promise<unknown>
  flush(): Promise<unknown>
}): DraftsPort {
  return {
    find: (id) =>
      drafts.get(id).catch((error: unknown) => {
        if (error instanceof AppFailure && error.code === 'not_found') return undefined
        throw error
      }),
    update: (id, patch) => drafts.update(id, patch),
    flush: () => drafts.flush(),
  }
}

const MAX_BYTES = DRAFTS_CSV_LIMITS.maxMegabytes * 1024 * 1024

function refuse(message: string): AppFailure {
  return new AppFailure(appError('invalid_input', message))
}

function summary(rows: readonly ImportRow[]) {
  const count = (outcome: ImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length
  return { changed: count('changed'), unchanged: count('unchanged'), refused: count('refused') }
}

/**
 * Drafts as CSV: export the drafts the designer chose, read back a file they chose (a capability,
 * never a path from the page) into a report, then apply that report's changes. One report waits
 * at a time; apply checks each draft is still as it was when the report was made.
 */
export function createDraftsCsvService(options: {
  drafts: DraftsPort
  dialogs: DraftsCsvDialogs
  now?: () => Date
  /** The active account's team rule packs (teamRules/packStore.ts); none when absent. */
  teamRules?: () => Promise<readonly TeamRulePack[]>
  /** The undo list: an applied import is one step. */
  steps?: BulkStepRecorder
}) {
  const now = options.now ?? (() => new Date())
  const steps = options.steps ?? UNRECORDED_STEPS
  let pending: { token: string; fileName: string; changes: PlannedChange[] } | null = null

  return {
    async exportCsv(ids: readonly string[]): Promise<{ exported: number; fileName?: string }> {
      const unique = [...new Set(ids)]
      if (unique.length === 0)
        throw refuse('No drafts to export: the list shows none. Change the filters and try again.')
      const path = await options.dialogs.chooseCsvExportPath(`drafts-${now().toISOString().slice(0, 10)}.csv`)
      if (!path) return { exported: 0 }
      await options.drafts.flush()
      const drafts: Draft[] = []
      for (const id of unique) {
        const draft = await options.drafts.find(id)
        if (draft) drafts.push(draft)
      }
      try {
        await writeFileAtomic(path, draftsToCsv(drafts))
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error'
        throw refuse(`Could not save ${basename(path)} (${code}). Choose another folder and export again.`)
      }
      return { exported: drafts.length, fileName: basename(path) }
    },

    async previewImport(): Promise<
      | { chosen: false }
      | {
          chosen: true
          token: string
          fileName: string
          rows: ImportRow[]
          counts: ReturnType<typeof summary>
        }
    > {
      const path = await options.dialogs.chooseCsvFile()
      if (!path) return { chosen: false }
      const name = basename(path)
      let bytes: Buffer
      try {
        bytes = await readRegularFile(path, { maxBytes: MAX_BYTES, followLinks: true })
      } catch (error) {
        if (error instanceof UnsafeFileError && error.reason === 'too_large')
          throw refuse(
            `${name} is larger than ${formatNumber(DRAFTS_CSV_LIMITS.maxMegabytes)} MB. Split it and import each part.`,
          )
        if (error instanceof UnsafeFileError)
          throw refuse(
            `${name} ${error.reason === 'not_a_file' ? 'is not a file' : 'changed while it was read'}.`,
          )
        throw refuse(`Could not read ${name} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`)
      }
      await options.drafts.flush()
      const { text, damaged } = decodeCsv(bytes)
      const plan = await planImport(text, damaged, options.drafts.find, (await options.teamRules?.()) ?? [])
      const token = randomUUID()
      pending = { token, fileName: name, changes: plan.changes }
      // Unchanged rows are counted, not listed: the window shows what changes and what is refused.
      const listed = plan.rows.filter((row) => row.outcome !== 'unchanged')
      return { chosen: true, token, fileName: name, rows: listed, counts: summary(plan.rows) }
    },

    /** Applies the report's changes; a draft edited since the report is left alone and listed. */
    async applyImport(
      token: string,
    ): Promise<{ applied: number; skipped: { line: number; reason: string }[] }> {
      if (!pending || pending.token !== token)
        throw refuse('This import report is no longer current. Import the file again to see a new report.')
      const { changes, fileName } = pending
      pending = null
      const skipped: { line: number; reason: string }[] = []
      const before: Draft[] = []
      let applied = 0
      for (const change of changes) {
        const draft = await options.drafts.find(change.id)
        if (!draft || draft.updatedAt !== change.baseUpdatedAt) {
          skipped.push({
            line: change.line,
            reason: draft
              ? 'The draft was edited after the report was made; import the file again to include it.'
              : 'The draft was deleted after the report was made.',
          })
          continue
        }
        try {
          await options.drafts.update(change.id, change.patch)
          before.push(draft)
          applied++
        } catch (error) {
          skipped.push({
            line: change.line,
            reason: error instanceof Error ? error.message : 'It could not be saved.',
          })
        }
      }
      await options.drafts.flush()
      if (before.length > 0)
        await steps.record({
          kind: 'import',
          label: `Imported ${fileName}: ${plural(before.length, 'draft')} changed`,
          before,
          created: [],
        })
      return { applied, skipped }
    },
  }
}

export type DraftsCsvService = ReturnType<typeof createDraftsCsvService>
