import { useCallback, useEffect, useState } from 'react'
import type { FeedMapping } from '../../../shared/catalog/feed'
import type { ImportCheckAnswer } from '../../../shared/ipc/contracts/catalogs'
import { listen, studio, unwrap } from '../../lib/ipc'

/** How far main got checking the rows, while it checks. */
export interface CheckProgress {
  checked: number
  total: number
}

export interface ImportReportView {
  /** The last report of this import: its counts and the pages of rows read so far. */
  report: ImportCheckAnswer | null
  /** While a check runs (the first, or after a mapping change): how far it got. */
  checking: CheckProgress | null
  /** Pages of rows read so far (the answer brings the first). */
  pagesRead: number
  readingMore: boolean
  readMore(): void
}

/**
 * The report of an open import with the page's mapping. Main checks the rows in its feed worker
 * and answers the counts and the first page of rows; the page shows how far the check got until
 * then (catalog.importProgress), and reads the other pages only when the designer asks for them.
 * A new mapping keeps the last report on screen until its own arrives; a new file starts empty.
 */
export function useImportReport(
  importId: string | null,
  mapping: FeedMapping,
  onFailure: (error: unknown) => void,
): ImportReportView {
  const [held, setHeld] = useState<{ importId: string; report: ImportCheckAnswer; pages: number } | null>(
    null,
  )
  const [checking, setChecking] = useState<(CheckProgress & { importId: string }) | null>(null)
  const [readingMore, setReadingMore] = useState(false)

  useEffect(() => {
    if (!importId) return
    let stale = false
    // Main's last progress event may come after its answer: the answer ends the progress.
    let answered = false
    setChecking((current) => (current?.importId === importId ? current : { importId, checked: 0, total: 0 }))
    const stop = listen('catalog.importProgress', (progress) => {
      if (!stale && !answered && progress.importId === importId) setChecking(progress)
    })
    void unwrap(studio().catalog.importCheck({ importId, mapping }))
      .then((report) => {
        answered = true
        if (stale) return
        setHeld({ importId, report, pages: Math.min(1, report.pages) })
        setChecking(null)
      })
      .catch((error: unknown) => {
        answered = true
        if (stale) return
        setChecking(null)
        onFailure(error)
      })
    return () => {
      stale = true
      stop()
    }
  }, [importId, mapping, onFailure])

  const current = held && held.importId === importId ? held : null
  const readMore = useCallback(() => {
    if (!current || current.pages >= current.report.pages) return
    const { importId: id, report, pages } = current
    setReadingMore(true)
    void unwrap(studio().catalog.importReportPage({ importId: id, checkId: report.checkId, page: pages }))
      .then(({ rows }) =>
        setHeld((kept) =>
          kept?.report.checkId === report.checkId && kept.pages === pages
            ? { ...kept, report: { ...kept.report, rows: [...kept.report.rows, ...rows] }, pages: pages + 1 }
            : kept,
        ),
      )
      .catch(onFailure)
      .finally(() => setReadingMore(false))
  }, [current, onFailure])

  return {
    report: current?.report ?? null,
    checking: checking && checking.importId === importId ? checking : null,
    pagesRead: current?.pages ?? 0,
    readingMore,
    readMore,
  }
}
