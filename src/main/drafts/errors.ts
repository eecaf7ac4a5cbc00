export type DraftStoreErrorCode =
  | 'not_loaded'
  | 'closed'
  | 'not_found'
  | 'not_in_trash'
  | 'already_exists'
  | 'invalid_draft'
  | 'invalid_content'
  | 'import_unreadable'
  | 'import_invalid'
  | 'io_error'

/** Every failure the store reports carries a stable `code` and a sentence a designer can act on. */
export class DraftStoreError extends Error {
  override readonly name = 'DraftStoreError'
  readonly code: DraftStoreErrorCode
  readonly draftId: string | undefined
  readonly filePath: string | undefined

  constructor(
    code: DraftStoreErrorCode,
    message: string,
    details: { draftId?: string; filePath?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    this.code = code
    this.draftId = details.draftId
    this.filePath = details.filePath
  }
}

export function ioError(action: string, filePath: string, cause: unknown, draftId?: string): DraftStoreError {
  const reason = cause instanceof Error && 'code' in cause ? ` (${String(cause.code)})` : ''
  const details: { draftId?: string; filePath: string; cause: unknown } = { filePath, cause }
  if (draftId !== undefined) details.draftId = draftId
  return new DraftStoreError('io_error', `Could not ${action} ${filePath}${reason}`, details)
}
