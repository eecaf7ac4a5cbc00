export { LibraryPickerDialog, type LibraryPickerDialogProps } from '../../kits/media/LibraryPickerDialog'
export { LibraryPage } from './LibraryPage'
export { MediaBrowser, type MediaBrowserProps } from '../../kits/media/MediaBrowser'
export { toLibraryMediaRef, loadThumbnail, useThumbnail } from '../../kits/media/libraryClient'
