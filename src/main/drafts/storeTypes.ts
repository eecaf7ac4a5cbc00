import type {
  ContentValidator,
  Draft,
  DraftKind,
  DraftStatus,
  DraftSummary,
  PublishedRefs,
} from '../../shared/drafts/envelope'
import type { DraftStoreError } from './errors'
import type { LoadReport } from './loadReport'

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
  /** How many whole drafts main keeps in memory (FULL_DRAFTS_KEPT); tests make it small. */
  fullDraftsKept?: { drafts: number; bytes: number }
}

/**
 * A load is a pass over every file, told as it goes: `loading`, a `read` per live draft (save
 * and remove changes may come between them, and are newer), then `loaded`.
 */
export type DraftChange =
  | { type: 'loading' }
  | { type: 'read'; draft: Readonly<Draft> }
  | { type: 'loaded' }
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
  /**
   * Makes the folders and learns which drafts there are from their file names, reading none:
   * from here a draft can be read (`get`, one file), changed and removed.
   */
  open(): Promise<void>
  /** The `count` newest drafts by their files' times, each read from its file (a first page). */
  firstDrafts(count: number): Promise<Draft[]>
  /**
   * Opens if need be, then reads and checks every file (quarantine, upgrades, the trash), keeping
   * only summaries; the store answers meanwhile. list, the trash and import wait for it.
   */
  load(): Promise<LoadReport>
  /**
   * What reading found so far: the last load's report, with what `get` found since; before the
   * first load, what opening the folder and reading single drafts found.
   */
  findings(): LoadReport
  list(): DraftSummary[]
  /** The draft, from the few main keeps or read from its one file; undefined when there is none. */
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
