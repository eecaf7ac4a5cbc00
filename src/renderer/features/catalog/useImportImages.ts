import { useEffect, useState } from 'react'
import type { FeedMapping } from '../../../shared/catalog/feed'
import type {
  ImportCheckAnswer,
  ImportImages,
  ImportReport,
  RowReport,
} from '../../../shared/ipc/contracts/catalogs'
import { studio, unwrap } from '../../lib/ipc'

export interface ImportImageCheck {
  /** Main's reading of the rows' images, once it has answered for this report. */
  images: ImportImages | null
  /** Main is reading the images of this report's rows. */
  checking: boolean
}

/**
 * The images of an import's rows, read by main after each check of the rules (they take a network
 * read each, the rules none). Follows the report: a new mapping asks again.
 */
export function useImportImages(
  profileId: string,
  importId: string | undefined,
  mapping: FeedMapping,
  report: ImportCheckAnswer | null,
): ImportImageCheck {
  // One read per check: reading more pages of the same report asks nothing again.
  const checkId = report?.checkId ?? null
  const valid = report?.valid ?? 0
  const [answer, setAnswer] = useState<{ checkId: string; images: ImportImages | null } | null>(null)
  useEffect(() => {
    if (!importId || !checkId || valid === 0) return
    let stale = false
    unwrap(studio().catalog.importImages({ profileId, importId, mapping })).then(
      (images) => !stale && setAnswer({ checkId, images }),
      // A failed read leaves the images to the send's own check.
      () => !stale && setAnswer({ checkId, images: null }),
    )
    return () => {
      stale = true
    }
  }, [profileId, importId, mapping, checkId, valid])
  const current = answer && answer.checkId === checkId ? answer : null
  return {
    images: current?.images ?? null,
    checking: checkId !== null && valid > 0 && current === null,
  }
}

const hasError = (row: RowReport) => row.issues.some((issue) => issue.severity === 'error')

/** The report with the rows whose images are at fault among those the rules refuse. */
export function withImageRows<R extends ImportReport>(report: R, images: ImportImages | null): R {
  if (!images || images.failing === 0) return report
  return {
    ...report,
    valid: Math.max(0, report.valid - images.failing),
    invalid: report.invalid + images.failing,
    rows: [...report.rows.filter(hasError), ...images.rows, ...report.rows.filter((row) => !hasError(row))],
  }
}
