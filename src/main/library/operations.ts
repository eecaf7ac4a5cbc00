import { z } from 'zod'
import { updateMediaLibraryObject } from '../api/ads'
import type { AnyOperationExecutor, OperationExecutor } from '../publish/operations/types'

/**
 * The media library's own writes as outbox executors (see publish/operations/types.ts). Its
 * service checks each change with full context before queueing; this only sends. Deletion is
 * `mediaLibrary.delete` (publish/operations/cleanUp.ts), shared with a stopped job's clean-up.
 */

const mediaKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
/** The PUT fields (B:91), wire-named; bounded here, their limits checked by the service. */
export const mediaLibraryChangesSchema = z
  .object({
    name: z.string().max(1_000).optional(),
    file_name: z.string().max(1_000).optional(),
    description: z.string().max(1_000).optional(),
    title: z.string().max(1_000).optional(),
    poster_media_key: mediaKey.optional(),
  })
  .strict()
export type MediaLibraryChangeSet = z.infer<typeof mediaLibraryChangesSchema>

export const MEDIA_LIBRARY_OPS = { update: 'mediaLibrary.update', delete: 'mediaLibrary.delete' } as const

const mediaLibraryUpdate: OperationExecutor<
  { mediaKey: string; name: string; changes: MediaLibraryChangeSet },
  { mediaKey: string; name: string | null }
> = {
  op: MEDIA_LIBRARY_OPS.update,
  params: z.object({ mediaKey, name: z.string().max(300), changes: mediaLibraryChangesSchema }).strict(),
  label: ({ name }) => `Edit ${name} in the media library`,
  // A PUT sets the same values each time it is sent.
  retry: 'repeatable',
  async run(env, { params }) {
    const object = await updateMediaLibraryObject(env.ctx, env.accountId, params.mediaKey, params.changes)
    return { mediaKey: object.media_key, name: object.name ?? null }
  },
}

export const MEDIA_LIBRARY_OPERATIONS: readonly AnyOperationExecutor[] = [mediaLibraryUpdate]
