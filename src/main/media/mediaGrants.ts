import { randomBytes } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { MEDIA_TOKEN_PATTERN } from '../../shared/creatives/media'
import { parseJson, readStoreFile, type DamagedStore } from '../files/storeFile'

/**
 * Which files main may read for the renderer and the outbox. The renderer is untrusted, so it
 * never names a path to read: main hands out an opaque token for each file the designer chose
 * in the dialog or dropped on the window, and reads only files it granted. A grant names the
 * file by its identity (device, inode, size) as well as its path: another file put at the same
 * path later (a link swapped, a file replaced) is not granted. A draft's path alone (an
 * imported draft's, say) grants nothing. Grants are kept in the data folder so a draft's medium
 * still shows, and publishes, after a restart.
 */

/** What the file system says a file is; compared on the opened file before every read. */
export interface FileIdentity {
  /** Device and inode, as decimal text (they may not fit a double). */
  dev: string
  ino: string
  size: number
}

export interface MediaGrant {
  token: string
  path: string
  /** Absent for grants made before identities were kept: bound to the file at its next read. */
  identity?: FileIdentity
}

export interface MediaGrants {
  /** The token for a file the designer chose or dropped; the same path keeps its token. */
  grant(path: string, identity: FileIdentity): Promise<string>
  /** The grant a token was handed out for, or undefined for a token main never gave. */
  byToken(token: string): Promise<MediaGrant | undefined>
  /** The grant of the file at this path, or undefined when it was never chosen or dropped. */
  byPath(path: string): Promise<MediaGrant | undefined>
  /** Binds a grant made before identities were kept to the file as it is now. */
  bind(token: string, identity: FileIdentity): Promise<void>
}

/** Enough for every medium of many thousands of drafts; the oldest grants go first. */
export const MAX_MEDIA_GRANTS = 20_000
/** 20,000 grants of a long path each: a few megabytes. */
const MAX_GRANTS_FILE_BYTES = 32 * 1024 * 1024

const identitySchema = z.object({
  dev: z.string().regex(/^\d{1,24}$/),
  ino: z.string().regex(/^\d{1,24}$/),
  size: z.number().int().nonnegative(),
})

const grantsFileSchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  grants: z.array(
    z.object({
      token: z.string().regex(MEDIA_TOKEN_PATTERN),
      path: z.string().min(1),
      identity: identitySchema.optional(),
    }),
  ),
})

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size
}

export function createMediaGrants(options: {
  file: string
  max?: number
  onDamaged?: (damaged: DamagedStore) => void
}): MediaGrants {
  const max = options.max ?? MAX_MEDIA_GRANTS
  // Insertion order is grant order (a re-grant moves a path to the end), so pruning drops the oldest.
  let byToken: Map<string, MediaGrant> | undefined
  let loading: Promise<Map<string, MediaGrant>> | undefined
  let writing: Promise<void> = Promise.resolve()

  async function read(): Promise<Map<string, MediaGrant>> {
    // An unreadable file is moved aside: it only costs the designer choosing some files again.
    const file = await readStoreFile(options.file, {
      maxBytes: MAX_GRANTS_FILE_BYTES,
      parse: (text) => {
        const parsed = grantsFileSchema.safeParse(parseJson(text))
        return parsed.success ? parsed.data : undefined
      },
      ...(options.onDamaged ? { onDamaged: options.onDamaged } : {}),
    })
    return new Map((file?.grants ?? []).map((grant) => [grant.token, grant]))
  }

  async function load(): Promise<Map<string, MediaGrant>> {
    if (byToken) return byToken
    loading ??= read()
    byToken ??= await loading
    return byToken
  }

  function persist(grants: Map<string, MediaGrant>): Promise<void> {
    const text = JSON.stringify({ version: 2, grants: [...grants.values()] })
    writing = writing.then(async () => {
      await mkdir(dirname(options.file), { recursive: true })
      const temporary = `${options.file}.${process.pid}.tmp`
      await writeFile(temporary, text)
      await rename(temporary, options.file)
    })
    return writing
  }

  const findByPath = (grants: Map<string, MediaGrant>, path: string) =>
    [...grants.values()].find((grant) => grant.path === path)

  return {
    async grant(path, identity) {
      const grants = await load()
      const existing = findByPath(grants, path)
      if (existing) grants.delete(existing.token)
      const token = existing?.token ?? randomBytes(18).toString('base64url')
      grants.set(token, { token, path, identity })
      while (grants.size > max) grants.delete(grants.keys().next().value as string)
      await persist(grants)
      return token
    },
    async byToken(token) {
      return (await load()).get(token)
    },
    async byPath(path) {
      return findByPath(await load(), path)
    },
    async bind(token, identity) {
      const grants = await load()
      const grant = grants.get(token)
      if (!grant || grant.identity) return
      grant.identity = identity
      await persist(grants)
    },
  }
}
