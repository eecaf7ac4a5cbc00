import type { Runtime } from '../context'
import type { AdsRecord, Upload } from '../state'

export function libraryItem(rt: Runtime, accountId: string, mediaKey: string): AdsRecord | undefined {
  return rt.state.mediaLibrary.find((m) => m._account === accountId && m.media_key === mediaKey && !m.deleted)
}

/** A finalized, successfully processed upload owned by the user. */
export function readyUpload(rt: Runtime, userId: string, mediaKey: string, now: number): Upload | undefined {
  return rt.state.uploads.find(
    (u) =>
      u.mediaKey === mediaKey &&
      u.userId === userId &&
      u.phase === 'finalized' &&
      !u.failure &&
      now >= u.readyAt,
  )
}

export function ownRecord(
  records: readonly AdsRecord[],
  accountId: string,
  id: string | undefined,
  withDeleted = false,
): AdsRecord | undefined {
  return records.find((r) => r._account === accountId && r.id === id && (withDeleted || !r.deleted))
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
  } catch {
    return false
  }
}
