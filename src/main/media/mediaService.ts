import { AppFailure, appError } from '../../shared/errors'
import type { InspectedMedia } from './inspect'
import { inspectMediaFile } from './inspect'
import { MediaFileError } from './formats'

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

export function createMediaService(dialogs: MediaDialogs) {
  return {
    /** Shows the file dialog and reads the chosen file; { picked: false } when cancelled. */
    async pickLocal(): Promise<PickResult> {
      const path = await dialogs.chooseMediaFile()
      if (!path) return { picked: false }
      return { picked: true, ...(await inspect(path)) }
    },
    /** Reads a file given by path: a dropped file, or a draft's medium to show its preview again. */
    inspectPath: (path: string): Promise<InspectedMedia> => inspect(path),
  }
}

export type MediaService = ReturnType<typeof createMediaService>
