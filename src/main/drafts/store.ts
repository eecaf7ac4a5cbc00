/**
 * The draft store: one JSON file per draft, written atomically, indexed in memory.
 *
 *   <dir>/drafts/<id>.json      live drafts (the only files the app edits)
 *   <dir>/trash/<id>.json       removed drafts, until undo or emptyTrash; mtime = removal time
 *   <dir>/backups/<id>.v<N>.json originals kept before a migration or repair rewrote them
 *   <dir>/quarantine/...        files that could not be read, moved aside, never deleted
 *
 * Node only (no electron), so tests, benches and the E2E bridge use it as the app does.
 */
import { randomUUID } from 'node:crypto'
import { constants as fsConstants } from 'node:fs'
import { open, unlink, utimes, type FileHandle } from 'node:fs/promises'
import { basename, join } from 'node:path'
import {
  CURRENT_DRAFT_SCHEMA_VERSION,
  draftSchema,
  isDraftKind,
  isDraftStatus,
  publishedRefsSchema,
  summarizeDraft,
} from '../../shared/drafts/envelope'
import type {
  ContentValidator,
  Draft,
  DraftKind,
  DraftStatus,
  DraftSummary,
  PublishedRefs,
} from '../../shared/drafts/envelope'
import { toExchangeFile, unwrapExchangeFile } from '../../shared/drafts/exchange'
import { isJsonValue, JSON_LIMITS, scanJsonText, stripByteOrderMark } from '../../shared/drafts/json'
import { byMostRecentlyChanged } from '../../shared/drafts/listOrder'
import { restoreDraft } from '../../shared/drafts/migrations'
import { fsyncDirectory, isErrno, renameWithRetry, writeFileAtomic } from './atomicFile'
import { DraftStoreError, ioError } from './errors'
import { draftFileName, layoutFor } from './layout'
import type { DraftStoreLayout } from './layout'
import { loadDirectory } from './loader'
import type { LoadReport } from './loader'
import { DEFAULT_BACKUPS_KEPT } from './backups'
import { serializeDraft } from './serialize'

// Callers get the store and its whole vocabulary from this one module.
export { DraftStoreError } from './errors'
export type { DraftStoreErrorCode } from './errors'
export type {
  LoadReport,
  MigratedDraft,
  QuarantinedFile,
  QuarantineReason,
  RepairedDraft,
  SkippedFile,
} from './loader'

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

export const DEFAULT_AUTOSAVE_DELAY_MS = 250
export const DEFAULT_AUTOSAVE_MAX_WAIT_MS = 2_000
// Far above any real draft (media are referenced, not embedded; an exported long-form post is
// under 200 kB): checked before a byte is read, so a stray video or a crafted file is not parsed.
export const MAX_IMPORT_BYTES = 1024 * 1024

export function createDraftStore(options: DraftStoreOptions): DraftStore {
  return new FileDraftStore(options)
}

interface PendingAutosave {
  timer: ReturnType<typeof setTimeout>
  firstChangeAt: number
}

class FileDraftStore implements DraftStore {
  readonly dir: string
  private readonly layout: DraftStoreLayout
  private readonly validateContent: ContentValidator | undefined
  private readonly now: () => Date
  private readonly backupsKept: () => number
  private readonly autosaveDelayMs: number
  private readonly autosaveMaxWaitMs: number
  private readonly onAutosaveError: (error: DraftStoreError) => void
  private readonly onChange: (change: DraftChange) => void

  private state: 'new' | 'loaded' | 'closed' = 'new'
  private drafts = new Map<string, Draft>()
  private trash = new Map<string, { draft: Draft; removedAt: string }>()
  /** Drafts whose in-memory state is newer than their file. */
  private readonly dirty = new Set<string>()
  private readonly autosaves = new Map<string, PendingAutosave>()
  /** Per-draft queue of file operations, so writes to one draft land in order. */
  private readonly queues = new Map<string, Promise<void>>()

  constructor(options: DraftStoreOptions) {
    this.dir = options.dir
    this.layout = layoutFor(options.dir)
    this.validateContent = options.validateContent
    this.backupsKept = options.backupsKept ?? (() => DEFAULT_BACKUPS_KEPT)
    this.now = options.now ?? (() => new Date())
    this.autosaveDelayMs = options.autosaveDelayMs ?? DEFAULT_AUTOSAVE_DELAY_MS
    this.autosaveMaxWaitMs = Math.max(
      this.autosaveDelayMs,
      options.autosaveMaxWaitMs ?? DEFAULT_AUTOSAVE_MAX_WAIT_MS,
    )
    this.onAutosaveError = options.onAutosaveError ?? (() => undefined)
    this.onChange = options.onChange ?? (() => undefined)
  }

  async load(): Promise<LoadReport> {
    if (this.state === 'closed') throw closedError()
    if (this.state === 'loaded') await this.flush()
    const loaded = await loadDirectory({
      layout: this.layout,
      validateContent: this.validateContent,
      now: this.now,
      backupsKept: this.backupsKept,
    })
    this.drafts = loaded.drafts
    this.trash = loaded.trash
    this.state = 'loaded'
    this.onChange({ type: 'loaded', drafts: this.drafts })
    return loaded.report
  }

  list(): DraftSummary[] {
    this.assertReady()
    return [...this.drafts.values()].map(summarizeDraft).sort(byMostRecentlyChanged)
  }

  get(id: string): Draft | undefined {
    this.assertReady()
    const draft = this.drafts.get(id)
    return draft ? structuredClone(draft) : undefined
  }

  async create(kind: DraftKind, name: string, content: unknown): Promise<Draft> {
    this.assertReady()
    if (!isDraftKind(kind))
      throw new DraftStoreError('invalid_draft', `Unknown draft kind ${JSON.stringify(kind)}`)
    if (typeof name !== 'string') throw new DraftStoreError('invalid_draft', 'A draft name must be text')
    const timestamp = this.timestamp()
    const draft: Draft = {
      id: randomUUID(),
      kind,
      name,
      createdAt: timestamp,
      updatedAt: timestamp,
      schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
      status: 'draft',
      content: this.checkContent(kind, content),
    }
    await this.writeNew(draft)
    return structuredClone(draft)
  }

  async save(input: Draft): Promise<Draft> {
    this.assertReady()
    const parsed = draftSchema.safeParse(input)
    if (!parsed.success) {
      const problems = parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'draft'}: ${issue.message}`,
      )
      throw new DraftStoreError('invalid_draft', `The draft cannot be saved: ${problems.join('; ')}`)
    }
    const existing = this.requireDraft(parsed.data.id)
    if (parsed.data.kind !== existing.kind) {
      throw new DraftStoreError(
        'invalid_draft',
        `A ${existing.kind} draft cannot become a ${parsed.data.kind}`,
        {
          draftId: existing.id,
        },
      )
    }
    // Status and remote ids belong to the outbox (setStatus): an editor saving a copy it
    // read before publishing started must not roll them back.
    const next: Draft = {
      ...parsed.data,
      content: this.checkContent(existing.kind, parsed.data.content),
      createdAt: existing.createdAt,
      updatedAt: this.timestamp(),
      status: existing.status,
    }
    if (existing.published) next.published = existing.published
    else delete next.published
    this.setLive(next)
    await this.persistNow(next.id)
    return structuredClone(next)
  }

  scheduleSave(id: string, patch: DraftPatch): Draft {
    this.assertReady()
    const existing = this.requireDraft(id)
    const next: Draft = { ...existing, updatedAt: this.timestamp() }
    if (patch.name !== undefined) {
      if (typeof patch.name !== 'string')
        throw new DraftStoreError('invalid_draft', 'A draft name must be text')
      next.name = patch.name
    }
    if (patch.content !== undefined) next.content = this.checkContent(existing.kind, patch.content)
    this.setLive(next)
    this.dirty.add(id)
    this.armAutosave(id)
    return structuredClone(next)
  }

  hasPendingChanges(id?: string): boolean {
    if (id === undefined) return this.dirty.size > 0 || this.queues.size > 0
    return this.dirty.has(id) || this.queues.has(id)
  }

  async flush(ids?: readonly string[]): Promise<void> {
    const only = ids ? new Set(ids) : undefined
    const chosen = (id: string) => !only || only.has(id)
    for (const [id, pending] of this.autosaves) {
      if (!chosen(id)) continue
      clearTimeout(pending.timer)
      this.autosaves.delete(id)
    }
    // Two rounds: a background autosave that was already running when flush started
    // may fail after we looked, putting its draft back in `dirty`.
    let lastError: unknown
    for (let round = 0; round < 2; round++) {
      const writes = [...this.dirty].filter(chosen).map((id) => this.enqueue(id, () => this.writeCurrent(id)))
      const queued = [...this.queues].filter(([id]) => chosen(id)).map(([, queue]) => queue)
      const results = await Promise.allSettled([...writes, ...queued])
      for (const result of results) if (result.status === 'rejected') lastError = result.reason
      if (![...this.dirty].some(chosen)) return
    }
    if (lastError !== undefined) throw lastError
  }

  async duplicate(id: string): Promise<Draft> {
    this.assertReady()
    const source = this.requireDraft(id)
    const timestamp = this.timestamp()
    const copy: Draft = {
      id: randomUUID(),
      kind: source.kind,
      name: `${source.name} (copy)`,
      createdAt: timestamp,
      updatedAt: timestamp,
      schemaVersion: CURRENT_DRAFT_SCHEMA_VERSION,
      // A copy is new work: it has not been published, whatever the original's state.
      status: 'draft',
      content: structuredClone(source.content),
    }
    await this.writeNew(copy)
    return structuredClone(copy)
  }

  async remove(id: string): Promise<void> {
    this.assertReady()
    this.requireDraft(id)
    this.cancelAutosave(id)
    await this.enqueue(id, async () => {
      const draft = this.drafts.get(id)
      if (!draft) return
      // Unsaved edits go to the trash with the draft, so undo brings back what was on screen.
      if (this.dirty.has(id)) await this.writeCurrent(id)
      const from = this.draftPath(id)
      const to = this.trashPath(id)
      try {
        await renameWithRetry(from, to)
        const removedAt = this.now()
        // The trash keeps no index file: the removal time is the file's mtime.
        await utimes(to, removedAt, removedAt)
        await fsyncDirectory(this.layout.trash)
        await fsyncDirectory(this.layout.drafts)
        this.trash.set(id, { draft, removedAt: removedAt.toISOString() })
      } catch (error) {
        throw ioError('move to the trash', from, error, id)
      }
      this.drafts.delete(id)
      this.dirty.delete(id)
      this.onChange({ type: 'removed', id })
    })
  }

  async undoRemove(id: string): Promise<Draft> {
    this.assertReady()
    if (!this.trash.has(id)) {
      throw new DraftStoreError('not_in_trash', 'This draft is no longer in the trash', { draftId: id })
    }
    if (this.drafts.has(id)) {
      throw new DraftStoreError('already_exists', 'A draft with this id already exists', { draftId: id })
    }
    return this.enqueue(id, async () => {
      const entry = this.trash.get(id)
      if (!entry)
        throw new DraftStoreError('not_in_trash', 'This draft is no longer in the trash', { draftId: id })
      const from = this.trashPath(id)
      try {
        await renameWithRetry(from, this.draftPath(id))
        await fsyncDirectory(this.layout.drafts)
        await fsyncDirectory(this.layout.trash)
      } catch (error) {
        throw ioError('restore from the trash', from, error, id)
      }
      this.trash.delete(id)
      this.setLive(entry.draft)
      return structuredClone(entry.draft)
    })
  }

  listTrash(): TrashEntry[] {
    this.assertReady()
    return [...this.trash.values()]
      .map(({ draft, removedAt }) => ({ ...summarizeDraft(draft), removedAt }))
      .sort((a, b) => (a.removedAt < b.removedAt ? 1 : a.removedAt > b.removedAt ? -1 : 0))
  }

  async emptyTrash(): Promise<number> {
    this.assertReady()
    const ids = [...this.trash.keys()]
    await Promise.all(
      ids.map((id) =>
        this.enqueue(id, async () => {
          const path = this.trashPath(id)
          try {
            await unlink(path)
          } catch (error) {
            if (!isErrno(error, 'ENOENT')) throw ioError('delete', path, error, id)
          }
          this.trash.delete(id)
        }),
      ),
    )
    await fsyncDirectory(this.layout.trash)
    return ids.length
  }

  async exportDraft(id: string, filePath: string): Promise<void> {
    this.assertReady()
    const draft = this.requireDraft(id)
    const file = toExchangeFile(draft, this.timestamp())
    try {
      await writeFileAtomic(filePath, `${JSON.stringify(file, null, 2)}\n`)
    } catch (error) {
      throw ioError('write the export file', filePath, error, id)
    }
  }

  async importDraft(filePath: string): Promise<ImportResult> {
    this.assertReady()
    // Messages name the file only: they may be copied into a support thread, and a path
    // says more about the person's disk than they meant to share.
    const name = basename(filePath)
    const invalid = (message: string) => new DraftStoreError('import_invalid', message, { filePath })
    const text = await readImportFile(filePath)
    // Cheap and linear first: a file that would be costly to build is refused before JSON.parse.
    const scan = scanJsonText(text, JSON_LIMITS)
    if (!scan.ok) throw invalid(`${name} cannot be imported: ${scan.reason}, far more than any draft`)
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw invalid(`${name} is not an Ads Studio draft: it is not valid JSON`)
    }
    const unwrapped = unwrapExchangeFile(parsed)
    if (!unwrapped.ok) throw invalid(`${unwrapped.message}: ${name}`)
    const restored = restoreDraft(unwrapped.rawDraft, {
      validateContent: this.validateContent,
      fallbackTime: this.timestamp(),
    })
    if (!restored.ok) throw invalid(`${name} cannot be imported. ${restored.error.message}`)

    const originalId = restored.draft.id
    const idTaken = this.drafts.has(originalId) || this.trash.has(originalId) || this.queues.has(originalId)
    const draft: Draft = {
      ...restored.draft,
      id: idTaken ? randomUUID() : originalId,
      // Remote ids belong to the account that published them; here it is unpublished work.
      status: 'draft',
      updatedAt: this.timestamp(),
    }
    delete draft.published
    await this.writeNew(draft)
    const result: ImportResult = { draft: structuredClone(draft), idChanged: idTaken, originalId }
    if (restored.migratedFrom !== undefined) result.migratedFrom = restored.migratedFrom
    return result
  }

  async setStatus(
    id: string,
    status: DraftStatus,
    published?: PublishedRefs,
    options: SetStatusOptions = {},
  ): Promise<Draft> {
    this.assertReady()
    const existing = this.requireDraft(id)
    if (!isDraftStatus(status))
      throw new DraftStoreError('invalid_draft', `Unknown status ${JSON.stringify(status)}`)
    const next: Draft = { ...existing, status, updatedAt: this.timestamp() }
    if (published !== undefined) {
      const refs = publishedRefsSchema.safeParse(published)
      if (!refs.success) {
        throw new DraftStoreError(
          'invalid_draft',
          `Invalid published ids: ${refs.error.issues[0]?.message ?? ''}`,
          {
            draftId: id,
          },
        )
      }
      // Merge: steps publish one remote object at a time (media, then card, then post).
      next.published = { ...existing.published, ...refs.data }
    }
    this.setLive(next)
    if (options.durable === false) {
      this.dirty.add(id)
      this.armAutosave(id)
    } else {
      await this.persistNow(id)
    }
    return structuredClone(next)
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    try {
      if (this.state === 'loaded') await this.flush()
    } finally {
      for (const pending of this.autosaves.values()) clearTimeout(pending.timer)
      this.autosaves.clear()
      this.state = 'closed'
    }
  }

  private assertReady(): void {
    if (this.state === 'closed') throw closedError()
    if (this.state === 'new')
      throw new DraftStoreError('not_loaded', 'The draft store has not been loaded yet')
  }

  private requireDraft(id: string): Draft {
    const draft = this.drafts.get(id)
    if (!draft) throw new DraftStoreError('not_found', 'This draft no longer exists', { draftId: id })
    return draft
  }

  private checkContent(kind: DraftKind, content: unknown): unknown {
    if (content === undefined || !isJsonValue(content)) {
      throw new DraftStoreError('invalid_content', 'Draft content must be plain JSON')
    }
    if (!this.validateContent) return content
    const check = this.validateContent(kind, content)
    if (!check.ok) throw new DraftStoreError('invalid_content', `Draft content is invalid: ${check.message}`)
    if (check.content === undefined) return content
    if (!isJsonValue(check.content)) {
      throw new DraftStoreError(
        'invalid_content',
        'Draft content is invalid: the content model returned non-JSON',
      )
    }
    return check.content
  }

  private timestamp(): string {
    return this.now().toISOString()
  }

  private draftPath(id: string): string {
    return join(this.layout.drafts, draftFileName(id))
  }

  private trashPath(id: string): string {
    return join(this.layout.trash, draftFileName(id))
  }

  private enqueue<T>(id: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve()
    const result = previous.then(task)
    const tail = result.then(
      () => undefined,
      () => undefined,
    )
    this.queues.set(id, tail)
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id)
    })
    return result
  }

  /** Writes whatever the draft looks like when its turn in the queue comes. */
  private async writeCurrent(id: string): Promise<void> {
    const draft = this.drafts.get(id)
    if (!draft) {
      this.dirty.delete(id)
      return
    }
    this.dirty.delete(id)
    try {
      await writeFileAtomic(this.draftPath(id), serializeDraft(draft))
    } catch (error) {
      // Keep the change pending so the next flush or autosave tries again.
      if (this.drafts.has(id)) this.dirty.add(id)
      throw ioError('save the draft to', this.draftPath(id), error, id)
    }
  }

  private async writeNew(draft: Draft): Promise<void> {
    await this.enqueue(draft.id, async () => {
      try {
        await writeFileAtomic(this.draftPath(draft.id), serializeDraft(draft))
      } catch (error) {
        throw ioError('save the draft to', this.draftPath(draft.id), error, draft.id)
      }
      this.setLive(draft)
    })
  }

  private setLive(draft: Draft): void {
    this.drafts.set(draft.id, draft)
    this.onChange({ type: 'saved', draft })
  }

  private async persistNow(id: string): Promise<void> {
    this.cancelAutosave(id)
    this.dirty.add(id)
    await this.enqueue(id, () => this.writeCurrent(id))
  }

  private armAutosave(id: string): void {
    const nowMs = Date.now()
    const pending = this.autosaves.get(id)
    if (pending) clearTimeout(pending.timer)
    const firstChangeAt = pending?.firstChangeAt ?? nowMs
    const delay = Math.max(0, Math.min(this.autosaveDelayMs, firstChangeAt + this.autosaveMaxWaitMs - nowMs))
    const timer = setTimeout(() => {
      this.autosaves.delete(id)
      this.enqueue(id, () => this.writeCurrent(id)).catch((error: unknown) => {
        this.onAutosaveError(
          error instanceof DraftStoreError
            ? error
            : new DraftStoreError('io_error', String(error), { draftId: id }),
        )
      })
    }, delay)
    this.autosaves.set(id, { timer, firstChangeAt })
  }

  private cancelAutosave(id: string): void {
    const pending = this.autosaves.get(id)
    if (!pending) return
    clearTimeout(pending.timer)
    this.autosaves.delete(id)
  }
}

/**
 * Reads a chosen import file without waiting on it: only a regular file (a FIFO or a device
 * behind a link is refused after the open, which does not block), sized before it is read.
 */
async function readImportFile(filePath: string): Promise<string> {
  const name = basename(filePath)
  let handle: FileHandle
  try {
    handle = await open(filePath, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error'
    throw new DraftStoreError('import_unreadable', `Could not read ${name} (${code})`, {
      filePath,
      cause: error,
    })
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new DraftStoreError('import_unreadable', `${name} is not a file`, { filePath })
    if (info.size > MAX_IMPORT_BYTES) {
      const megabytes = (info.size / 1024 / 1024).toFixed(1)
      throw new DraftStoreError(
        'import_invalid',
        `${name} is too large to be an Ads Studio draft (${megabytes} MB; a draft is under ${MAX_IMPORT_BYTES / 1024 / 1024} MB)`,
        { filePath },
      )
    }
    const buffer = Buffer.alloc(info.size + 1)
    let read = 0
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read)
      if (bytesRead === 0) break
      read += bytesRead
    }
    if (read > info.size)
      throw new DraftStoreError('import_unreadable', `${name} changed while it was read`, { filePath })
    return stripByteOrderMark(buffer.toString('utf8', 0, read))
  } catch (error) {
    if (error instanceof DraftStoreError) throw error
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error'
    throw new DraftStoreError('import_unreadable', `Could not read ${name} (${code})`, {
      filePath,
      cause: error,
    })
  } finally {
    await handle.close()
  }
}

function closedError(): DraftStoreError {
  return new DraftStoreError('closed', 'The draft store is closed')
}
