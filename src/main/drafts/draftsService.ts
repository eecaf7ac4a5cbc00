import { basename, join } from 'node:path'
import { AppFailure, appError } from '../../shared/errors'
import { checkContent } from '../../shared/creatives/check'
import { contentSchemas, emptyContent, type ContentByKind } from '../../shared/creatives/content'
import { untitledName, type ContentValidator, type Draft, type DraftKind } from '../../shared/drafts/envelope'
import type { DraftListRequest, DraftListResponse } from '../../shared/ipc/contracts/drafts'
import { createDraftList } from './draftList'
import { layoutFor } from './layout'
import { createQuarantine, QuarantineError } from './quarantine'
import {
  createDraftStore,
  DraftStoreError,
  type DraftChange,
  type DraftStore,
  type LoadReport,
} from './store'

/** Native file dialogs, injected: Electron's dialog in the app, a scripted chooser in tests. */
export interface FileDialogs {
  chooseExportPath(defaultFileName: string): Promise<string | null>
  chooseImportFile(): Promise<string | null>
}

/** The content model decides what a draft's content may be; the store just keeps it. */
/** The longest the store's load waits for the first list to be answered (see loadGate). */
export const LOAD_DEFER_MS = 1_500

export const validateDraftContent: ContentValidator = (kind, content) => {
  const parsed = contentSchemas[kind].safeParse(content)
  if (parsed.success) return { ok: true, content: parsed.data }
  const first = parsed.error.issues[0]
  return {
    ok: false,
    message: `The ${kind.replace(/_/g, ' ')} content is not valid${first ? `: ${first.message}` : ''}`,
  }
}

type IssueCounts = { errorCount: number; warningCount: number }

/**
 * Counts by content object. The store never changes a content in place (an edit puts a new
 * object), and a status change keeps the object: the outbox changes a draft's status at nearly
 * every publish step, and the validator (about 0.25 ms a draft) need not run again for it there.
 */
const countsByContent = new WeakMap<object, { kind: DraftKind; counts: IssueCounts }>()

function countIssues(draft: Readonly<Draft>): IssueCounts {
  const content = draft.content
  const known = typeof content === 'object' && content !== null ? countsByContent.get(content) : undefined
  if (known && known.kind === draft.kind) return { ...known.counts }
  const { issues } = checkContent(draft.kind, content as ContentByKind[DraftKind])
  const counts = {
    errorCount: issues.filter((issue) => issue.severity === 'error').length,
    warningCount: issues.filter((issue) => issue.severity === 'warning').length,
  }
  if (typeof content === 'object' && content !== null)
    countsByContent.set(content, { kind: draft.kind, counts: { ...counts } })
  return counts
}

/**
 * Store errors may carry file paths; people get the file's name at most, never the folders
 * above it (a message may be pasted into a support thread). The store's own path is replaced
 * by its base name; anything still shaped like an absolute path goes.
 */
export function withoutPaths(message: string, filePath: string | undefined): string {
  const named = filePath ? message.split(filePath).join(basename(filePath)) : message
  return named
    .replace(/(?:[A-Za-z]:)?[\\/](?:[^\\/\n]*[\\/])+([^\\/\s)]*)/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

function personFacing(error: unknown): never {
  if (error instanceof QuarantineError)
    throw new AppFailure(appError(error.code, error.message, { field: 'name' }))
  if (error instanceof DraftStoreError) {
    const code = error.code === 'not_found' || error.code === 'not_in_trash' ? 'not_found' : 'invalid_input'
    throw new AppFailure(appError(code, withoutPaths(error.message, error.filePath)))
  }
  throw error
}

/** Files moved to quarantine; drafts from a newer version (left untouched) and folder trouble worked around. */
function findingsOf(report: LoadReport): Pick<DraftListResponse, 'quarantined' | 'notices'> {
  return {
    quarantined: report.quarantined.map(({ fileName, message }) => ({ fileName, message })),
    notices: [
      ...report.skipped.map(({ fileName, message }) => ({ fileName, message })),
      ...report.warnings.map((message) => ({ message })),
    ],
  }
}

export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N} _.-]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ')
  return `${(cleaned || 'draft').slice(0, 80)}.json`
}

export function createDraftsService(options: {
  dataDir: string
  dialogs: FileDialogs
  now?: () => Date
  onError?: (error: unknown) => void
  /** How many backups of each draft to keep (the designer's setting). */
  backupsKept?: () => number
  /** The drafts list changed: its revision now (the drafts.changed event). */
  onListChanged?: (revision: number) => void
  /** Every change the store makes, after the list has it (the version history follows saves). */
  onDraftChange?: (change: DraftChange) => void
}) {
  const storeDir = join(options.dataDir, 'drafts')
  // The list is a summary index in its own module: main never copies whole drafts to list them.
  const draftList = createDraftList({
    storeDir,
    countIssues,
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.onListChanged ? { onChanged: options.onListChanged } : {}),
  })
  const store: DraftStore = createDraftStore({
    dir: storeDir,
    validateContent: validateDraftContent,
    onChange: options.onDraftChange
      ? (change) => {
          draftList.onChange(change)
          options.onDraftChange!(change)
        }
      : draftList.onChange,
    ...(options.now ? { now: options.now } : {}),
    ...(options.backupsKept ? { backupsKept: options.backupsKept } : {}),
  })
  const quarantine = createQuarantine(layoutFor(storeDir).quarantine)
  // The folder is opened at once (its file names, no file read): from then on a draft opens by
  // reading its one file, whatever else is still being read.
  const opened = store.open()
  opened.catch(() => undefined)
  // The store's pass (every file read and checked) waits until the first list has been
  // answered, until a drafts call needs it, or at most LOAD_DEFER_MS. Started with the process,
  // it took main's event loop and a core from the first screen (window, IPC answers) for
  // seconds at 10,000 drafts; the saved index (or the newest files) shows the list meanwhile.
  let beginLoad!: () => void
  const loadGate = new Promise<void>((resolve) => (beginLoad = resolve))
  // Not unref'd: a process whose only pending work waits for the drafts must live to load them.
  const deferTimer = setTimeout(beginLoad, LOAD_DEFER_MS)
  const ready: Promise<LoadReport> = loadGate.then(() => {
    clearTimeout(deferTimer)
    return store.load()
  })
  const loadNow = () => {
    beginLoad()
    return ready
  }
  // A failed load is reported by every drafts call that awaits it; it must not also crash main.
  let loadFailed = false
  ready.catch(() => {
    loadFailed = true
  })
  const listable = draftList.showFirst(store).catch(() => undefined)
  let answeredFirst = 0

  const answer = async <T>(work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      return personFacing(error)
    }
  }
  /** For what needs every file read (the trash, quarantine, an import's id check). */
  const run = async <T>(work: () => Promise<T> | T): Promise<T> => {
    await loadNow()
    return answer(work)
  }
  /** For one draft (open, edit, publish): the folder opened is enough, the pass is not waited for. */
  const runOpen = async <T>(work: () => Promise<T> | T): Promise<T> => {
    await opened
    return answer(work)
  }

  /**
   * As run(), for what needs the drafts read but not at once: it waits for the store's load
   * without starting it early. The drafts page's quarantine panel asks as the page first shows;
   * through run() that started the full load (seconds of main's time and a core at 10,000
   * drafts) while the first rows were still being rendered and painted.
   */
  const runOnceLoaded = async <T>(work: () => Promise<T> | T): Promise<T> => {
    await ready
    return answer(work)
  }

  return {
    store,
    /** Resolves once the store has read every file; asking for it starts that load now. */
    get ready() {
      return loadNow()
    },
    /** The same promise, without hurrying the load (for services that can wait for it). */
    whenLoaded: ready,
    /** A page of summaries, or what changed since an earlier answer (see DraftListRequest). */
    list: async (query: DraftListRequest = {}): Promise<DraftListResponse> => {
      await listable
      if (!draftList.loaded && !loadFailed) {
        // The first answer leaves alone: the renderer still has that page to paint (and its
        // code to fetch from main). The store's load starts with the next list call — the
        // renderer asks for the rest once the first rows are painted — or at LOAD_DEFER_MS.
        if (answeredFirst++ > 0) setTimeout(beginLoad, 0)
        // The first list while the store reads its files: the trash is not known yet, and of
        // damaged files only those met so far (the first page's).
        return { ...draftList.list(query), trash: [], ...findingsOf(store.findings()) }
      }
      return run(async () => {
        await ready
        return {
          ...draftList.list(query),
          trash: store.listTrash().map(({ id, kind, name, status, updatedAt, removedAt }) => ({
            id,
            kind,
            name,
            status,
            updatedAt,
            removedAt,
            errorCount: 0,
            warningCount: 0,
          })),
          ...findingsOf(store.findings()),
        }
      })
    },
    get: (id: string) =>
      runOpen(() => {
        const draft = store.get(id)
        if (!draft)
          throw new AppFailure(
            appError('not_found', 'That draft no longer exists — it may have been deleted'),
          )
        return draft
      }),
    create: (kind: DraftKind, name?: string) =>
      runOpen(() => store.create(kind, name?.trim() || untitledName(kind), emptyContent(kind))),
    update: (id: string, patch: { name?: string; content?: unknown }) =>
      runOpen(() => {
        const draft = store.scheduleSave(id, patch)
        return { updatedAt: draft.updatedAt, errorCount: draftList.entry(id)?.errorCount ?? 0 }
      }),
    flush: () => runOpen(async () => (await store.flush(), { flushed: true as const })),
    duplicate: (id: string) => runOpen(() => store.duplicate(id)),
    remove: (id: string) => runOpen(async () => (await store.remove(id), { removed: true as const })),
    undoRemove: (id: string) => run(() => store.undoRemove(id)),
    exportDraft: (id: string) =>
      runOpen(async () => {
        const draft = store.get(id)
        if (!draft) throw new AppFailure(appError('not_found', 'That draft no longer exists'))
        const path = await options.dialogs.chooseExportPath(safeFileName(draft.name))
        if (!path) return { exported: false }
        await store.flush()
        await store.exportDraft(id, path)
        return { exported: true, fileName: basename(path) }
      }),
    importDraft: () =>
      run(async () => {
        const path = await options.dialogs.chooseImportFile()
        if (!path) return {}
        const result = await store.importDraft(path)
        return { draft: result.draft, idChanged: result.idChanged }
      }),
    /** Files moved to quarantine (this run or earlier), with why, when this run moved them. */
    quarantineList: () =>
      runOnceLoaded(async () => {
        const report = await ready
        const why = new Map(
          report.quarantined.flatMap((file) =>
            file.quarantinePath ? [[basename(file.quarantinePath), file.message] as const] : [],
          ),
        )
        const files = await quarantine.list()
        return {
          files: files.map((file) => ({
            ...file,
            ...(why.has(file.name) ? { message: why.get(file.name) } : {}),
          })),
        }
      }),
    quarantineRead: (name: string) => run(() => quarantine.read(name)),
    /** Validates the (fixed) file as a draft, as an import would, and only then takes it out of quarantine. */
    quarantineRestore: (name: string) =>
      run(async () => {
        const path = await quarantine.pathOf(name)
        let result: Awaited<ReturnType<DraftStore['importDraft']>>
        try {
          result = await store.importDraft(path)
        } catch (error) {
          if (error instanceof DraftStoreError && error.code === 'import_invalid') {
            const why = withoutPaths(error.message, error.filePath).replace(/\.$/, '')
            throw new AppFailure(
              appError(
                'invalid_input',
                `It is still not a valid draft (${why}). Fix the file, then restore it again.`,
                {
                  field: 'name',
                },
              ),
            )
          }
          throw error
        }
        await quarantine.remove(name)
        return { draft: result.draft, idChanged: result.idChanged }
      }),
    quarantineDelete: (name: string) =>
      run(async () => (await quarantine.remove(name), { deleted: true as const })),
    async close() {
      // The pass ends before the index is saved: only a whole index is saved.
      await loadNow().catch(() => {})
      await store.close()
      await draftList.close()
    },
  }
}
