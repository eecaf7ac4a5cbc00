import { createHash } from 'node:crypto'
import { MIRROR_KIND_SPECS, canonicalJson, fingerprintOf } from './kinds'
import type { MirrorKind } from './kinds'

/** What the mirror holds in memory of one object: enough for a list, never the raw object. */
export interface MirrorEntry {
  /** The platform's id (media_key for the media library). */
  id: string
  name: string | null
  /** The platform's updated_at, as it sent it; null when it sent none that reads as a time. */
  updatedAt: string | null
  /** fingerprintOf: the app-editable fields. */
  fingerprint: string
  /** When the app read it (ISO 8601). */
  fetchedAt: string
  deleted: boolean
  /** Why the object is kept raw: its shape is not the one the app reads. */
  flagged?: string
  /** Absent from the platform's list at the last complete walk: gone for good. */
  missing?: boolean
}

/** One object as stored on disk: its entry and the object as the platform sent it. */
export interface MirrorRecord extends MirrorEntry {
  raw: unknown
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * The record of one object of a page. An object in a shape the app does not expect is kept as
 * sent and flagged (never dropped): one that lacks even its id is keyed by its content.
 */
export function recordOf(kind: MirrorKind, raw: unknown, fetchedAt: string): MirrorRecord {
  const spec = MIRROR_KIND_SPECS[kind]
  const object = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {}
  const problems: string[] = []
  if (!spec.schema.safeParse(raw).success) problems.push(`not the shape of ${kind.replace(/_/g, ' ')}`)
  const updatedAt = text(object.updated_at)
  const readable = updatedAt !== null && !Number.isNaN(Date.parse(updatedAt))
  if (!readable && spec.stamped !== false) problems.push('no readable updated_at')
  const id =
    text(object[spec.idKey]) ??
    `unkeyed-${createHash('sha256').update(canonicalJson(raw)).digest('hex').slice(0, 16)}`
  return {
    id,
    name: text(object[spec.nameKey ?? 'name']),
    updatedAt: readable ? updatedAt : null,
    fingerprint: fingerprintOf(kind, raw),
    fetchedAt,
    deleted: object.deleted === true,
    ...(problems.length > 0 ? { flagged: problems.join('; ') } : {}),
    raw,
  }
}

/** The in-memory part of a record. */
export function entryOf(record: MirrorRecord): MirrorEntry {
  const { raw: _raw, ...entry } = record
  return entry
}

/** Whether a value read from disk is a record this store wrote. */
export function isRecord(value: unknown): value is MirrorRecord {
  if (!value || typeof value !== 'object') return false
  const r = value as Record<string, unknown>
  return (
    typeof r.id === 'string' &&
    (r.name === null || typeof r.name === 'string') &&
    (r.updatedAt === null || typeof r.updatedAt === 'string') &&
    typeof r.fingerprint === 'string' &&
    typeof r.fetchedAt === 'string' &&
    typeof r.deleted === 'boolean' &&
    'raw' in r
  )
}
