import { randomUUID } from 'node:crypto'
import { basename, extname } from 'node:path'
import Papa from 'papaparse'
import { writeFileAtomic } from '../files/atomicFile'
import { suggestMapping, type FeedMapping } from '../../shared/catalog/feed'
import type { ImportImages, ImportReport, RowReport } from '../../shared/ipc/contracts/catalogs'
import { plural, type Issue } from '../../shared/rules/issues'
import type { CatalogQueue } from './catalogQueue'
import { issueViews, requireCatalog } from './catalogRows'
import { checkFeed, type FeedCheck } from './feedCheck'
import { invalidInput as invalid } from '../../shared/errors'
import type { CatalogStores } from './catalogStores'
import { readFeedFile, type ParsedFeed } from './feedFile'
import type { CatalogDialogs } from './dialogs'
import type { ProductImages } from './productImages'

/**
 * Product feed imports: a CSV or JSON file the designer chose is read and parsed in main (it
 * never crosses IPC), checked row by row against the product rules with the column mapping the
 * page shows, and its valid products are queued in batches.
 */

interface ImportSession {
  id: string
  profileId: string
  feed: ParsedFeed
  /** The last check's outcome and the mapping it was made with: see checkedFeed(). */
  lastCheck?: { mapping: string; result: FeedCheck }
  /** After a send: the ids it sent and the column they were read from, to find the rows it left. */
  sent?: { ids: ReadonlySet<string>; idColumn: string | undefined }
}

const PREVIEW_ROWS = 6
/** Rows with image problems an answer lists, as the report lists its rows. */
const REPORT_ROWS = 500
const MAX_SESSIONS = 3

export function createFeedImports(deps: {
  stores: CatalogStores
  queue: CatalogQueue
  dialogs: CatalogDialogs
  now: () => number
  /** Reads the products' images (productImages.ts); without it, only the platform checks them. */
  images?: Pick<ProductImages, 'check' | 'knownFaulty'>
}) {
  const now = deps.now
  const sessions = new Map<string, ImportSession>()

  /**
   * The check of an open import with this mapping. Send re-checks what it sends, but the feed is
   * main's own parse (held since it was opened, never the page's) and the rules are fixed, so the
   * check the report came from is the same check: send takes it instead of running the whole
   * feed again (10,000 rows: ~0.2 s of main's CPU at the moment the send starts). Any other
   * mapping is checked afresh. A check is used by one send only: the send puts its products in
   * the store, where later edits change them.
   */
  function checkedFeed(open: ImportSession, mapping: FeedMapping, forSend: boolean): FeedCheck {
    const key = JSON.stringify(mapping)
    const result = open.lastCheck?.mapping === key ? open.lastCheck.result : checkFeed(open.feed, mapping)
    if (forSend) delete open.lastCheck
    else open.lastCheck = { mapping: key, result }
    return result
  }

  function session(importId: string): ImportSession {
    const found = sessions.get(importId)
    if (!found) throw invalid('This import is no longer open: choose the file again')
    return found
  }

  return {
    async open(profileId: string) {
      const path = await deps.dialogs.chooseFeedFile()
      if (!path) return { picked: false as const }
      const feed = await readFeedFile(path)
      const id = randomUUID()
      // One open import per profile: a new file replaces the last one.
      for (const [other, open] of sessions) if (open.profileId === profileId) sessions.delete(other)
      sessions.set(id, { id, profileId, feed })
      while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string)
      const preview = feed.rows
        .slice(0, PREVIEW_ROWS)
        .map((row) => feed.columns.map((column) => String(row[column] ?? '').slice(0, 120)))
      return {
        picked: true as const,
        importId: id,
        fileName: feed.fileName,
        format: feed.format,
        columns: feed.columns,
        preview,
        rowCount: feed.rows.length,
        mapping: suggestMapping(feed.columns),
      }
    },

    check(importId: string, mapping: FeedMapping): ImportReport {
      return checkedFeed(session(importId), mapping, false).report
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
      const { report, valid } = checkedFeed(open, mapping, true)
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
        `Import ${plural(sending.length, 'product')} from ${open.feed.fileName}`,
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
      const { valid } = checkedFeed(open, mapping, false)
      const found = deps.images ? await deps.images.check(profileId, valid) : new Map<string, Issue[]>()
      const rowOf = new Map<string, number>()
      if (mapping.id !== undefined)
        open.feed.rows.forEach((row, index) => {
          const id = String(row[mapping.id as string] ?? '').trim()
          if (id && !rowOf.has(id)) rowOf.set(id, index + 1)
        })
      const rows: RowReport[] = []
      let failing = 0
      let notChecked = 0
      let notCheckedMessage: string | undefined
      for (const product of valid) {
        const issues = found.get(product.id as string)
        if (!issues) continue
        if (!issues.some((issue) => issue.severity === 'error')) {
          notChecked += 1
          notCheckedMessage ??= issues[0]?.message
          continue
        }
        failing += 1
        if (rows.length < REPORT_ROWS)
          rows.push({
            row: rowOf.get(product.id as string) ?? 0,
            id: product.id as string,
            ...(product.title ? { title: product.title } : {}),
            issues: issueViews(issues),
            product,
          })
      }
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
      const idOf = (row: Record<string, unknown>) =>
        sent.idColumn === undefined ? '' : String(row[sent.idColumn] ?? '').trim()
      const unsent = open.feed.rows.filter((row) => !sent.ids.has(idOf(row)))
      const name = basename(open.feed.fileName, extname(open.feed.fileName))
      const path = await deps.dialogs.chooseCsvExportPath(`${name}-not-sent.csv`)
      if (!path) return { saved: false, rows: unsent.length }
      const columns = open.feed.columns
      const csv = Papa.unparse(
        { fields: columns, data: unsent.map((row) => columns.map((column) => String(row[column] ?? ''))) },
        { escapeFormulae: true },
      )
      await writeFileAtomic(path, `${csv}\n`)
      return { saved: true, fileName: basename(path), rows: unsent.length }
    },
  }
}
