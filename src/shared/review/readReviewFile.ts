import type { z } from 'zod'
import { parseJsonWithLines, type JsonPath } from './jsonLines'
import {
  BUNDLE_DATA_ELEMENT_ID,
  bundleDataSchema,
  verdictFileSchema,
  type BundleData,
  type VerdictFile,
} from './format'

/**
 * Reads a file a reviewer sent back: a verdict file (JSON) or a bundle (the HTML page with its
 * JSON block). A file that is neither, or whose JSON or fields are wrong, is refused with the
 * line and the reason of each problem; nothing of it is used.
 */

export interface FileProblem {
  line: number
  reason: string
}

export type ReviewFile =
  | { ok: true; type: 'verdicts'; file: VerdictFile }
  | { ok: true; type: 'bundle'; bundle: BundleData }
  | { ok: false; problems: FileProblem[] }

/** At most this many problems are listed: the first ones are what the person fixes first. */
const PROBLEMS_LISTED = 20

const BLOCK_START = new RegExp(`<script type="application/json" id="${BUNDLE_DATA_ELEMENT_ID}">`)

/** Where a path points, in words: verdicts → 2 → fingerprint reads "verdicts[3].fingerprint". */
function pathWords(path: JsonPath): string {
  return path.reduce<string>(
    (words, part) => (typeof part === 'number' ? `${words}[${part + 1}]` : words ? `${words}.${part}` : part),
    '',
  )
}

function readJson<T>(
  text: string,
  firstLine: number,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; problems: FileProblem[] } {
  const parsed = parseJsonWithLines(text, firstLine)
  if (!parsed.ok)
    return { ok: false, problems: [{ line: parsed.line, reason: `Not valid JSON: ${parsed.reason}.` }] }
  const checked = schema.safeParse(parsed.value)
  if (checked.success) return { ok: true, value: checked.data }
  const problems = checked.error.issues.slice(0, PROBLEMS_LISTED).map((issue) => {
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol')
    const where = pathWords(path)
    return { line: parsed.lineOf(path), reason: `${where ? `${where}: ` : ''}${issue.message}.` }
  })
  return { ok: false, problems: problems.sort((a, b) => a.line - b.line) }
}

export function readReviewFile(text: string): ReviewFile {
  const start = BLOCK_START.exec(text)
  if (start) {
    const from = start.index + start[0].length
    const end = text.indexOf('</script>', from)
    if (end < 0)
      return {
        ok: false,
        problems: [
          {
            line: lineAt(text, from),
            reason: 'The bundle’s data block is not closed: the file was cut short.',
          },
        ],
      }
    const read = readJson(text.slice(from, end), lineAt(text, from), bundleDataSchema)
    return read.ok ? { ok: true, type: 'bundle', bundle: read.value } : read
  }
  if (/^\s*</.test(text))
    return {
      ok: false,
      problems: [
        { line: 1, reason: 'This page is not an Ads Studio review bundle (it has no review data).' },
      ],
    }
  const read = readJson(text, 1, verdictFileSchema)
  return read.ok ? { ok: true, type: 'verdicts', file: read.value } : read
}

function lineAt(text: string, index: number): number {
  let line = 1
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++
  return line
}
