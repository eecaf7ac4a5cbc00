/**
 * The draft store: one JSON file per draft, written atomically. Main holds a summary of each
 * draft and a few whole ones (storeReader.ts); a draft is read from its file when asked for.
 *
 *   <dir>/drafts/<id>.json      live drafts (the only files the app edits)
 *   <dir>/trash/<id>.json       removed drafts, until undo or emptyTrash; mtime = removal time
 *   <dir>/backups/<id>.v<N>.json originals kept before a migration or repair rewrote them
 *   <dir>/quarantine/...        files that could not be read, moved aside, never deleted
 *
 * Node only (no electron), so tests, benches and the E2E bridge use it as the app does.
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import {
  CURRENT_DRAFT_SCHEMA_VERSION,
  draftSchema,
  isDraftKind,
  isDraftStatus,
  publishedRefsSchema,
  type ContentValidator,
  type Draft,
  type DraftKind,
  type DraftStatus,
  type DraftSummary,
  type PublishedRefs,
} from '../../shared/drafts/envelope'
import { byMostRecentlyChanged } from '../../shared/drafts/listOrder'
import { withoutMediaTokens } from '../../shared/creatives/media'
import { writeFileAtomic } from '../files/atomicFile'
import { checkDraftContent, serializeWithinLimits } from './draftLimits'
import { DraftStoreError, ioError } from './errors'
import { readExchangeFile, writeExchangeFile } from './exchange'
import { draftFileName, layoutFor } from './layout'
import type { DraftStoreLayout } from './layout'
import type { FileContext } from './draftFile'
import type { LoadReport } from './loadReport'
import { DraftReader } from './storeReader'
import type * as Store from './storeTypes'
import { DEFAULT_BACKUPS_KEPT } from './backups'
import { PendingWrites } from './pendingWrites'
import { emptyTrash, trashDraft, trashEntries, untrashDraft, type TrashDeps } from './storeTrash'

// Callers get the store and its whole vocabulary from this one module.
export { DraftStoreError, type DraftStoreErrorCode } from './errors'
export type {
  LoadReport,
  MigratedDraft,
  QuarantinedFile,
  QuarantineReason,
  RepairedDraft,
  SkippedFile,
} from './loadReport'

export type * from './storeTypes'

export const DEFAULT_AUTOSAVE_DELAY_MS = 250
export const DEFAULT_AUTOSAVE_MAX_WAIT_MS = 2_000

export function createDraftStore(options: Store.DraftStoreOptions): Store.DraftStore {
  return new FileDraftStore(options)
}

class FileDraftStore implements Store.DraftStore {
  readonly dir: string
  private readonly layout: DraftStoreLayout
  private readonly context: FileContext
  private readonly validateContent: ContentValidator | undefined
  private readonly now: () => Date
  private readonly onChange: (change: Store.DraftChange) => void

  private state: 'new' | 'open' | 'loaded' | 'closed' = 'new'
  private loading: Promise<LoadReport> | undefined
  private readonly reader: DraftReader
  private readonly writes: PendingWrites
  private readonly trash: TrashDeps

  constructor(options: Store.DraftStoreOptions) {
    this.dir = options.dir
    this.layout = layoutFor(options.dir)
    this.validateContent = options.validateContent
    this.now = options.now ?? (() => new Date())
    this.onChange = options.onChange ?? (() => undefined)
    const delayMs = options.autosaveDelayMs ?? DEFAULT_AUTOSAVE_DELAY_MS
    const onAutosaveError = options.onAutosaveError ?? (() => undefined)
    this.writes = new PendingWrites({
      delayMs,
      maxWaitMs: Math.max(delayMs, options.autosaveMaxWaitMs ?? DEFAULT_AUTOSAVE_MAX_WAIT_MS),
      writeCurrent: (id) => this.writeCurrent(id),
      onAutosaveError: (id, error) =>
        onAutosaveError(
          error instanceof DraftStoreError
            ? error
            : new DraftStoreError('io_error', String(error), { draftId: id }),
        ),
    })
    const context: FileContext = (this.context = {
      layout: this.layout,
      validateContent: this.validateContent,
      now: this.now,
      backupsKept: options.backupsKept ?? (() => DEFAULT_BACKUPS_KEPT),
      exclusive: (id, task) => this.writes.enqueue(id, task),
    })
    this.reader = new DraftReader(context, {
      hasPending: (id) => this.writes.hasPending(id),
      isClosed: () => this.state === 'closed',
      onChange: this.onChange,
      fullDraftsKept: options.fullDraftsKept,
    })
    this.trash = {
      context,
      reader: this.reader,
      writes: this.writes,
      onChange: this.onChange,
      writeCurrent: (id) => this.writeCurrent(id),
      setLive: (draft, bytes) => this.setLive(draft, bytes),
    }
  }

  async open(): Promise<void> {
    if (this.state === 'closed') throw closedError()
    await this.reader.open()
    if (this.state === 'new') this.state = 'open'
  }

  async firstDrafts(count: number): Promise<Draft[]> {
    await this.open()
    return this.reader.firstDrafts(count)
  }

  load(): Promise<LoadReport> {
    if (this.state === 'closed') return Promise.reject(closedError())
    this.loading ??= (async () => {
      if (this.state === 'loaded') await this.flush()
      await this.open()
      const report = await this.reader.pass()
      if (!report || this.state === 'closed') throw closedError()
      this.state = 'loaded'
      return report
    })().finally(() => (this.loading = undefined))
    return this.loading
  }

  findings(): LoadReport {
    return this.reader.report
  }

  list(): DraftSummary[] {
    this.assertLoaded()
    return [...this.reader.live.values()].flatMap((summary) => summary ?? []).sort(byMostRecentlyChanged)
  }

  get(id: string): Draft | undefined {
    this.assertOpen()
    const draft = this.reader.full(id)
    return draft ? structuredClone(draft) : undefined
  }

  async create(kind: DraftKind, name: string, content: unknown): Promise<Draft> {
    this.assertOpen()
    if (!isDraftKind(kind))
      throw new DraftStoreError('invalid_draft', `Unknown draft kind ${JSON.stringify(kind)}`)
    if (typeof name !== 'string') throw new DraftStoreError('invalid_draft', 'A draft name must be text')
    return this.writeNew(this.fresh(kind, name, checkDraftContent(kind, content, this.validateContent)))
  }

  async save(input: Draft): Promise<Draft> {
    this.assertOpen()
    const parsed = parseDraft(input)
    const existing = this.requireDraft(parsed.id)
    if (parsed.kind !== existing.kind) {
      const message = `A ${existing.kind} draft cannot become a ${parsed.kind}`
      throw new DraftStoreError('invalid_draft', message, { draftId: existing.id })
    }
    // Status and remote ids belong to the outbox (setStatus): an editor saving a copy it
    // read before publishing started must not roll them back.
    const next: Draft = {
      ...parsed,
      content: checkDraftContent(existing.kind, parsed.content, this.validateContent),
      createdAt: existing.createdAt,
      updatedAt: this.timestamp(),
      status: existing.status,
    }
    if (existing.published) next.published = existing.published
    else delete next.published
    this.setLive(next, serializeWithinLimits(next).length)
    await this.writes.persistNow(next.id)
    return structuredClone(next)
  }

  scheduleSave(id: string, patch: Store.DraftPatch): Draft {
    this.assertOpen()
    const existing = this.requireDraft(id)
    const next: Draft = { ...existing, updatedAt: this.timestamp() }
    if (patch.name !== undefined) {
      if (typeof patch.name !== 'string')
        throw new DraftStoreError('invalid_draft', 'A draft name must be text')
      next.name = patch.name
    }
    if (patch.content !== undefined)
      next.content = checkDraftContent(existing.kind, patch.content, this.validateContent)
    // Acknowledged now, written by the autosave: refused now if it could not be read back.
    this.setLive(next, serializeWithinLimits(next).length)
    this.writes.schedule(id)
    return structuredClone(next)
  }

  hasPendingChanges(id?: string): boolean {
    return this.writes.hasPending(id)
  }

  flush(ids?: readonly string[]): Promise<void> {
    return this.writes.flush(ids)
  }

  async duplicate(id: string): Promise<Draft> {
    this.assertOpen()
    const source = this.requireDraft(id)
    // A copy is new work: it has not been published, whatever the original's state.
    return this.writeNew(this.fresh(source.kind, `${source.name} (copy)`, structuredClone(source.content)))
  }

  async remove(id: string): Promise<void> {
    this.assertOpen()
    this.requireDraft(id)
    await trashDraft(this.trash, id)
  }

  async undoRemove(id: string): Promise<Draft> {
    this.assertLoaded()
    return untrashDraft(this.trash, id)
  }

  listTrash(): Store.TrashEntry[] {
    this.assertLoaded()
    return trashEntries(this.reader)
  }

  async emptyTrash(): Promise<number> {
    this.assertLoaded()
    return emptyTrash(this.trash)
  }

  async exportDraft(id: string, filePath: string): Promise<void> {
    this.assertOpen()
    await writeExchangeFile(this.requireDraft(id), filePath, this.timestamp())
  }

  async importDraft(filePath: string): Promise<Store.ImportResult> {
    this.assertLoaded()
    const restored = await readExchangeFile(filePath, {
      validateContent: this.validateContent,
      fallbackTime: this.timestamp(),
    })
    const originalId = restored.draft.id
    const idTaken =
      this.reader.live.has(originalId) ||
      this.reader.trash.has(originalId) ||
      this.writes.isQueued(originalId)
    const draft: Draft = {
      ...restored.draft,
      // A file's paths are no grants: its local media must be chosen (or dropped) again here.
      content: withoutMediaTokens(restored.draft.content),
      id: idTaken ? randomUUID() : originalId,
      // Remote ids belong to the account that published them; here it is unpublished work.
      status: 'draft',
      updatedAt: this.timestamp(),
    }
    delete draft.published
    await this.writeNew(draft)
    const result: Store.ImportResult = { draft: structuredClone(draft), idChanged: idTaken, originalId }
    if (restored.migratedFrom !== undefined) result.migratedFrom = restored.migratedFrom
    return result
  }

  async setStatus(
    id: string,
    status: DraftStatus,
    published?: PublishedRefs,
    options: Store.SetStatusOptions = {},
  ): Promise<Draft> {
    this.assertOpen()
    const existing = this.requireDraft(id)
    if (!isDraftStatus(status))
      throw new DraftStoreError('invalid_draft', `Unknown status ${JSON.stringify(status)}`)
    const next: Draft = { ...existing, status, updatedAt: this.timestamp() }
    // Merge: steps publish one remote object at a time (media, then card, then post).
    if (published !== undefined) next.published = { ...existing.published, ...parseRefs(id, published) }
    this.setLive(next)
    if (options.durable === false) this.writes.schedule(id)
    else await this.writes.persistNow(id)
    return structuredClone(next)
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    try {
      if (this.state !== 'new') await this.flush()
    } finally {
      this.writes.stopTimers()
      this.state = 'closed'
    }
  }

  private assertOpen(): void {
    if (this.state === 'closed') throw closedError()
    if (this.state === 'new')
      throw new DraftStoreError('not_loaded', 'The draft store has not been opened yet')
  }

  private assertLoaded(): void {
    this.assertOpen()
    if (this.state !== 'loaded')
      throw new DraftStoreError('not_loaded', 'The draft store has not been loaded yet')
  }

  private requireDraft(id: string): Draft {
    const draft = this.reader.full(id)
    if (!draft) throw new DraftStoreError('not_found', 'This draft no longer exists', { draftId: id })
    return draft
  }

  /** A new, unpublished draft with a new id. */
  private fresh(kind: DraftKind, name: string, content: unknown): Draft {
    const at = this.timestamp()
    const schemaVersion = CURRENT_DRAFT_SCHEMA_VERSION
    return {
      id: randomUUID(),
      kind,
      name,
      createdAt: at,
      updatedAt: at,
      schemaVersion,
      status: 'draft',
      content,
    }
  }

  private timestamp(): string {
    return this.now().toISOString()
  }

  private draftPath(id: string): string {
    return join(this.layout.drafts, draftFileName(id))
  }

  /** Writes whatever the draft looks like when its turn in the queue comes. */
  private async writeCurrent(id: string): Promise<void> {
    // Held while it has changes not yet written (pinned in the cache).
    const draft = this.reader.live.has(id) ? this.reader.cache.peek(id) : undefined
    this.writes.markClean(id)
    if (!draft) return
    try {
      await writeFileAtomic(this.draftPath(id), serializeWithinLimits(draft))
    } catch (error) {
      // Keep the change pending so the next flush or autosave tries again.
      if (this.reader.live.has(id)) this.writes.markDirty(id)
      if (error instanceof DraftStoreError) throw error
      throw ioError('save the draft to', this.draftPath(id), error, id)
    }
  }

  /** Writes a new draft's file, then makes it live; answers a copy of it. */
  private async writeNew(draft: Draft): Promise<Draft> {
    const text = serializeWithinLimits(draft)
    await this.writes.enqueue(draft.id, async () => {
      try {
        await writeFileAtomic(this.draftPath(draft.id), text)
      } catch (error) {
        throw ioError('save the draft to', this.draftPath(draft.id), error, draft.id)
      }
      this.setLive(draft, text.length)
    })
    return structuredClone(draft)
  }

  /** `bytes`: the draft's text length when known (the cache's byte bound). */
  private setLive(draft: Draft, bytes?: number): void {
    this.reader.setLive(draft, bytes)
    this.onChange({ type: 'saved', draft })
  }
}

function parseDraft(input: Draft): Draft {
  const parsed = draftSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'draft'}: ${issue.message}`)
  throw new DraftStoreError('invalid_draft', `The draft cannot be saved: ${problems.join('; ')}`)
}

function parseRefs(draftId: string, published: PublishedRefs): PublishedRefs {
  const refs = publishedRefsSchema.safeParse(published)
  if (refs.success) return refs.data
  const why = refs.error.issues[0]?.message ?? ''
  throw new DraftStoreError('invalid_draft', `Invalid published ids: ${why}`, { draftId })
}

function closedError(): DraftStoreError {
  return new DraftStoreError('closed', 'The draft store is closed')
}
