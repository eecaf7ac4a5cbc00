import type { z } from 'zod'
import { isAppFailure } from '../../shared/errors'
import type { MirrorKind } from './kinds'
import type { MirrorStore } from './store'

/** Failures that say the platform could not be reached, not that it refused: the mirror answers. */
const UNREACHABLE = new Set(['offline', 'timeout', 'server_unavailable', 'rate_limited'])
export const platformUnreachable = (error: unknown): boolean =>
  isAppFailure(error) && UNREACHABLE.has(error.code)

/**
 * The objects of one kind as the mirror last saw them, in the shape the app reads, for a list
 * shown while the platform cannot be reached: deleted and vanished ones left out, an object kept
 * raw because its shape was unexpected left out too. Undefined when the kind was never mirrored.
 */
export async function mirroredObjects<T>(
  store: MirrorStore,
  profileId: string,
  accountId: string,
  kind: MirrorKind,
  schema: z.ZodType<T>,
): Promise<{ items: T[]; asOf: string } | undefined> {
  const mirror = await store.open(profileId, accountId, kind)
  const { asOf } = mirror.status()
  if (asOf === null) return undefined
  const items: T[] = []
  for (const record of await mirror.readRecords()) {
    if (record.deleted || record.missing) continue
    const parsed = schema.safeParse(record.raw)
    if (parsed.success) items.push(parsed.data)
  }
  return { items, asOf }
}

/**
 * Reads the platform; when it cannot be reached, the mirror's copy, saying how old it is. The
 * platform's own failure stands when the mirror holds nothing for that list.
 */
export async function platformOrMirror<T extends object>(
  read: () => Promise<T>,
  offline: (() => Promise<(T & { mirror: { asOf: string } }) | undefined>) | undefined,
): Promise<T & { mirror?: { asOf: string } }> {
  try {
    const fresh: T & { mirror?: { asOf: string } } = await read()
    return fresh
  } catch (error) {
    if (!offline || !platformUnreachable(error)) throw error
    const copy = await offline().catch(() => undefined)
    if (!copy) throw error
    return copy
  }
}
