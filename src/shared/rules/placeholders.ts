// Placeholders stand in for ids that only exist after publishing (a local file's media_key,
// a card draft's card_uri), so a draft's payload keeps its full shape before publishing.
// Validators report them as warnings; the publish step replaces them before sending.

/** A placeholder kind: the text `prefix` + the id it stands for. */
function placeholderKind(prefix: string) {
  const is = (value: string): boolean => value.startsWith(prefix)
  return {
    make: (id: string): string => `${prefix}${id}`,
    is,
    /** The id inside a placeholder, or undefined for a real value. */
    idOf: (value: string): string | undefined => (is(value) ? value.slice(prefix.length) : undefined),
  }
}

const localMedia = placeholderKind('local:')
const draftCard = placeholderKind('draft:')

export const localMediaPlaceholder = localMedia.make
export const isLocalMediaPlaceholder = localMedia.is
/** The sha256 inside a placeholder, or undefined for a real media key. */
export const placeholderSha256 = localMedia.idOf

export const draftCardPlaceholder = draftCard.make
export const isDraftCardPlaceholder = draftCard.is
export const placeholderDraftId = draftCard.idOf
