import { productFromRow, validateMapping, type FeedMapping } from '../../shared/catalog/feed'
import {
  PRODUCT_FIELD_LABELS,
  PRODUCT_FIELDS,
  validateProduct,
  type Product,
} from '../../shared/catalog/product'
import {
  productFieldMaxChars,
  type ImportReport,
  type IssueView,
  type RowReport,
} from '../../shared/ipc/contracts/catalogs'
import { formatNumber } from '../../shared/rules/issues'
import { BROKEN_CHARACTER_MESSAGE, hasLoneSurrogate } from '../../shared/text'
import { issueViews } from './catalogRows'
import type { ParsedFeed } from './feedFile'

/**
 * The check of a product feed against a column mapping: every row as the product it would send,
 * with its problems, for the import's report (the rows with errors first, then those with
 * warnings) and for the send (the valid products). A row is refused on the field at fault; a
 * field that could not even cross to the page (too long to take, broken text) is named and left
 * out of the row's product, so one row never hides the report of the others.
 */

export interface FeedCheck {
  report: ImportReport
  valid: Product[]
  /** The file's row (1-based) of each valid product, in the same order. */
  validRows: number[]
}

/** Rows the report names, errors first; the count of the rest is in it. */
const REPORT_ROWS = 500

/**
 * Text main cannot take or send: longer than productFieldMaxChars, or with a lone surrogate (a
 * JSON feed's "\ud83d" escape; no UTF-8 form). Answers the issues and the product without them.
 */
function untakeableFields(product: Product): { issues: IssueView[]; carried: Product } {
  const issues: IssueView[] = []
  const carried: Record<string, unknown> = { ...product }
  for (const field of PRODUCT_FIELDS) {
    const value = product[field]
    if (field === 'inventory' || typeof value !== 'string') continue
    const label = PRODUCT_FIELD_LABELS[field]
    const max = productFieldMaxChars(field)
    const message =
      value.length > max
        ? `${label} is ${formatNumber(value.length)} characters; Ads Studio takes at most ${formatNumber(max)} — shorten it in the file`
        : hasLoneSurrogate(value)
          ? `${label} ${BROKEN_CHARACTER_MESSAGE} in the file`
          : undefined
    if (message === undefined) continue
    issues.push({ field, severity: 'error', message })
    delete carried[field]
  }
  return { issues, carried: carried as Product }
}

/**
 * A check under way: rows are checked in steps, so the feed worker can answer other messages
 * (a newer check, a cancelled import) and say how far it got between them.
 */
export interface FeedCheckRun {
  readonly total: number
  /** Rows checked so far. */
  checked(): number
  /** Checks up to `count` more rows; true once every row is checked. */
  step(count: number): boolean
  /** The outcome; only once step() answered true. */
  result(): FeedCheck
}

export function startFeedCheck(feed: ParsedFeed, mapping: FeedMapping): FeedCheckRun {
  const mappingIssues = validateMapping(mapping, feed.columns)
  const problems = new Map<number, string[]>()
  for (const problem of feed.problems)
    problems.set(problem.index, [...(problems.get(problem.index) ?? []), problem.message])
  const mapped = feed.rows.map((row) => productFromRow(row, mapping))
  const rowsOfId = new Map<string, number[]>()
  mapped.forEach(({ product }, index) => {
    if (product.id) rowsOfId.set(product.id, [...(rowsOfId.get(product.id) ?? []), index])
  })
  const failing: RowReport[] = []
  const warned: RowReport[] = []
  const valid: Product[] = []
  const validRows: number[] = []
  let invalidCount = 0
  let warningCount = 0
  let next = 0

  function checkRow(index: number): void {
    const { product: clean, issues: mappingRowIssues } = mapped[index]!
    // productFromRow already trims and drops blank values: the product is normalised.
    const issues: IssueView[] = (problems.get(index) ?? []).map((message) => ({
      message,
      severity: 'error' as const,
    }))
    const untakeable = untakeableFields(clean)
    issues.push(...untakeable.issues, ...issueViews(mappingRowIssues), ...issueViews(validateProduct(clean)))
    const twins = clean.id ? (rowsOfId.get(clean.id) ?? []) : []
    if (twins.length > 1)
      issues.push({
        field: 'id',
        severity: 'error',
        message: `ID ${clean.id} is on rows ${twins.map((at) => at + 1).join(', ')}: the platform ignores every copy of a repeated ID`,
      })
    const hasError = issues.some((issue) => issue.severity === 'error')
    if (hasError) invalidCount += 1
    else {
      valid.push(clean)
      validRows.push(index + 1)
    }
    if (issues.length === 0) return
    if (!hasError) warningCount += 1
    const report: RowReport = {
      row: index + 1,
      ...(untakeable.carried.id ? { id: untakeable.carried.id } : {}),
      ...(untakeable.carried.title ? { title: untakeable.carried.title } : {}),
      issues,
      product: untakeable.carried,
    }
    if (hasError) {
      if (failing.length < REPORT_ROWS) failing.push(report)
    } else if (warned.length < REPORT_ROWS) warned.push(report)
  }

  return {
    total: mapped.length,
    checked: () => next,
    step(count) {
      const end = Math.min(mapped.length, next + count)
      for (; next < end; next++) checkRow(next)
      return next === mapped.length
    },
    result() {
      if (next < mapped.length) throw new Error('the feed check has not finished')
      const blocked = mappingIssues.some((issue) => issue.severity === 'error')
      const rows = [...failing, ...warned].slice(0, REPORT_ROWS)
      return {
        report: {
          total: feed.rows.length,
          valid: blocked ? 0 : valid.length,
          invalid: invalidCount,
          withWarnings: warningCount,
          mappingIssues: issueViews(mappingIssues),
          rows,
          truncated: invalidCount + warningCount > rows.length,
        },
        valid: blocked ? [] : valid,
        validRows: blocked ? [] : validRows,
      }
    },
  }
}

export function checkFeed(feed: ParsedFeed, mapping: FeedMapping): FeedCheck {
  const run = startFeedCheck(feed, mapping)
  run.step(Number.POSITIVE_INFINITY)
  return run.result()
}
