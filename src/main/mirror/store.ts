import { randomBytes } from 'node:crypto'
import { mkdir, readFile, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { fsyncDirectory, isErrno, renameWithRetry, writeFileAtomic } from '../files/atomicFile'
import { MIRROR_KINDS } from './kinds'
import type { MirrorKind } from './kinds'
import { entryOf, isRecord } from './records'
import type { MirrorEntry, MirrorRecord } from './records'

/**
 * The mirror on disk, per profile, ad account and kind:
 *   <root>/<profile>/<account>/<kind>/snapshot.json   the last complete walk of the list
 *   <root>/<profile>/<account>/<kind>/run.json        a walk under way: its cursor, pages saved
 *   <root>/<profile>/<account>/<kind>/page-NNNNNN.json  the pages of that walk, one file each
 *   <root>/<profile>/<account>/<kind>/singles.json     objects read one by one since (before an edit)
 * Each file is written whole (atomicFile), a page before the run that counts it, so a crash
 * leaves at most the page in flight to fetch again. A file that cannot be read is moved to the
 * quarantine folder, never deleted, and what it held is fetched again. Memory holds entries
 * only; the raw objects stay on disk. Of two readings of an object the later one wins.
 */

const SCHEMA = 1
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,80}$/

export interface MirrorRun {
  startedAt: string
  /** The cursor of the next page to fetch; null once the last page is saved. */
  cursor: string | null
  pages: number
  done: boolean
}

export interface MirrorQuarantined {
  file: string
  movedTo: string
  why: string
}

export interface KindStatus {
  kind: MirrorKind
  /** When the last complete walk started: every object is at least this fresh. */
  asOf: string | null
  run: MirrorRun | null
  count: number
  flagged: number
}

interface Snapshot {
  schema: number
  kind: MirrorKind
  asOf: string
  records: MirrorRecord[]
}

class DamagedFile extends Error {}

async function readJson(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return undefined
    throw error
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new DamagedFile('it is not valid JSON')
  }
}

const pageName = (n: number): string => `page-${String(n).padStart(6, '0')}.json`

function readSnapshot(value: unknown, kind: MirrorKind): Snapshot {
  const s = value as Partial<Snapshot> | null
  if (!s || s.schema !== SCHEMA || s.kind !== kind || typeof s.asOf !== 'string' || !Array.isArray(s.records))
    throw new DamagedFile('it is not a mirror snapshot of this kind')
  if (!s.records.every(isRecord)) throw new DamagedFile('a record in it is damaged')
  return s as Snapshot
}

function readRun(value: unknown): MirrorRun {
  const r = value as Partial<MirrorRun> & { schema?: number }
  if (
    !r ||
    r.schema !== SCHEMA ||
    typeof r.startedAt !== 'string' ||
    !(r.cursor === null || typeof r.cursor === 'string') ||
    !Number.isSafeInteger(r.pages) ||
    (r.pages as number) < 0 ||
    typeof r.done !== 'boolean'
  )
    throw new DamagedFile('it is not the state of a walk')
  return { startedAt: r.startedAt, cursor: r.cursor, pages: r.pages as number, done: r.done }
}

function readPage(value: unknown): MirrorRecord[] {
  const p = value as { schema?: number; records?: unknown } | null
  if (!p || p.schema !== SCHEMA || !Array.isArray(p.records) || !p.records.every(isRecord))
    throw new DamagedFile('it is not a page of the mirror')
  return p.records
}

function readSingles(value: unknown): MirrorRecord[] {
  const p = value as { schema?: number; records?: unknown } | null
  if (!p || p.schema !== SCHEMA || !Array.isArray(p.records) || !p.records.every(isRecord))
    throw new DamagedFile('it is not the objects read one by one')
  return p.records
}

/** Whether `candidate` is a later reading than `known` (fetchedAt is always toISOString). */
const later = (candidate: MirrorRecord, known: { fetchedAt: string } | undefined): boolean =>
  !known || candidate.fetchedAt >= known.fetchedAt

/** The mirror of one kind on one ad account. */
export class KindMirror {
  private entries = new Map<string, MirrorEntry>()
  private asOf: string | null = null
  private run: MirrorRun | null = null
  private singles = new Map<string, MirrorRecord>()
  private loaded = false

  constructor(
    readonly kind: MirrorKind,
    private readonly dir: string,
    private readonly quarantine: (path: string, why: string) => Promise<void>,
    private readonly now: () => number,
  ) {}

  /** Reads what is on disk (once); damaged files go to quarantine and count as absent. */
  async load(): Promise<void> {
    if (this.loaded) return
    await mkdir(this.dir, { recursive: true })
    const snapshot = await this.readOr(join(this.dir, 'snapshot.json'), (v) => readSnapshot(v, this.kind))
    if (snapshot) {
      this.asOf = snapshot.asOf
      for (const record of snapshot.records) this.entries.set(record.id, entryOf(record))
    }
    this.run = (await this.readOr(join(this.dir, 'run.json'), readRun)) ?? null
    const names = (await readdir(this.dir)).filter((n) => /^page-\d{6}\.json$/.test(n))
    for (let n = 1; this.run && n <= this.run.pages; n++) {
      const page = await this.readOr(join(this.dir, pageName(n)), readPage)
      if (!page) {
        // A walk with a page missing or damaged cannot be finished: start it again.
        this.run = null
        await unlink(join(this.dir, 'run.json')).catch(() => undefined)
        break
      }
      for (const record of page) this.entries.set(record.id, entryOf(record))
    }
    for (const record of (await this.readOr(join(this.dir, 'singles.json'), readSingles)) ?? []) {
      this.singles.set(record.id, record)
      if (later(record, this.entries.get(record.id))) this.entries.set(record.id, entryOf(record))
    }
    // Pages no run counts: the one in flight at a crash, or those of an abandoned walk.
    const counted = this.run?.pages ?? 0
    for (const name of names)
      if (Number(name.slice(5, 11)) > counted) await unlink(join(this.dir, name)).catch(() => undefined)
    this.loaded = true
  }

  private async readOr<T>(path: string, read: (value: unknown) => T): Promise<T | undefined> {
    try {
      const value = await readJson(path)
      return value === undefined ? undefined : read(value)
    } catch (error) {
      if (!(error instanceof DamagedFile)) throw error
      await this.quarantine(path, error.message)
      return undefined
    }
  }

  list(): MirrorEntry[] {
    return [...this.entries.values()]
  }

  get(id: string): MirrorEntry | undefined {
    return this.entries.get(id)
  }

  status(): KindStatus {
    let flagged = 0
    for (const entry of this.entries.values()) if (entry.flagged) flagged++
    return {
      kind: this.kind,
      asOf: this.asOf,
      run: this.run ? { ...this.run } : null,
      count: this.entries.size,
      flagged,
    }
  }

  /**
   * Every object as the platform sent it, read from disk (the snapshot, then the pages of a walk
   * under way over it): for reading a list offline, not kept in memory.
   */
  async readRecords(): Promise<MirrorRecord[]> {
    const records = new Map<string, MirrorRecord>()
    const snapshot = await this.readOr(join(this.dir, 'snapshot.json'), (v) => readSnapshot(v, this.kind))
    for (const record of snapshot?.records ?? []) records.set(record.id, record)
    for (let n = 1; this.run && n <= this.run.pages; n++) {
      const page = await this.readOr(join(this.dir, pageName(n)), readPage)
      for (const record of page ?? []) records.set(record.id, record)
    }
    for (const record of this.singles.values())
      if (later(record, records.get(record.id))) records.set(record.id, record)
    return [...records.values()]
  }

  /** One object as the platform has it, with its raw form; undefined when never read. */
  async readRecord(id: string): Promise<MirrorRecord | undefined> {
    const single = this.singles.get(id)
    if (single && single.fetchedAt === this.entries.get(id)?.fetchedAt) return single
    return (await this.readRecords()).find((record) => record.id === id)
  }

  /**
   * Keeps one object read by itself (before an edit is sent): written at once, folded into the
   * snapshot by the next complete walk, and kept over any older reading of it.
   */
  async putRecord(record: MirrorRecord): Promise<void> {
    this.singles.set(record.id, record)
    await writeFileAtomic(
      join(this.dir, 'singles.json'),
      JSON.stringify({ schema: SCHEMA, records: [...this.singles.values()] }),
    )
    if (later(record, this.entries.get(record.id))) this.entries.set(record.id, entryOf(record))
  }

  /** The walk under way, or a new one from the first page. */
  async beginRun(): Promise<MirrorRun> {
    if (!this.run) {
      this.run = { startedAt: new Date(this.now()).toISOString(), cursor: null, pages: 0, done: false }
      await this.writeRun()
    }
    return { ...this.run }
  }

  /** Saves one page of the walk, then moves the walk's cursor past it. */
  async savePage(records: MirrorRecord[], nextCursor: string | null): Promise<void> {
    if (!this.run) throw new Error('savePage before beginRun')
    const n = this.run.pages + 1
    await writeFileAtomic(join(this.dir, pageName(n)), JSON.stringify({ schema: SCHEMA, records }))
    this.run = { ...this.run, pages: n, cursor: nextCursor, done: nextCursor === null }
    await this.writeRun()
    for (const record of records) this.entries.set(record.id, entryOf(record))
  }

  /**
   * Folds the walk's pages into the snapshot. The walk saw every object the list still returns,
   * so an object it did not see is kept, marked missing (gone from the platform).
   */
  async finishRun(): Promise<void> {
    if (!this.run?.done) throw new Error('finishRun before the last page')
    const previous = await this.readOr(join(this.dir, 'snapshot.json'), (v) => readSnapshot(v, this.kind))
    const merged = new Map<string, MirrorRecord>()
    for (let n = 1; n <= this.run.pages; n++) {
      const page = await this.readOr(join(this.dir, pageName(n)), readPage)
      if (!page) throw new Error(`page ${n} of the ${this.kind} walk could not be read`)
      for (const record of page) merged.set(record.id, record)
    }
    // An object read by itself after the walk began is newer than the walk's reading of it; one
    // read before it that the walk did not see is gone.
    for (const record of this.singles.values()) {
      const seen = merged.get(record.id)
      if (seen) {
        if (later(record, seen)) merged.set(record.id, record)
      } else
        merged.set(record.id, record.fetchedAt >= this.run.startedAt ? record : { ...record, missing: true })
    }
    for (const record of previous?.records ?? [])
      if (!merged.has(record.id)) merged.set(record.id, { ...record, missing: true })
    const snapshot: Snapshot = {
      schema: SCHEMA,
      kind: this.kind,
      asOf: this.run.startedAt,
      records: [...merged.values()],
    }
    await writeFileAtomic(join(this.dir, 'snapshot.json'), JSON.stringify(snapshot))
    const pages = this.run.pages
    this.run = null
    await unlink(join(this.dir, 'run.json'))
    for (let n = 1; n <= pages; n++) await unlink(join(this.dir, pageName(n))).catch(() => undefined)
    if (this.singles.size > 0) {
      this.singles.clear()
      await unlink(join(this.dir, 'singles.json')).catch(() => undefined)
    }
    this.asOf = snapshot.asOf
    this.entries = new Map(snapshot.records.map((record) => [record.id, entryOf(record)]))
  }

  private async writeRun(): Promise<void> {
    await writeFileAtomic(join(this.dir, 'run.json'), JSON.stringify({ schema: SCHEMA, ...this.run }))
  }
}

export interface MirrorStore {
  /** The mirror of a kind on an account, loaded from disk. */
  open(profileId: string, accountId: string, kind: MirrorKind): Promise<KindMirror>
  /** Files moved to quarantine since the store was made. */
  quarantined(): MirrorQuarantined[]
}

export function createMirrorStore(options: {
  root: string
  quarantineDir: string
  now?: () => number
}): MirrorStore {
  const now = options.now ?? Date.now
  const open = new Map<string, Promise<KindMirror>>()
  const moved: MirrorQuarantined[] = []

  async function quarantine(path: string, why: string): Promise<void> {
    await mkdir(options.quarantineDir, { recursive: true })
    const relative = path.slice(options.root.length + 1).replace(/[\\/]/g, '--')
    const target = join(options.quarantineDir, `${relative}.${now()}-${randomBytes(3).toString('hex')}`)
    await renameWithRetry(path, target)
    await fsyncDirectory(options.quarantineDir)
    moved.push({ file: relative, movedTo: target, why })
  }

  return {
    open(profileId, accountId, kind) {
      if (!SAFE_SEGMENT.test(profileId) || !SAFE_SEGMENT.test(accountId) || !MIRROR_KINDS.includes(kind))
        return Promise.reject(new Error('not a profile, account and kind the mirror can keep'))
      const key = `${profileId}/${accountId}/${kind}`
      let mirror = open.get(key)
      if (!mirror) {
        const kindMirror = new KindMirror(
          kind,
          join(options.root, profileId, accountId, kind),
          quarantine,
          now,
        )
        mirror = kindMirror.load().then(() => kindMirror)
        mirror.catch(() => open.delete(key))
        open.set(key, mirror)
      }
      return mirror
    },
    quarantined: () => [...moved],
  }
}
