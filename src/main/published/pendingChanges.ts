import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../files/atomicFile'
import { parseJson, readStoreFile } from '../files/storeFile'
import { CHANGE_KINDS } from './changeFields'
import type { FieldConflict } from './threeWay'

/**
 * The edits of published items not yet on the platform, one per draft, kept on disk so a
 * recorded base and a conflict outlive a restart (a conflict never resolves itself).
 *
 * - base: the object as the app knew it when the designer began editing (its updated_at and
 *   the object itself), what "changed on the platform" is measured from;
 * - changes: the fields the designer changed, by wire path, and their new values;
 * - conflict: the platform's copy read before sending, when it changed a field the designer
 *   changed too; nothing is sent for the item until the designer chooses.
 */

const fieldMap = z.record(z.string(), z.string().nullable())

const readCopy = z.object({
  updatedAt: z.string().nullable(),
  /** When the app read it (ISO time). */
  readAt: z.string(),
  raw: z.unknown(),
})

export const pendingChangeSchema = z.object({
  draftId: z.string(),
  profileId: z.string(),
  accountId: z.string(),
  kind: z.enum(CHANGE_KINDS),
  objectId: z.string(),
  name: z.string(),
  base: readCopy.extend({ source: z.enum(['platform', 'mirror', 'draft']) }),
  changes: fieldMap,
  /** The draft's content with the designer's changes: what the gate checks, stored once sent. */
  content: z.unknown(),
  conflict: readCopy
    .extend({
      deleted: z.boolean(),
      fields: z.array(
        z.object({
          path: z.string(),
          base: z.string().nullable(),
          theirs: z.string().nullable(),
          mine: z.string().nullable(),
        }),
      ),
      /** Why the designer cannot keep their version (the layout changed there). */
      blocked: z.string().optional(),
    })
    .optional(),
  /** The outbox job sending it, while one is. */
  jobId: z.string().optional(),
})
export type PendingChange = z.infer<typeof pendingChangeSchema>
export type PendingConflict = NonNullable<PendingChange['conflict']> & { fields: FieldConflict[] }

const fileSchema = z.object({ schema: z.literal(1), changes: z.array(pendingChangeSchema) })

export interface PendingChangesStore {
  get(draftId: string): Promise<PendingChange | undefined>
  list(filter?: { profileId?: string; accountId?: string }): Promise<PendingChange[]>
  put(change: PendingChange): Promise<void>
  update(
    draftId: string,
    change: (current: PendingChange) => PendingChange,
  ): Promise<PendingChange | undefined>
  remove(draftId: string): Promise<void>
}

/** The store in one file, written atomically, one write at a time; `onChange` hears each write. */
export function createPendingChangesStore(
  file: string,
  onChange: (change: PendingChange) => void = () => undefined,
): PendingChangesStore {
  let loaded: Promise<Map<string, PendingChange>> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  const load = () =>
    (loaded ??= readStoreFile(file, {
      maxBytes: 64 * 1024 * 1024,
      parse: (text) => {
        const parsed = fileSchema.safeParse(parseJson(text))
        return parsed.success ? parsed.data : undefined
      },
    }).then((data) => new Map((data?.changes ?? []).map((change) => [change.draftId, change]))))

  async function write(map: Map<string, PendingChange>): Promise<void> {
    await mkdir(dirname(file), { recursive: true })
    await writeFileAtomic(file, JSON.stringify({ schema: 1, changes: [...map.values()] }))
  }

  /** One change to the store at a time, each on disk before the next begins. */
  function serial<T>(work: (map: Map<string, PendingChange>) => Promise<T>): Promise<T> {
    const run = queue.then(async () => work(await load()))
    queue = run.catch(() => undefined)
    return run
  }

  return {
    async get(draftId) {
      return (await load()).get(draftId)
    },
    async list(filter = {}) {
      return [...(await load()).values()].filter(
        (change) =>
          (filter.profileId === undefined || change.profileId === filter.profileId) &&
          (filter.accountId === undefined || change.accountId === filter.accountId),
      )
    },
    put: (change) =>
      serial(async (map) => {
        map.set(change.draftId, change)
        await write(map)
        onChange(change)
      }),
    update: (draftId, change) =>
      serial(async (map) => {
        const current = map.get(draftId)
        if (!current) return undefined
        const next = change(current)
        map.set(draftId, next)
        await write(map)
        onChange(next)
        return next
      }),
    remove: (draftId) =>
      serial(async (map) => {
        const removed = map.get(draftId)
        if (!removed) return
        map.delete(draftId)
        await write(map)
        onChange(removed)
      }),
  }
}
