export { LibraryPickerDialog, type LibraryPickerDialogProps } from './LibraryPickerDialog'
export { LibraryPage } from './LibraryPage'
export { MediaBrowser, type MediaBrowserProps } from './MediaBrowser'
export { toLibraryMediaRef, loadThumbnail, useThumbnail } from './libraryClient'
