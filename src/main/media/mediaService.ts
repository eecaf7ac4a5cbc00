import { AppFailure, appError } from '../../shared/errors'
import type { InspectedMedia } from './inspect'
import { inspectMediaFile } from './inspect'
import { MediaFileError } from './formats'
import type { MediaGrants } from './mediaGrants'

/** The native "choose a medium" dialog, injected: Electron's dialog in the app, a scripted answer in tests. */
export interface MediaDialogs {
  chooseMediaFile(): Promise<string | null>
}

export type PickResult = { picked: false } | ({ picked: true } & InspectedMedia)

async function inspect(path: string): Promise<InspectedMedia> {
  try {
    return await inspectMediaFile(path)
  } catch (error) {
    if (error instanceof MediaFileError) throw new AppFailure(appError('invalid_input', error.message))
    throw error
  }
}

/** Reads a file and puts main's token for it on the reference, for reading it again later. */
async function inspectGranted(path: string, grants: MediaGrants): Promise<InspectedMedia> {
  const inspected = await inspect(path)
  return { ...inspected, ref: { ...inspected.ref, token: await grants.grant(path) } }
}

export function createMediaService(dialogs: MediaDialogs, grants: MediaGrants) {
  return {
    /** Shows the file dialog and reads the chosen file; { picked: false } when cancelled. */
    async pickLocal(): Promise<PickResult> {
      const path = await dialogs.chooseMediaFile()
      if (!path) return { picked: false }
      return { picked: true, ...(await inspectGranted(path, grants)) }
    },
    /** A file dropped on the window, by the path the preload got from the dropped File. */
    inspectDropped: (path: string): Promise<InspectedMedia> => inspectGranted(path, grants),
    /** Reads again a file main handed out a token for; any other token is refused. */
    async inspectToken(token: string): Promise<InspectedMedia> {
      const path = await grants.pathOf(token)
      if (path === undefined) {
        throw new AppFailure(
          appError(
            'forbidden',
            'Ads Studio reads only files you chose or dropped here. Choose this file again.',
            { field: 'token' },
          ),
        )
      }
      return inspectGranted(path, grants)
    },
  }
}

export type MediaService = ReturnType<typeof createMediaService>
