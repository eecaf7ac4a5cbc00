import type { libraryContract } from '../../shared/ipc/contracts/library'
import type { HandlersOf } from '../ipc/dispatcher'
import { createLibraryService, type LibraryServiceDeps } from './libraryService'
import { createMediaLibraryEdits, type MediaLibraryEditsDeps } from './mediaLibraryEdits'

/** The account once connected: features, sandbox accounts, the media library and published cards. */
export function createLibraryHandlers(
  deps: LibraryServiceDeps & MediaLibraryEditsDeps,
): HandlersOf<typeof libraryContract> {
  const library = createLibraryService(deps)
  const mediaLibraryEdits = createMediaLibraryEdits(deps)
  return {
    'accounts.features': async ({ profileId, accountId }) => ({
      features: await library.features(profileId, accountId),
    }),
    'accounts.createSandbox': async ({ profileId }) => ({
      account: await library.createSandboxAccount(profileId),
    }),
    'library.list': ({ profileId, accountId, q, mediaType, cursor, count }) =>
      library.listMedia(profileId, accountId, { q, mediaType, cursor, count }),
    'library.thumbnail': ({ profileId, accountId, mediaKey }) =>
      library.thumbnail(profileId, accountId, mediaKey),
    'library.cards': ({ profileId, accountId, kinds, cardTypes, q, cursors }) =>
      library.listCards(profileId, accountId, { kinds, cardTypes, q, cursors }),
    'library.deleteCard': ({ profileId, accountId, kind, cardId }) =>
      library.deleteCard(profileId, accountId, kind, cardId),
    'library.updateMedia': async ({ profileId, accountId, mediaKey, ...edit }) => ({
      job: await mediaLibraryEdits.update(profileId, accountId, mediaKey, edit),
    }),
    'library.deleteMedia': async ({ profileId, accountId, mediaKey }) => ({
      job: await mediaLibraryEdits.delete(profileId, accountId, mediaKey),
    }),
  }
}
