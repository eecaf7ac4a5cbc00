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
import { join } from 'node:path'
import {
  CURRENT_DRAFT_SCHEMA_VERSION,
  draftSchema,
  isDraftKind,
  isDraftStatus,
  publishedRefsSchema,
  summarizeDraft,
  type ContentValidator,
  type Draft,
  type DraftKind,
  type DraftStatus,
  type DraftSummary,
  type PublishedRefs,
} from '../../shared/drafts/envelope'
import { byMostRecentlyChanged } from '../../shared/drafts/listOrder'
import { withoutMediaTokens } from '../../shared/creatives/media'
import { fsyncDirectory, writeFileAtomic } from '../files/atomicFile'
import { checkDraftContent, serializeWithinLimits } from './draftLimits'
import { DraftStoreError, ioError } from './errors'
import { readExchangeFile, writeExchangeFile } from './exchange'
import { draftFileName, layoutFor } from './layout'
import type { DraftStoreLayout } from './layout'
import { loadDirectory } from './loader'
import type { LoadReport } from './loader'
import type * as Store from './storeTypes'
import { DEFAULT_BACKUPS_KEPT } from './backups'
import { PendingWrites } from './pendingWrites'
import { deleteFromTrash, moveToTrash, restoreFromTrash } from './trashFiles'

// Callers get the store and its whole vocabulary from this one module.
export { DraftStoreError, type DraftStoreErrorCode } from './errors'
export type {
  LoadReport,
  MigratedDraft,
  QuarantinedFile,
  QuarantineReason,
  RepairedDraft,
  SkippedFile,
} from './loader'

export type * from './storeTypes'

export const DEFAULT_AUTOSAVE_DELAY_MS = 250
export const DEFAULT_AUTOSAVE_MAX_WAIT_MS = 2_000

export function createDraftStore(options: Store.DraftStoreOptions): Store.DraftStore {
  return new FileDraftStore(options)
}

class FileDraftStore implements Store.DraftStore {
  readonly dir: string
  private readonly layout: DraftStoreLayout
  private readonly validateContent: ContentValidator | undefined
  private readonly now: () => Date
  private readonly backupsKept: () => number
  private readonly onChange: (change: Store.DraftChange) => void

  private state: 'new' | 'loaded' | 'closed' = 'new'
  private drafts = new Map<string, Draft>()
  private trash = new Map<string, { draft: Draft; removedAt: string }>()
  private readonly writes: PendingWrites

  constructor(options: Store.DraftStoreOptions) {
    this.dir = options.dir
    this.layout = layoutFor(options.dir)
    this.validateContent = options.validateContent
    this.backupsKept = options.backupsKept ?? (() => DEFAULT_BACKUPS_KEPT)
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
    return this.writeNew(this.fresh(kind, name, checkDraftContent(kind, content, this.validateContent)))
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
      const message = `A ${existing.kind} draft cannot become a ${parsed.data.kind}`
      throw new DraftStoreError('invalid_draft', message, { draftId: existing.id })
    }
    // Status and remote ids belong to the outbox (setStatus): an editor saving a copy it
    // read before publishing started must not roll them back.
    const next: Draft = {
      ...parsed.data,
      content: checkDraftContent(existing.kind, parsed.data.content, this.validateContent),
      createdAt: existing.createdAt,
      updatedAt: this.timestamp(),
      status: existing.status,
    }
    if (existing.published) next.published = existing.published
    else delete next.published
    serializeWithinLimits(next)
    this.setLive(next)
    await this.writes.persistNow(next.id)
    return structuredClone(next)
  }

  scheduleSave(id: string, patch: Store.DraftPatch): Draft {
    this.assertReady()
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
    serializeWithinLimits(next)
    this.setLive(next)
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
    this.assertReady()
    const source = this.requireDraft(id)
    // A copy is new work: it has not been published, whatever the original's state.
    return this.writeNew(this.fresh(source.kind, `${source.name} (copy)`, structuredClone(source.content)))
  }

  async remove(id: string): Promise<void> {
    this.assertReady()
    this.requireDraft(id)
    this.writes.cancelAutosave(id)
    await this.writes.enqueue(id, async () => {
      const draft = this.drafts.get(id)
      if (!draft) return
      // Unsaved edits go to the trash with the draft, so undo brings back what was on screen.
      if (this.writes.isDirty(id)) await this.writeCurrent(id)
      const removedAt = this.now()
      await moveToTrash(this.layout, id, removedAt)
      this.trash.set(id, { draft, removedAt: removedAt.toISOString() })
      this.drafts.delete(id)
      this.writes.markClean(id)
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
    return this.writes.enqueue(id, async () => {
      const entry = this.trash.get(id)
      if (!entry)
        throw new DraftStoreError('not_in_trash', 'This draft is no longer in the trash', { draftId: id })
      await restoreFromTrash(this.layout, id)
      this.trash.delete(id)
      this.setLive(entry.draft)
      return structuredClone(entry.draft)
    })
  }

  listTrash(): Store.TrashEntry[] {
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
        this.writes.enqueue(id, async () => {
          await deleteFromTrash(this.layout, id)
          this.trash.delete(id)
        }),
      ),
    )
    await fsyncDirectory(this.layout.trash)
    return ids.length
  }

  async exportDraft(id: string, filePath: string): Promise<void> {
    this.assertReady()
    await writeExchangeFile(this.requireDraft(id), filePath, this.timestamp())
  }

  async importDraft(filePath: string): Promise<Store.ImportResult> {
    this.assertReady()
    const restored = await readExchangeFile(filePath, {
      validateContent: this.validateContent,
      fallbackTime: this.timestamp(),
    })
    const originalId = restored.draft.id
    const idTaken =
      this.drafts.has(originalId) || this.trash.has(originalId) || this.writes.isQueued(originalId)
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
    if (options.durable === false) this.writes.schedule(id)
    else await this.writes.persistNow(id)
    return structuredClone(next)
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return
    try {
      if (this.state === 'loaded') await this.flush()
    } finally {
      this.writes.stopTimers()
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

  /** A new, unpublished draft with a new id. */
  private fresh(kind: DraftKind, name: string, content: unknown): Draft {
    const timestamp = this.timestamp()
    const id = randomUUID()
    const schemaVersion = CURRENT_DRAFT_SCHEMA_VERSION
    return {
      id,
      kind,
      name,
      createdAt: timestamp,
      updatedAt: timestamp,
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
    const draft = this.drafts.get(id)
    this.writes.markClean(id)
    if (!draft) return
    try {
      await writeFileAtomic(this.draftPath(id), serializeWithinLimits(draft))
    } catch (error) {
      // Keep the change pending so the next flush or autosave tries again.
      if (this.drafts.has(id)) this.writes.markDirty(id)
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
      this.setLive(draft)
    })
    return structuredClone(draft)
  }

  private setLive(draft: Draft): void {
    this.drafts.set(draft.id, draft)
    this.onChange({ type: 'saved', draft })
  }
}

function closedError(): DraftStoreError {
  return new DraftStoreError('closed', 'The draft store is closed')
}
