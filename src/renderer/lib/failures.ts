import type { IpcError } from '../../shared/ipc/result'
import { IpcFailure } from './ipc'
import { ACCESS_REVOKED_MESSAGE } from '../../shared/errors'

/** What a screen needs to show a failed call: the sentence, the field it is about, and whether to reconnect. */
export interface Failure {
  message: string
  field?: string
  /** The profile's access was revoked or expired: only connecting again helps. */
  expired: boolean
  /** Rate limited: when the platform takes requests again (ISO time). */
  retryAt?: string
}

export const EXPIRED_MESSAGE = ACCESS_REVOKED_MESSAGE

export function failureOf(error: unknown, now: number = Date.now()): Failure {
  const ipc: IpcError =
    error instanceof IpcFailure
      ? error.error
      : { code: 'internal', message: 'Something went wrong. Try again.' }
  if (ipc.code === 'token_expired') return { message: EXPIRED_MESSAGE, expired: true }
  if (ipc.code === 'rate_limited' && ipc.retryAfter !== undefined) {
    return {
      message: 'The platform rate limit was reached',
      expired: false,
      retryAt: new Date(now + ipc.retryAfter * 1000).toISOString(),
    }
  }
  return { message: ipc.message, expired: false, ...(ipc.field ? { field: ipc.field } : {}) }
}

/** A failed call's sentence, for a banner: IpcFailure and every other Error carry it as their message. */
export function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure)
}
