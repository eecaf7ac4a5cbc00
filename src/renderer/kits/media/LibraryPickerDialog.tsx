import { Dialog } from 'radix-ui'
import { useState } from 'react'
import type { LibraryMediaRef } from '../../../shared/creatives/media'
import type { LibraryItem } from '../../../shared/ipc/contracts/library'
import type { MediaType } from '../../../shared/rules/limits'
import { useConnectedAccount } from '../../state/connection/activeProfile'
import { failureOf, type Failure } from '../../lib/failures'
import { FailureBanner } from '../connection/FailureBanner'
import { loadThumbnail, toLibraryMediaRef, type Thumbnail } from './libraryClient'
import { MediaBrowser } from './MediaBrowser'
import './mediaBrowser.css'
import { DialogCloseButton } from '../../components/DialogCloseButton'

export interface LibraryPickerDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** Only these media types can be picked (one type, or several); all when absent. */
  mediaType?: MediaType | readonly MediaType[]
  onPick(ref: LibraryMediaRef): void
  /**
   * Where focus goes once the dialog has closed. By default, back to what opened it; a caller
   * whose opener is gone after a pick (the empty slot became the chosen medium) says where.
   */
  onCloseAutoFocus?(event: Event): void
  title?: string
}

/**
 * Picks a medium from the active account's media library for any editor. The ref carries the
 * media key, type, pixel size (read from the image by main), aspect ratio, name and URLs.
 */
export function LibraryPickerDialog({
  open,
  onOpenChange,
  mediaType,
  onPick,
  onCloseAutoFocus,
  title = 'Choose from the media library',
}: LibraryPickerDialogProps) {
  const connected = useConnectedAccount()
  const [picking, setPicking] = useState<string | null>(null)
  const [failure, setFailure] = useState<Failure | null>(null)
  const allowed =
    mediaType === undefined ? undefined : typeof mediaType === 'string' ? [mediaType] : mediaType

  const pick = async (item: LibraryItem, thumbnail: Thumbnail | undefined) => {
    if (!connected || picking) return
    setPicking(item.mediaKey)
    setFailure(null)
    try {
      // The pixel size is what the editors' rules check; wait for it if the tile had not loaded yet.
      const known =
        thumbnail ??
        (item.hasThumbnail
          ? await loadThumbnail(
              { profileId: connected.profile.id, accountId: connected.accountId },
              item.mediaKey,
            ).catch(() => undefined)
          : undefined)
      onPick(toLibraryMediaRef(item, known))
      onOpenChange(false)
    } catch (error) {
      setFailure(failureOf(error))
    } finally {
      setPicking(null)
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog library-picker"
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          data-testid="library-picker"
          aria-busy={picking ? true : undefined}
        >
          <div className="library-picker__head">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <DialogCloseButton size={16} className="button button--ghost library-picker__close" />
          </div>
          <Dialog.Description className="dialog__description">
            {connected
              ? 'Choose a medium with Enter or a click. Arrow keys move between media.'
              : 'Connect a profile and choose an ad account to use its media library.'}
          </Dialog.Description>
          <FailureBanner failure={failure} />
          {connected ? (
            <div className="library-picker__body">
              <MediaBrowser
                scope={{ profileId: connected.profile.id, accountId: connected.accountId }}
                {...(allowed ? { allowedTypes: allowed } : {})}
                selectedKey={picking}
                onActivate={(item, thumbnail) => void pick(item, thumbnail)}
                autoFocusSearch
              />
            </div>
          ) : (
            <p className="library-picker__offline">
              <a href="#/connect" className="inline-link" onClick={() => onOpenChange(false)}>
                Go to Connect
              </a>
            </p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
