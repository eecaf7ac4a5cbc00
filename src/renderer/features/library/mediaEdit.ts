import type { LibraryItem, MediaLibraryEdit } from '../../../shared/ipc/contracts/library'
import { validateMediaLibrary } from '../../../shared/rules/validateMediaLibrary'
import { LIMITS } from '../../../shared/rules/limits'

/**
 * The edit form of a media library entry (B:91): its fields, what changed, and the rules the
 * form shows live. Main checks the same rules again against the entry as the platform has it.
 */

export type EditField = keyof MediaLibraryEdit
export type EditValues = Record<Exclude<EditField, 'posterMediaKey'>, string> & { posterMediaKey: string }

export const TEXT_FIELDS = [
  { field: 'name', label: 'Name', max: LIMITS.mediaLibrary.name.max, videoOnly: false },
  { field: 'fileName', label: 'File name', max: LIMITS.mediaLibrary.fileName.max, videoOnly: false },
  { field: 'title', label: 'Title', max: LIMITS.mediaLibrary.title.max, videoOnly: true },
  { field: 'description', label: 'Description', max: LIMITS.mediaLibrary.description.max, videoOnly: true },
] as const

const WIRE: Record<EditField, string> = {
  name: 'name',
  fileName: 'file_name',
  description: 'description',
  title: 'title',
  posterMediaKey: 'poster_media_key',
}
const FIELD_OF_WIRE = Object.fromEntries(
  Object.entries(WIRE).map(([field, wire]) => [wire, field]),
) as Record<string, EditField>

export function initialValues(item: LibraryItem): EditValues {
  return {
    name: item.name ?? '',
    fileName: item.fileName ?? '',
    title: item.title ?? '',
    description: item.description ?? '',
    posterMediaKey: item.posterMediaKey ?? '',
  }
}

/** Only what differs from the entry is sent; a poster cannot be taken away, only replaced. */
export function changesOf(item: LibraryItem, values: EditValues): MediaLibraryEdit {
  const before = initialValues(item)
  const changes: MediaLibraryEdit = {}
  for (const { field, videoOnly } of TEXT_FIELDS) {
    if (videoOnly && item.mediaType !== 'VIDEO') continue
    if (values[field] !== before[field]) changes[field] = values[field]
  }
  if (item.mediaType === 'VIDEO' && values.posterMediaKey && values.posterMediaKey !== before.posterMediaKey)
    changes.posterMediaKey = values.posterMediaKey
  return changes
}

/** The rules' errors, by form field. The poster's type is known when it was picked from images. */
export function problemsOf(item: LibraryItem, values: EditValues): Partial<Record<EditField, string>> {
  const changes = changesOf(item, values)
  const payload: Record<string, string> = { media_key: item.mediaKey }
  for (const [field, value] of Object.entries(changes)) payload[WIRE[field as EditField]] = value
  const media = {
    [item.mediaKey]: item.mediaType ? { mediaType: item.mediaType } : {},
    ...(changes.posterMediaKey ? { [changes.posterMediaKey]: { mediaType: 'IMAGE' as const } } : {}),
  }
  const problems: Partial<Record<EditField, string>> = {}
  for (const issue of validateMediaLibrary(payload, { media })) {
    const field = FIELD_OF_WIRE[String(issue.path[0])]
    if (issue.severity === 'error' && field && !problems[field]) problems[field] = issue.message
  }
  return problems
}
