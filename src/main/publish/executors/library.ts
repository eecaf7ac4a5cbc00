import { createMediaLibraryObject } from '../../api/ads'
import { LIMITS } from '../../../shared/rules/limits'
import type { JobEnv, StepExecutor } from '../executor'
import type { LibraryStep } from '../job'
import { PUBLISH_OPS } from '../job'
import { mediaKeysBySha, payloadFor } from '../payloads'
import { findLibraryObject } from '../reconcile'
import { publishJobOf, skipIfNotNeeded } from './common'

/** Adds an uploaded medium to the account's media library (POST media_library). */

function uploadedKey(env: JobEnv, sha256: string): string {
  const key = mediaKeysBySha(publishJobOf(env)).get(sha256)
  if (!key) throw new Error('the medium was not uploaded before it was added to the library')
  return key
}

/** A media library draft's own medium takes its name, title … from that draft. */
function libraryInput(env: JobEnv, step: LibraryStep, mediaKey: string) {
  if (!step.draftId)
    return {
      mediaKey,
      name: step.fileName.slice(0, LIMITS.mediaLibrary.name.max),
      fileName: step.fileName.slice(0, LIMITS.mediaLibrary.fileName.max),
    }
  const payload = payloadFor(publishJobOf(env), step.draftId, 'media_library')
  return {
    mediaKey: payload.media_key,
    ...(payload.name !== undefined ? { name: payload.name } : {}),
    ...(payload.file_name !== undefined ? { fileName: payload.file_name } : {}),
    ...(payload.description !== undefined ? { description: payload.description } : {}),
    ...(payload.title !== undefined ? { title: payload.title } : {}),
    ...(payload.poster_media_key !== undefined ? { posterMediaKey: payload.poster_media_key } : {}),
  }
}

export const libraryExecutor: StepExecutor<LibraryStep> = {
  op: PUBLISH_OPS.library,
  retry: 'reconcile',
  settle: (env, step) => skipIfNotNeeded(env, step),
  // A media key names one library object, so a GET settles it.
  async reconcile(env, step) {
    const mediaKey = uploadedKey(env, step.sha256)
    return (await findLibraryObject(env.ctx, env.accountId, mediaKey)) ? { mediaKey } : undefined
  },
  async run(env, step) {
    const mediaKey = uploadedKey(env, step.sha256)
    await createMediaLibraryObject(env.ctx, env.accountId, libraryInput(env, step, mediaKey))
    return { mediaKey }
  },
}
