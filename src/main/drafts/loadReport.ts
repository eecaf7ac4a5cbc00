import type { RestoreErrorCode } from '../../shared/drafts/migrations'

/** What reading the drafts folder found: the store's load answers it, the drafts page shows it. */

export type QuarantineReason =
  | 'unreadable'
  | 'not_a_file'
  | 'too_large'
  | 'too_complex'
  | 'not_json'
  | 'id_mismatch'
  | Exclude<RestoreErrorCode, 'future_version'>

export interface QuarantinedFile {
  fileName: string
  /** Absent only when the move itself failed; the file then stays where it was. */
  quarantinePath?: string
  reason: QuarantineReason
  message: string
}

export interface MigratedDraft {
  id: string
  fromVersion: number
  toVersion: number
  backupPath: string
}

export interface RepairedDraft {
  id: string
  repairs: string[]
  backupPath: string
}

export interface SkippedFile {
  fileName: string
  message: string
}

export interface LoadReport {
  loaded: number
  migrated: MigratedDraft[]
  repaired: RepairedDraft[]
  quarantined: QuarantinedFile[]
  /** Drafts from a newer app version: left in place untouched so an upgrade finds them again. */
  skipped: SkippedFile[]
  trashed: number
  /** Leftovers of writes interrupted by a crash; never acknowledged, so safe to drop. */
  tempFilesRemoved: number
  /** Problems that did not stop a draft from loading, e.g. a migrated copy that could not be written yet. */
  warnings: string[]
}

export function emptyReport(warnings: string[] = []): LoadReport {
  return {
    loaded: 0,
    migrated: [],
    repaired: [],
    quarantined: [],
    skipped: [],
    trashed: 0,
    tempFilesRemoved: 0,
    warnings,
  }
}
