import type { LibraryItem } from '../../shared/ipc/contracts/library'
import type { MediaType } from '../../shared/rules/limits'
import { mediaLibraryObjectSchema } from '../api/ads'
import type { MirrorStore } from '../mirror/store'
import { toLibraryItem } from './records'

const SEARCHED = ['name', 'title', 'file_name', 'description'] as const

/**
 * The media library as the mirror last saw it, for when the platform cannot be read: the same
 * filters as the platform's list (`q` a term in name, title, file_name or description; a media
 * type, spec part B:88). Undefined when the account's library was never mirrored.
 */
export async function offlineMedia(
  store: MirrorStore,
  profileId: string,
  accountId: string,
  options: { q?: string | undefined; mediaType?: MediaType | undefined },
): Promise<{ items: LibraryItem[]; asOf: string } | undefined> {
  const mirror = await store.open(profileId, accountId, 'media_library')
  const { asOf } = mirror.status()
  if (asOf === null) return undefined
  const term = options.q?.toLocaleLowerCase()
  const items: LibraryItem[] = []
  for (const record of await mirror.readRecords()) {
    if (record.deleted || record.missing) continue
    const object = mediaLibraryObjectSchema.safeParse(record.raw)
    if (!object.success) continue
    if (options.mediaType && object.data.media_type !== options.mediaType) continue
    const fields = object.data as Record<string, unknown>
    if (
      term &&
      !SEARCHED.some((f) =>
        String(fields[f] ?? '')
          .toLocaleLowerCase()
          .includes(term),
      )
    )
      continue
    items.push(toLibraryItem(object.data))
  }
  return { items, asOf }
}
