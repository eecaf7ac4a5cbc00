import { join } from 'node:path'

/** Where each kind of file lives under the store's data directory. */
export interface DraftStoreLayout {
  root: string
  drafts: string
  trash: string
  quarantine: string
  backups: string
}

export function layoutFor(root: string): DraftStoreLayout {
  return {
    root,
    drafts: join(root, 'drafts'),
    trash: join(root, 'trash'),
    quarantine: join(root, 'quarantine'),
    backups: join(root, 'backups'),
  }
}

export const DRAFT_FILE_EXTENSION = '.json'

export function draftFileName(id: string): string {
  return `${id}${DRAFT_FILE_EXTENSION}`
}
