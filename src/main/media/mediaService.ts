import { randomBytes, timingSafeEqual } from 'node:crypto'
import { AppFailure, appError } from '../../shared/errors'
import type { InspectedMedia } from './inspect'
import { inspectMediaFile } from './inspect'
import { MediaFileError } from './formats'
import type { GrantedFiles } from './grantedFiles'
import type { FileIdentity, MediaGrants } from './mediaGrants'

/** The native "choose a medium" dialog, injected: Electron's dialog in the app, a scripted answer in tests. */
export interface MediaDialogs {
  chooseMediaFile(): Promise<string | null>
}

export type PickResult = { picked: false } | ({ picked: true } & InspectedMedia)

const CHOOSE_AGAIN = 'Ads Studio reads only files you chose or dropped here. Choose this file again.'

function forbidden(field: string, message = CHOOSE_AGAIN): AppFailure {
  return new AppFailure(appError('forbidden', message, { field }))
}

/**
 * The key the preload proves a drop with. A dropped file's path comes from the preload, which
 * resolves it from a real dropped File (webUtils.getPathForFile) — the page cannot name one. The
 * preload asks for this key once, as its document starts and before any of the page's scripts
 * run; main hands it out once per document. A renderer that sends IPC itself, without the
 * preload, does not have it, so the paths it names are not granted.
 */
function createDropKeys() {
  let key: Buffer | undefined
  let issued = false
  return {
    issue(): string {
      if (issued) throw forbidden('key', 'The drop key was already handed out for this window.')
      issued = true
      key = randomBytes(24)
      return key.toString('base64url')
    },
    check(candidate: string): boolean {
      const given = Buffer.from(candidate, 'base64url')
      return key !== undefined && given.length === key.length && timingSafeEqual(given, key)
    },
    /** A new document in the window (a reload or a navigation): its preload asks again. */
    reset(): void {
      issued = false
      key = undefined
    },
  }
}

export function createMediaService(dialogs: MediaDialogs, grants: MediaGrants, files: GrantedFiles) {
  const dropKeys = createDropKeys()

  async function inspect(path: string, expected?: FileIdentity) {
    try {
      return await inspectMediaFile(path, { files, ...(expected ? { expected } : {}) })
    } catch (error) {
      if (error instanceof MediaFileError) throw new AppFailure(appError('invalid_input', error.message))
      throw error
    }
  }

  /** Reads a file the designer chose or dropped and grants it, bound to the file read. */
  async function inspectAndGrant(path: string): Promise<InspectedMedia> {
    const { ref, preview, identity } = await inspect(path)
    const token = await grants.grant(path, identity)
    return { ref: { ...ref, token }, ...(preview ? { preview } : {}) }
  }

  return {
    /** Shows the file dialog and reads the chosen file; { picked: false } when cancelled. */
    async pickLocal(): Promise<PickResult> {
      const path = await dialogs.chooseMediaFile()
      if (!path) return { picked: false }
      return { picked: true, ...(await inspectAndGrant(path)) }
    },
    /** The preload's key for proving drops, once per document (see createDropKeys). */
    dropKey: () => ({ key: dropKeys.issue() }),
    /** A new document in the window: the next preload gets a new key. */
    resetDropKey: () => dropKeys.reset(),
    /** A file dropped on the window, by the path the preload got from the dropped File. */
    inspectDropped(path: string, key: string): Promise<InspectedMedia> {
      if (!dropKeys.check(key))
        throw forbidden('key', 'Only a file dropped on the Ads Studio window can be read this way.')
      return inspectAndGrant(path)
    },
    /** Reads again a file main handed out a token for, if it is still that file; any other token is refused. */
    async inspectToken(token: string): Promise<InspectedMedia> {
      const grant = await grants.byToken(token)
      if (grant === undefined) throw forbidden('token')
      const { ref, preview, identity } = await inspect(grant.path, grant.identity)
      if (!grant.identity) await grants.bind(token, identity)
      return { ref: { ...ref, token }, ...(preview ? { preview } : {}) }
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
