import { useEffect, useState } from 'react'
import type { LocalMediaRef, MediaRef } from '../../../shared/creatives/media'
import type { IpcResult } from '../../../shared/ipc/result'
import { IpcFailure, studio, unwrap } from '../../lib/ipc'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { loadThumbnail } from './libraryClient'

declare global {
  interface Window {
    /**
     * From the preload: reads a dropped file in main, which grants it a token. Resolves to null
     * when the File has no path on disk (a browser, or a file the page made itself).
     */
    readonly studioFiles?: {
      inspectDroppedFile(file: File): Promise<IpcResult<{ media: LocalMediaRef; preview?: string }> | null>
    }
  }
}

export interface PickedMedia {
  media: LocalMediaRef
  preview?: string | undefined
}

/** Thumbnails by content hash: a medium used in several places is read once per session. */
const previews = new Map<string, string | null>()
const inFlight = new Map<string, Promise<PreviewState>>()

function remember(picked: PickedMedia): PickedMedia {
  previews.set(picked.media.sha256, picked.preview ?? null)
  return picked
}

/** Shows the native file dialog (in main); null when the designer cancels. */
export async function pickLocalMedia(): Promise<PickedMedia | null> {
  const result = await unwrap(studio().media.pickLocal({}))
  return result.picked ? remember({ media: result.media, preview: result.preview }) : null
}

/** Reads a dropped file in main; null where the page cannot know its path (a browser, or a non-file drop). */
export async function inspectDroppedFile(file: File): Promise<PickedMedia | null> {
  const result = await window.studioFiles?.inspectDroppedFile(file)
  return result ? remember(await unwrap(Promise.resolve(result))) : null
}

export type PreviewState =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; url: string | null }
  /** The file is gone or no longer the one chosen: publishing it would fail or upload something else. */
  | { state: 'problem'; message: string }

/** Main reads a file again only with the token it handed out when the file was chosen or dropped. */
export const CHOOSE_AGAIN_MESSAGE =
  'Choose this file again: Ads Studio reads only files you chose or dropped here.'

async function loadPreview(ref: LocalMediaRef): Promise<PreviewState> {
  if (!ref.token) return { state: 'problem', message: CHOOSE_AGAIN_MESSAGE }
  try {
    const { media, preview } = await unwrap(studio().media.inspectPath({ token: ref.token }))
    if (media.sha256 !== ref.sha256) {
      return {
        state: 'problem',
        message: 'This file has changed since you chose it. Choose it again to use the new version.',
      }
    }
    previews.set(ref.sha256, preview ?? null)
    return { state: 'ready', url: preview ?? null }
  } catch (error) {
    return {
      state: 'problem',
      message: error instanceof IpcFailure ? error.message : 'The file could not be read.',
    }
  }
}

/**
 * The thumbnail of a medium. Local files are read again in main after a restart; library media
 * are fetched by main (the renderer's CSP allows no remote image, on purpose) and come back as
 * data URLs, so a library item attached to a post shows as itself, not as a broken image.
 */
export function useMediaPreview(ref: MediaRef | null): PreviewState {
  const local = ref?.source === 'local' ? ref : null
  const library = ref?.source === 'library' ? ref : null
  const account = useConnectedAccount()
  const profileId = account?.profile.id
  const accountId = account?.accountId
  const cached = local ? previews.get(local.sha256) : undefined
  const [loaded, setLoaded] = useState<{ key: string; state: PreviewState } | null>(null)
  const key = local
    ? `${local.path}\n${local.sha256}`
    : library && profileId && accountId
      ? `library\n${profileId}\n${accountId}\n${library.mediaKey}`
      : ''

  useEffect(() => {
    if (!key || cached !== undefined) return
    let current = true
    if (library && profileId && accountId) {
      loadThumbnail({ profileId, accountId }, library.mediaKey).then(
        (thumbnail) =>
          current && setLoaded({ key, state: { state: 'ready', url: thumbnail.dataUrl ?? null } }),
        () => current && setLoaded({ key, state: { state: 'ready', url: null } }),
      )
      return () => {
        current = false
      }
    }
    if (!local) return
    let pending = inFlight.get(key)
    if (!pending) {
      pending = loadPreview(local).finally(() => inFlight.delete(key))
      inFlight.set(key, pending)
    }
    void pending.then((state) => {
      if (current) setLoaded({ key, state })
    })
    return () => {
      current = false
    }
    // local and library are derived from key; re-running on identity alone would re-read the file needlessly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, cached])

  if (!ref) return { state: 'none' }
  if (!key) return { state: 'ready', url: null }
  if (cached !== undefined) return { state: 'ready', url: cached }
  return loaded?.key === key ? loaded.state : { state: 'loading' }
}

/** For tests: forget the thumbnails read so far. */
export function clearPreviewCache(): void {
  previews.clear()
  inFlight.clear()
}
