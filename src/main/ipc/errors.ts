import type { IpcError } from '../../shared/ipc/result'

/**
 * Our codes are snake_case ("token_expired"); Node's are upper case ("ENOENT") and their
 * messages may carry paths, so those become a generic internal error.
 */
function isPersonFacing(value: unknown): value is IpcError {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate.code === 'string' &&
    /^[a-z][a-z0-9_]*$/.test(candidate.code) &&
    typeof candidate.message === 'string' &&
    candidate.message.length > 0
  )
}

/** Only the declared fields cross; stacks, causes and request details stay in main. */
export function toIpcError(error: unknown): IpcError {
  if (!isPersonFacing(error)) {
    return {
      code: 'internal',
      message: 'Something went wrong inside Ads Studio. Try again; if it keeps happening, restart the app.',
    }
  }
  return {
    code: error.code,
    message: error.message,
    ...(typeof error.field === 'string' ? { field: error.field } : {}),
    ...(typeof error.retryAfter === 'number' ? { retryAfter: error.retryAfter } : {}),
    ...(Array.isArray(error.issues) ? { issues: error.issues.map(fieldIssue) } : {}),
  }
}

/** Only the declared keys of each issue cross. */
function fieldIssue(issue: NonNullable<IpcError['issues']>[number]): NonNullable<IpcError['issues']>[number] {
  return {
    field: String(issue.field),
    message: String(issue.message),
    ...(typeof issue.draftId === 'string' ? { draftId: issue.draftId } : {}),
  }
}
