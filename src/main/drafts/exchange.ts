import { basename } from 'node:path'
import type { ContentValidator, Draft } from '../../shared/drafts/envelope'
import { toExchangeFile, unwrapExchangeFile } from '../../shared/drafts/exchange'
import { DRAFT_LIMITS, scanJsonText, stripByteOrderMark } from '../../shared/drafts/json'
import { restoreDraft } from '../../shared/drafts/migrations'
import { readRegularFile, UnsafeFileError } from '../files/regularFile'
import { writeFileAtomic } from '../files/atomicFile'
import { DraftStoreError, ioError } from './errors'
import { MAX_DRAFT_MEGABYTES } from './draftLimits'

/**
 * Draft files that leave or enter the store: an export the designer shares, an import, a file
 * restored from quarantine. An import is held to DRAFT_LIMITS as a draft file is: the exchange
 * file wraps the draft in one more object, indented one more level, and may be that much larger.
 */
const EXCHANGE_LIMITS = {
  // Two more spaces on each line (a line per entry at most) and the wrapper's few fields.
  maxBytes: DRAFT_LIMITS.maxFileBytes + 2 * DRAFT_LIMITS.maxEntries + 1024,
  scan: {
    maxDepth: DRAFT_LIMITS.maxDepth + 1,
    maxEntries: DRAFT_LIMITS.maxEntries + 8,
    maxStringLength: DRAFT_LIMITS.maxStringLength,
  },
}

export async function writeExchangeFile(draft: Draft, filePath: string, exportedAt: string): Promise<void> {
  try {
    await writeFileAtomic(filePath, `${JSON.stringify(toExchangeFile(draft, exportedAt), null, 2)}\n`)
  } catch (error) {
    throw ioError('write the export file', filePath, error, draft.id)
  }
}

/**
 * Reads a chosen import file without waiting on it (only a regular file, sized before it is
 * read), then the draft in it, upgraded to this version. Messages name the file only: they may
 * be copied into a support thread, and a path says more about the person's disk than they meant.
 */
export async function readExchangeFile(
  filePath: string,
  options: { validateContent: ContentValidator | undefined; fallbackTime: string },
): Promise<{ draft: Draft; migratedFrom?: number }> {
  const name = basename(filePath)
  const invalid = (message: string) => new DraftStoreError('import_invalid', message, { filePath })
  let text: string
  try {
    const bytes = await readRegularFile(filePath, { maxBytes: EXCHANGE_LIMITS.maxBytes, followLinks: true })
    text = stripByteOrderMark(bytes.toString('utf8'))
  } catch (error) {
    if (error instanceof UnsafeFileError && error.reason === 'too_large') {
      const megabytes = ((error.size ?? 0) / 1024 / 1024).toFixed(1)
      throw invalid(
        `${name} is too large to be an Ads Studio draft (${megabytes} MB; a draft is under ${MAX_DRAFT_MEGABYTES} MB)`,
      )
    }
    const message =
      error instanceof UnsafeFileError
        ? `${name} ${error.reason === 'not_a_file' ? 'is not a file' : 'changed while it was read'}`
        : `Could not read ${name} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`
    throw new DraftStoreError('import_unreadable', message, { filePath, cause: error })
  }
  // Cheap and linear first: a file that would be costly to build is refused before JSON.parse.
  const scan = scanJsonText(text, EXCHANGE_LIMITS.scan)
  if (!scan.ok) throw invalid(`${name} cannot be imported: ${scan.reason}, far more than any draft`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalid(`${name} is not an Ads Studio draft: it is not valid JSON`)
  }
  const unwrapped = unwrapExchangeFile(parsed)
  if (!unwrapped.ok) throw invalid(`${unwrapped.message}: ${name}`)
  const restored = restoreDraft(unwrapped.rawDraft, options)
  if (!restored.ok) throw invalid(`${name} cannot be imported. ${restored.error.message}`)
  return {
    draft: restored.draft,
    ...(restored.migratedFrom !== undefined ? { migratedFrom: restored.migratedFrom } : {}),
  }
}
