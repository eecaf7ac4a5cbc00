import { randomUUID } from 'node:crypto'
import { basename, extname } from 'node:path'
import { writeFileAtomic } from '../files/atomicFile'
import { IMPORT_REPORT_PAGE_ROWS, suggestMapping, type FeedMapping } from '../../shared/catalog/feed'
import type { Product } from '../../shared/catalog/product'
import type {
  ImportCheckAnswer,
  ImportImages,
  ImportReport,
  RowReport,
} from '../../shared/ipc/contracts/catalogs'
import { plural, type Issue } from '../../shared/rules/issues'
import type { CatalogQueue } from './catalogQueue'
import { issueViews, requireCatalog } from './catalogRows'
import { invalidInput as invalid } from '../../shared/errors'
import type { CatalogStores } from './catalogStores'
import type { CatalogDialogs } from './dialogs'
import { createFeedWorker, type FeedWorker } from './feedWorkerClient'
import type { ProductImages } from './productImages'

/**
 * Product feed imports: a CSV or JSON file the designer chose is read, parsed and checked row by
 * row against the product rules in the feed worker (feedWorker.ts; it never crosses IPC, and
 * main's event loop never holds it), with the column mapping the page shows; the report is
 * answered a page at a time, and its valid products are queued in batches.
 */

interface ImportSession {
  id: string
  profileId: string
  fileName: string
  /** The check of each mapping asked for and not replaced: the latest only (see check()). */
  checking?: { mapping: string; answer: Promise<ImportReport> }
  /** The last report answered, whose further pages importReportPage() reads. */
  report?: { checkId: string; rows: RowReport[] }
  /** After a send: the ids it sent and the column they were read from, to find the rows it left. */
  sent?: { ids: ReadonlySet<string>; idColumn: string | undefined }
}

/** Rows with image problems an answer lists, as the report lists its rows. */
const IMAGE_REPORT_ROWS = 500
const MAX_SESSIONS = 3

/** What main tells the window of a check under way (the catalog.importProgress event). */
export type ImportProgress = (progress: { importId: string; checked: number; total: number }) => void

export function createFeedImports(deps: {
  stores: CatalogStores
  queue: CatalogQueue
  dialogs: CatalogDialogs
  now: () => number
  /** Reads the products' images (productImages.ts); without it, only the platform checks them. */
  images?: Pick<ProductImages, 'check' | 'knownFaulty'>
  onImportProgress?: ImportProgress
  /** The worker that reads and checks feeds (tests may share one); one of its own otherwise. */
  feedWorker?: FeedWorker
}) {
  const now = deps.now
  const sessions = new Map<string, ImportSession>()
  const worker = deps.feedWorker ?? createFeedWorker()

  function session(importId: string): ImportSession {
    const found = sessions.get(importId)
    if (!found) throw invalid('This import is no longer open: choose the file again')
    return found
  }

  function forget(importId: string): void {
    sessions.delete(importId)
    worker.close(importId)
  }

  /**
   * The report of an open import with this mapping. One check per mapping is shared by whoever
   * asks while it runs (the one open starts with the suggested mapping, the page asks again);
   * a check with another mapping replaces it, and the worker stops the replaced one.
   */
  function report(open: ImportSession, mapping: FeedMapping): Promise<ImportReport> {
    const key = JSON.stringify(mapping)
    if (open.checking?.mapping === key) return open.checking.answer
    const answer = worker
      .check(open.id, mapping, {
        onProgress: (checked, total) => deps.onImportProgress?.({ importId: open.id, checked, total }),
      })
      .then((checked) => checked.report)
    const checking = { mapping: key, answer }
    // A check that failed or was replaced is asked again next time; one nobody waits for yet
    // (started by open) must not be an unhandled rejection.
    answer.catch(() => {
      if (open.checking === checking) delete open.checking
    })
    open.checking = checking
    return answer
  }

  /**
   * The check a send sends: the worker keeps the last check's outcome, so a send with the
   * report's mapping does not check the whole feed again (10,000 rows: ~0.2 s of CPU at the
   * moment the send starts); any other mapping is checked afresh.
   */
  async function checkedFeed(open: ImportSession, mapping: FeedMapping) {
    // The report's own check, still under way, is waited for: asking the worker now would replace it.
    if (open.checking?.mapping === JSON.stringify(mapping)) await open.checking.answer.catch(() => {})
    else delete open.checking
    const { report: checked, valid, validRows } = await worker.check(open.id, mapping, { withValid: true })
    return { report: checked, valid: valid ?? ([] as Product[]), validRows: validRows ?? [] }
  }

  return {
    async open(profileId: string) {
      // The worker starts while the designer picks the file.
      worker.warm()
      const path = await deps.dialogs.chooseFeedFile()
      if (!path) return { picked: false as const }
      const id = randomUUID()
      // One open import per profile: a new file replaces the last one. Its check stops now; its
      // rows are dropped once the new file is read (a file that cannot be read leaves it open).
      const replaced = [...sessions.values()].filter((open) => open.profileId === profileId)
      const feed = await worker.open(
        id,
        path,
        replaced.map((open) => open.id),
      )
      for (const open of replaced) sessions.delete(open.id)
      const opened: ImportSession = { id, profileId, fileName: feed.fileName }
      sessions.set(id, opened)
      while (sessions.size > MAX_SESSIONS) forget(sessions.keys().next().value as string)
      const mapping = suggestMapping(feed.columns)
      // The page asks for this report as soon as it shows the mapping: start the check now.
      void report(opened, mapping)
      return {
        picked: true as const,
        importId: id,
        fileName: feed.fileName,
        format: feed.format,
        columns: feed.columns,
        preview: feed.preview,
        rowCount: feed.rowCount,
        mapping,
      }
    },

    /** The report's counts and its first page of rows; further pages by reportPage(). */
    async check(importId: string, mapping: FeedMapping): Promise<ImportCheckAnswer> {
      const open = session(importId)
      const full = await report(open, mapping)
      const checkId = randomUUID()
      open.report = { checkId, rows: full.rows }
      return {
        ...full,
        rows: full.rows.slice(0, IMPORT_REPORT_PAGE_ROWS),
        checkId,
        pages: Math.ceil(full.rows.length / IMPORT_REPORT_PAGE_ROWS),
      }
    },

    /** Page `page` (0-based) of the rows of the report `checkId` answered. */
    reportPage(importId: string, checkId: string, page: number): { rows: RowReport[] } {
      const held = session(importId).report
      if (held?.checkId !== checkId)
        throw invalid('This report was replaced by a newer check: its rows are shown above')
      const from = page * IMPORT_REPORT_PAGE_ROWS
      return { rows: held.rows.slice(from, from + IMPORT_REPORT_PAGE_ROWS) }
    },

    async send(
      profileId: string,
      importId: string,
      mapping: FeedMapping,
    ): Promise<{ jobId: string; sent: number; skipped: number }> {
      const open = session(importId)
      if (open.profileId !== profileId)
        throw invalid('This import belongs to another profile: choose the file again')
      const store = await deps.stores.open(profileId)
      requireCatalog(store)
      const { report, valid } = await checkedFeed(open, mapping)
      if (report.mappingIssues.some((issue) => issue.severity === 'error'))
        throw invalid(report.mappingIssues[0]?.message ?? 'Map the required columns first')
      // Rows whose image the check found at fault stay here with the others that break a rule.
      const held = deps.images ? await deps.images.knownFaulty(profileId, valid) : new Set<string>()
      const sending = held.size === 0 ? valid : valid.filter((product) => !held.has(product.id as string))
      if (sending.length === 0) throw invalid('No row can be sent: fix the file and import it again')
      for (const product of sending) {
        const id = product.id as string
        const existing = store.get(id)
        store.put({
          ...(existing ?? { messages: [], revision: 0 }),
          product,
          status: 'pending',
          messages: [],
          revision: (existing?.revision ?? 0) + 1,
          updatedAt: new Date(now()).toISOString(),
        })
      }
      const job = await deps.queue.queueProducts(
        profileId,
        store,
        sending.map((product) => product.id as string),
        `Import ${plural(sending.length, 'product')} from ${open.fileName}`,
      )
      open.sent = { ids: new Set(sending.map((product) => String(product.id))), idColumn: mapping.id }
      return { jobId: job.id, sent: sending.length, skipped: report.invalid + held.size }
    },

    /**
     * The images of the rows the rules let through, read by main: the rows whose image is at
     * fault (listed like the report's rows), and how many could not be checked. Kept apart from
     * the rules' check, which needs no network; the send skips the rows listed here.
     */
    async images(profileId: string, importId: string, mapping: FeedMapping): Promise<ImportImages> {
      const open = session(importId)
      const { valid, validRows } = await checkedFeed(open, mapping)
      const found = deps.images ? await deps.images.check(profileId, valid) : new Map<string, Issue[]>()
      const rows: RowReport[] = []
      let failing = 0
      let notChecked = 0
      let notCheckedMessage: string | undefined
      valid.forEach((product, index) => {
        const issues = found.get(product.id as string)
        if (!issues) return
        if (!issues.some((issue) => issue.severity === 'error')) {
          notChecked += 1
          notCheckedMessage ??= issues[0]?.message
          return
        }
        failing += 1
        if (rows.length < IMAGE_REPORT_ROWS)
          rows.push({
            row: validRows[index] ?? 0,
            id: product.id as string,
            ...(product.title ? { title: product.title } : {}),
            issues: issueViews(issues),
            product,
          })
      })
      return {
        checked: valid.length,
        failing,
        rows,
        notChecked,
        ...(notCheckedMessage ? { notCheckedMessage } : {}),
      }
    },

    /**
     * The rows of a sent import that were not sent, as they are in the file (main's own parse,
     * never the page's data), written as CSV where the designer chooses: to fix in a spreadsheet
     * and import again. Formula-like cells are written as text (see keywordCsv).
     */
    async exportUnsent(importId: string): Promise<{ saved: boolean; fileName?: string; rows: number }> {
      const open = session(importId)
      const sent = open.sent
      if (!sent) throw invalid('Send this import first: nothing has been left out yet')
      const unsent = await worker.unsent(importId, [...sent.ids], sent.idColumn)
      const name = basename(open.fileName, extname(open.fileName))
      const path = await deps.dialogs.chooseCsvExportPath(`${name}-not-sent.csv`)
      if (!path) return { saved: false, rows: unsent.rows }
      await writeFileAtomic(path, `${unsent.csv}\n`)
      return { saved: true, fileName: basename(path), rows: unsent.rows }
    },
  }
}
