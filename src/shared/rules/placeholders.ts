// Placeholders stand in for ids that only exist after publishing (a local file's media_key,
// a card draft's card_uri), so a draft's payload keeps its full shape before publishing.
// Validators report them as warnings; the publish step replaces them before sending.

const LOCAL_MEDIA_PREFIX = 'local:'
const DRAFT_CARD_PREFIX = 'draft:'

export function localMediaPlaceholder(sha256: string): string {
  return `${LOCAL_MEDIA_PREFIX}${sha256}`
}

export function isLocalMediaPlaceholder(mediaKey: string): boolean {
  return mediaKey.startsWith(LOCAL_MEDIA_PREFIX)
}

/** The sha256 inside a placeholder, or undefined for a real media key. */
export function placeholderSha256(mediaKey: string): string | undefined {
  return isLocalMediaPlaceholder(mediaKey) ? mediaKey.slice(LOCAL_MEDIA_PREFIX.length) : undefined
}

export function draftCardPlaceholder(draftId: string): string {
  return `${DRAFT_CARD_PREFIX}${draftId}`
}

export function isDraftCardPlaceholder(cardUri: string): boolean {
  return cardUri.startsWith(DRAFT_CARD_PREFIX)
}

export function placeholderDraftId(cardUri: string): string | undefined {
  return isDraftCardPlaceholder(cardUri) ? cardUri.slice(DRAFT_CARD_PREFIX.length) : undefined
}
