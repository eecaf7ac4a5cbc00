import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { MEDIA_TOKEN_PATTERN } from '../../shared/creatives/media'

/**
 * Which files main may read for the renderer. The renderer is untrusted, so it never names a
 * path to read: main hands out an opaque token for each file the designer chose in the dialog
 * or dropped on the window, and reads only files it gave a token for. The grants are kept in
 * the data folder so a draft's medium still shows after a restart.
 */
export interface MediaGrants {
  /** The token for a path the designer chose or dropped; the same path keeps its token. */
  grant(path: string): Promise<string>
  /** The path a token was handed out for, or undefined for a token main never gave. */
  pathOf(token: string): Promise<string | undefined>
}

/** Enough for every medium of many thousands of drafts; the oldest grants go first. */
export const MAX_MEDIA_GRANTS = 20_000

const grantsFileSchema = z.object({
  version: z.literal(1),
  grants: z.array(z.object({ token: z.string().regex(MEDIA_TOKEN_PATTERN), path: z.string().min(1) })),
})

export function createMediaGrants(options: { file: string; max?: number }): MediaGrants {
  const max = options.max ?? MAX_MEDIA_GRANTS
  // Insertion order is grant order (a re-grant moves a path to the end), so pruning drops the oldest.
  let byToken: Map<string, string> | undefined
  let writing: Promise<void> = Promise.resolve()

  async function load(): Promise<Map<string, string>> {
    if (byToken) return byToken
    let loaded = new Map<string, string>()
    try {
      const parsed = grantsFileSchema.safeParse(JSON.parse(await readFile(options.file, 'utf8')))
      // An unreadable file only costs the designer choosing some files again.
      if (parsed.success) loaded = new Map(parsed.data.grants.map((grant) => [grant.token, grant.path]))
    } catch {
      // No grants yet.
    }
    byToken ??= loaded
    return byToken
  }

  function persist(grants: Map<string, string>): Promise<void> {
    const text = JSON.stringify({
      version: 1,
      grants: [...grants].map(([token, path]) => ({ token, path })),
    })
    writing = writing.then(async () => {
      await mkdir(dirname(options.file), { recursive: true })
      const temporary = `${options.file}.${process.pid}.tmp`
      await writeFile(temporary, text)
      await rename(temporary, options.file)
    })
    return writing
  }

  return {
    async grant(path) {
      const grants = await load()
      let token = [...grants].find(([, granted]) => granted === path)?.[0]
      if (token) grants.delete(token)
      token ??= randomBytes(18).toString('base64url')
      grants.set(token, path)
      while (grants.size > max) grants.delete(grants.keys().next().value as string)
      await persist(grants)
      return token
    },
    async pathOf(token) {
      return (await load()).get(token)
    },
  }
}
