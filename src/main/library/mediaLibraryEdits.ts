import { AppFailure, appError, isAppFailure, type FieldIssue } from '../../shared/errors'
import type { MediaLibraryEdit } from '../../shared/ipc/contracts/library'
import type { MediaInfo } from '../../shared/rules/context'
import { plural, type Issue } from '../../shared/rules/issues'
import { LIMITS, type MediaType } from '../../shared/rules/limits'
import { validateMediaLibrary } from '../../shared/rules/validateMediaLibrary'
import { getMediaLibraryObject, type MediaLibraryObject } from '../api/ads'
import { type AdsContext } from '../api/adsRequest'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { OperationRequest } from '../publish/outbox'
import type { WithAdsContext } from '../session/session'
import { MEDIA_LIBRARY_OPS, type MediaLibraryChangeSet } from './operations'

/**
 * Editing and deleting a media library entry (B:91, B:92). The renderer says what it wants
 * changed; main reads the entry as it is on the platform now (its type decides which fields a
 * PUT may carry), checks the changes with the same rules as a new entry, and queues the write in
 * the outbox. A refusal lists every problem on the field it concerns, as the edit dialog names it.
 */

export interface MediaLibraryEditsDeps {
  withAdsContext: WithAdsContext
  outbox: { enqueueOperations(request: OperationRequest): Promise<OutboxJobView> }
}

/** The dialog's field names and the PUT's wire names, one to one. */
const WIRE_NAMES = {
  name: 'name',
  fileName: 'file_name',
  description: 'description',
  title: 'title',
  posterMediaKey: 'poster_media_key',
} as const satisfies Record<keyof MediaLibraryEdit, keyof MediaLibraryChangeSet>
type EditField = keyof typeof WIRE_NAMES
const FIELD_OF_WIRE = Object.fromEntries(
  Object.entries(WIRE_NAMES).map(([field, wire]) => [wire, field]),
) as Record<string, EditField>

function mediaTypeOf(object: MediaLibraryObject): MediaType | undefined {
  const types = LIMITS.mediaLibrary.mediaTypes.values as readonly string[]
  return object.media_type && types.includes(object.media_type) ? (object.media_type as MediaType) : undefined
}

/** What a person calls the entry: its name, else its file name, else its key. */
export function entryName(object: MediaLibraryObject): string {
  const fileName = typeof object.file_name === 'string' ? object.file_name : undefined
  return `“${object.name || fileName || object.media_key}”`.slice(0, 300)
}

function refuse(issues: FieldIssue[]): never {
  const [first] = issues
  if (!first) throw new Error('refuse() needs at least one issue')
  const message =
    issues.length === 1
      ? first.message
      : `${plural(issues.length, 'problem')} to fix. First: ${first.message}`
  throw new AppFailure(appError('invalid_input', message, { field: first.field, issues }))
}

/** Reads one entry; undefined when the platform says it is gone (404, or `deleted`). */
async function readEntry(
  ctx: AdsContext,
  accountId: string,
  mediaKey: string,
): Promise<MediaLibraryObject | undefined> {
  try {
    const object = await getMediaLibraryObject(ctx, accountId, mediaKey)
    return object.deleted === true ? undefined : object
  } catch (error) {
    if (isAppFailure(error) && error.code === 'not_found') return undefined
    throw error
  }
}

function notInLibrary(field: EditField | 'mediaKey', what: string): FieldIssue {
  return { field, message: `${what} is no longer in the media library of this account` }
}

export function createMediaLibraryEdits(deps: MediaLibraryEditsDeps) {
  return {
    update(
      profileId: string,
      accountId: string,
      mediaKey: string,
      edit: MediaLibraryEdit,
    ): Promise<OutboxJobView> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const changes: MediaLibraryChangeSet = {}
        for (const field of Object.keys(WIRE_NAMES) as EditField[]) {
          const value = edit[field]
          if (value !== undefined) changes[WIRE_NAMES[field]] = value
        }
        if (Object.keys(changes).length === 0)
          refuse([{ field: 'name', message: 'Nothing was changed: edit a field first' }])

        const entry = await readEntry(ctx, accountId, mediaKey)
        if (!entry) refuse([notInLibrary('mediaKey', 'This medium')])
        const media: Record<string, MediaInfo> = {}
        const type = mediaTypeOf(entry)
        media[mediaKey] = type ? { mediaType: type } : {}
        const posterKey = changes.poster_media_key
        if (posterKey) {
          const poster = await readEntry(ctx, accountId, posterKey)
          if (!poster) refuse([notInLibrary('posterMediaKey', 'The poster image')])
          const posterType = mediaTypeOf(poster)
          media[posterKey] = posterType ? { mediaType: posterType } : {}
        }
        // The same rules as a new entry (B:91 "with the same limits"), with the entry's real type.
        const errors = validateMediaLibrary({ media_key: mediaKey, ...changes }, { media }).filter(
          (issue: Issue) => issue.severity === 'error',
        )
        if (errors.length > 0)
          refuse(
            errors.map((issue) => ({
              field: FIELD_OF_WIRE[String(issue.path[0])] ?? 'name',
              message: issue.message,
            })),
          )
        const name = entryName(entry)
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'library',
          title: `Edit ${name}`,
          steps: [{ op: MEDIA_LIBRARY_OPS.update, params: { mediaKey, name, changes } }],
        })
      })
    },

    delete(profileId: string, accountId: string, mediaKey: string): Promise<OutboxJobView> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const entry = await readEntry(ctx, accountId, mediaKey)
        if (!entry) refuse([notInLibrary('mediaKey', 'This medium')])
        const name = entryName(entry)
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'library',
          title: `Delete ${name} from the media library`,
          steps: [{ op: MEDIA_LIBRARY_OPS.delete, params: { mediaKey, name: name.slice(0, 200) } }],
        })
      })
    },
  }
}

export type MediaLibraryEdits = ReturnType<typeof createMediaLibraryEdits>
