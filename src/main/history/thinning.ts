/**
 * What a history keeps as it ages and when it outgrows its budget (issue 43): versions older
 * than 90 days are thinned to the day's last one; over budget, the oldest go first. A draft's
 * newest version is never thinned: it is what the next change is kept against.
 */
import { apply, diff, type FieldMap } from './versionDelta'
import type { HistoryRecord, MarkKind } from './versionFile'

export const THIN_AFTER_DAYS = 90
const DAY_MS = 86_400_000

export interface Version {
  n: number
  at: string
  fields: FieldMap
  /** The fields this version changed from the one before it (as first kept). */
  changed: string[]
}

export interface Mark {
  what: MarkKind
  at: string
  label: string
}

/** A history read back: versions and marks in the order they were written. */
export type Entry = ({ k: 'v' } & Version) | ({ k: 'm' } & Mark)

export function replay(records: readonly HistoryRecord[]): Entry[] {
  const entries: Entry[] = []
  let fields: FieldMap = {}
  for (const record of records) {
    if (record.k === 'm') {
      entries.push({ k: 'm', what: record.what, at: record.at, label: record.label })
      continue
    }
    fields = apply(fields, record.d)
    const changed = [...Object.keys(record.d.set ?? {}), ...(record.d.del ?? [])]
    entries.push({ k: 'v', n: record.n, at: record.at, fields, changed })
  }
  return entries
}

/** Records again, each version kept against the version kept before it. */
export function encode(entries: readonly Entry[]): HistoryRecord[] {
  let previous: FieldMap = {}
  return entries.map((entry): HistoryRecord => {
    if (entry.k === 'm') return { k: 'm', what: entry.what, at: entry.at, label: entry.label }
    const record: HistoryRecord = { k: 'v', n: entry.n, at: entry.at, d: diff(previous, entry.fields) }
    previous = entry.fields
    return record
  })
}

/** Entries with old versions thinned to one a day (the day's last); marks stay. */
export function thinByAge(entries: readonly Entry[], now: Date): Entry[] {
  const cutoff = now.getTime() - THIN_AFTER_DAYS * DAY_MS
  const lastOfDay = new Map<string, number>()
  entries.forEach((entry, index) => {
    if (entry.k === 'v' && Date.parse(entry.at) < cutoff) lastOfDay.set(entry.at.slice(0, 10), index)
  })
  return entries.filter(
    (entry, index) =>
      entry.k === 'm' || Date.parse(entry.at) >= cutoff || lastOfDay.get(entry.at.slice(0, 10)) === index,
  )
}

export function hasThinnable(entries: readonly Entry[], now: Date): boolean {
  return thinByAge(entries, now).length < entries.length
}

/** Without the entries at these indexes, never the newest version. */
export function without(entries: readonly Entry[], drop: ReadonlySet<number>): Entry[] {
  const newest = lastVersionIndex(entries)
  return entries.filter((_, index) => index === newest || !drop.has(index))
}

export function lastVersionIndex(entries: readonly Entry[]): number {
  for (let index = entries.length - 1; index >= 0; index--) if (entries[index]!.k === 'v') return index
  return -1
}
