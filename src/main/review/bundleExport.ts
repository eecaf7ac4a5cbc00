import { randomUUID } from 'node:crypto'
import type { LocalMediaRef, MediaRef } from '../../shared/creatives/media'
import { mediaTypeOf } from '../../shared/creatives/mediaType'
import type { Draft } from '../../shared/drafts/envelope'
import { BUNDLE_FORMAT, REVIEW_LIMITS, type BundleData } from '../../shared/review/format'
import { bundlePage } from './bundlePage'
import { mediaRefsOf, previewMarkup, type MediaLook, type PreviewAuthor } from './previewMarkup'
import { accountKey, reviewContent, reviewFields, fingerprintOfReviewContent } from './reviewContent'

/** Reads a local medium through the designer's grant (the outbox's reader); throws when it cannot. */
export type ReadLocalMedia = (file: {
  path: string
  mimeType: string
}) => Promise<{ bytes: Uint8Array; sha256: string }>

/** Pictures a browser shows from a data: URI; videos and other files stay placeholders. */
const INLINED_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/** A medium as people know it, without its folder (the bundle names no local path). */
function mediaName(ref: MediaRef): string {
  if (ref.source === 'library') return ref.name ?? 'a library medium'
  const base = ref.path.split(/[\\/]/).at(-1) ?? ''
  return base || 'a local file'
}

/**
 * The pictures of a bundle: each local image once, as a data: URI, until the caps are reached.
 * What is left out is named, with why, for the draft whose preview shows its placeholder.
 */
function createPictures(read: ReadLocalMedia) {
  const pictures = new Map<string, string>()
  const looks = new Map<string, MediaLook>()
  let total = 0

  async function lookOf(ref: MediaRef): Promise<{ look: MediaLook; leftOut?: string }> {
    const name = mediaName(ref)
    if (ref.source === 'library')
      return {
        look: { placeholder: `${name} (in the account’s media library)` },
        leftOut: `${name}: kept on the platform, not in this file`,
      }
    const known = looks.get(ref.sha256)
    if (known)
      return { look: known, ...('placeholder' in known ? { leftOut: `${name}: ${known.placeholder}` } : {}) }
    const look = await inline(ref)
    looks.set(ref.sha256, look)
    return { look, ...('placeholder' in look ? { leftOut: `${name}: ${look.placeholder}` } : {}) }
  }

  async function inline(ref: LocalMediaRef): Promise<MediaLook> {
    if (mediaTypeOf(ref) === 'VIDEO' || !INLINED_TYPES.has(ref.mimeType))
      return { placeholder: 'video, not in this file' }
    if (ref.bytes > REVIEW_LIMITS.maxMediaBytesEach)
      return { placeholder: `larger than ${megabytes(REVIEW_LIMITS.maxMediaBytesEach)}` }
    if (total + ref.bytes > REVIEW_LIMITS.maxMediaBytesTotal)
      return {
        placeholder: `the bundle’s ${megabytes(REVIEW_LIMITS.maxMediaBytesTotal)} of pictures was reached`,
      }
    try {
      const file = await read({ path: ref.path, mimeType: ref.mimeType })
      // What the draft names and what is on disk must be the same picture, or the preview lies.
      if (file.sha256 !== ref.sha256) return { placeholder: 'the file changed since it was added' }
      total += file.bytes.byteLength
      const className = `m-${ref.sha256.slice(0, 16)}`
      pictures.set(className, `data:${ref.mimeType};base64,${Buffer.from(file.bytes).toString('base64')}`)
      return { className }
    } catch {
      return { placeholder: 'could not be read on this computer' }
    }
  }

  return { lookOf, pictures }
}

export interface BundleInput {
  drafts: readonly Draft[]
  accountId: string
  accountName: string
  advertiser?: string
  readLocalMedia: ReadLocalMedia
  now: Date
}

/** The whole `.adsreview` page for these drafts, and how many media were left out. */
export async function buildBundle(
  input: BundleInput,
): Promise<{ html: string; data: BundleData; mediaLeftOut: number }> {
  const pictures = createPictures(input.readLocalMedia)
  const author: PreviewAuthor = {
    name: input.accountName,
    ...(input.advertiser ? { handle: input.advertiser } : {}),
  }
  const drafts: BundleData['drafts'] = []
  const previews: string[] = []
  let mediaLeftOut = 0
  for (const draft of input.drafts) {
    const looks = new Map<MediaRef, MediaLook>()
    const leftOut = new Set<string>()
    for (const ref of mediaRefsOf(draft.content)) {
      const { look, leftOut: why } = await pictures.lookOf(ref)
      looks.set(ref, look)
      if (why) leftOut.add(why)
    }
    mediaLeftOut += leftOut.size
    const content = reviewContent(draft.content)
    drafts.push({
      id: draft.id,
      name: draft.name,
      kind: draft.kind,
      fingerprint: fingerprintOfReviewContent(draft.kind, content),
      content,
      fields: reviewFields(draft),
      mediaLeftOut: [...leftOut],
    })
    previews.push(previewMarkup(draft, author, (ref) => looks.get(ref) ?? { placeholder: 'Media' }))
  }
  const data: BundleData = {
    format: BUNDLE_FORMAT,
    version: 1,
    bundleId: randomUUID(),
    exportedAt: input.now.toISOString(),
    account: { name: input.accountName, key: accountKey(input.accountId) },
    ...(input.advertiser ? { advertiser: input.advertiser } : {}),
    drafts,
  }
  return { html: bundlePage(data, previews, pictures.pictures), data, mediaLeftOut }
}
