import type {
  ContentValidator,
  Draft,
  DraftKind,
  DraftStatus,
  DraftSummary,
  PublishedRefs,
} from '../../shared/drafts/envelope'
import type { DraftStoreError } from './errors'
import type { LoadReport } from './loader'

/** The draft store's interface and vocabulary (store.ts implements it and re-exports all of it). */

export interface DraftStoreOptions {
  /** Data directory; the store owns `drafts/`, `trash/`, `quarantine/` and `backups/` inside it. */
  dir: string
  /** Per-kind content model check; without it any JSON content is accepted. */
  validateContent?: ContentValidator
  now?: () => Date
  /** Quiet time after the last change before an autosave is written. */
  autosaveDelayMs?: number
  /** Upper bound on how long continuous typing can postpone an autosave. */
  autosaveMaxWaitMs?: number
  /** Autosaves run in the background; their failures are reported here (the change stays pending). */
  onAutosaveError?: (error: DraftStoreError) => void
  /**
   * Told of every change to the live drafts, as it happens in memory (the summary index follows
   * them). It gets the store's own objects: to read, never to keep changing.
   */
  onChange?: (change: DraftChange) => void
  /** How many backups of each draft to keep (read at every backup, so a settings change applies). */
  backupsKept?: () => number
}

export type DraftChange =
  | { type: 'loaded'; drafts: ReadonlyMap<string, Draft> }
  | { type: 'saved'; draft: Readonly<Draft> }
  | { type: 'removed'; id: string }

export interface DraftPatch {
  name?: string
  /** Any plain JSON; checked at runtime and by the injected content validator. */
  content?: unknown
}

export interface TrashEntry extends DraftSummary {
  removedAt: string
}

export interface ImportResult {
  draft: Draft
  /** The id in the file was already taken here, so the draft got a new one. */
  idChanged: boolean
  originalId: string
  migratedFrom?: number
}

export interface DraftStore {
  readonly dir: string
  load(): Promise<LoadReport>
  list(): DraftSummary[]
  get(id: string): Draft | undefined
  create(kind: DraftKind, name: string, content: unknown): Promise<Draft>
  /** Writes name and content durably; status and published ids change only through setStatus. */
  save(draft: Draft): Promise<Draft>
  scheduleSave(id: string, patch: DraftPatch): Draft
  hasPendingChanges(id?: string): boolean
  /** Writes pending changes durably: of every draft, or only of `ids`. */
  flush(ids?: readonly string[]): Promise<void>
  duplicate(id: string): Promise<Draft>
  remove(id: string): Promise<void>
  undoRemove(id: string): Promise<Draft>
  listTrash(): TrashEntry[]
  emptyTrash(): Promise<number>
  exportDraft(id: string, filePath: string): Promise<void>
  importDraft(filePath: string): Promise<ImportResult>
  setStatus(
    id: string,
    status: DraftStatus,
    published?: PublishedRefs,
    options?: SetStatusOptions,
  ): Promise<Draft>
  close(): Promise<void>
}

export interface SetStatusOptions {
  /**
   * false: the change is live at once (and shown) and reaches the disk with the next autosave
   * or flush, for a caller whose own durable record can restore it after a crash (the outbox's
   * job file holds every step's result). Default true: on disk when the promise resolves.
   */
  durable?: boolean
}
