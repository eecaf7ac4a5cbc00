import { createHash } from 'node:crypto'
import type { z } from 'zod'
import { LIMITS } from '../../shared/rules/limits'
import { mediaLibraryObjectSchema } from '../api/ads'
import { cardSchema, VIDEO_CONVERSATION_TEXT_FIELDS } from '../api/cards'
import type { MirrorKind } from '../../shared/ipc/contracts/mirror'

/**
 * What the mirror keeps, kind by kind: where the kind is listed on an ad account, how an object
 * is keyed, the largest page the spec allows, the shape the app expects, and the fields the app
 * can edit (what an object's fingerprint covers, so "changed on the platform" can be told from
 * a bump of updated_at that touched nothing the designer can edit).
 */

export { MIRROR_KINDS, type MirrorKind } from '../../shared/ipc/contracts/mirror'

export interface MirrorKindSpec {
  /** Path under accounts/:account_id. */
  path: string
  idKey: 'id' | 'media_key'
  /** The spec's largest `count` for the list. */
  pageSize: number
  /** Whether the list takes with_deleted (the media library's does not, spec part B:88). */
  withDeleted: boolean
  schema: z.ZodType<unknown>
  /** Fields the app can change on a published object, by their wire names. */
  editable: readonly string[]
}

export const MIRROR_KIND_SPECS: Record<MirrorKind, MirrorKindSpec> = {
  cards: {
    path: '/cards',
    idKey: 'id',
    pageSize: LIMITS.lists.cardsCount.max,
    withDeleted: true,
    schema: cardSchema,
    // Card update: each supplied field replaces the stored one (spec part B:82).
    editable: ['name', 'components', 'slides'],
  },
  poll_cards: {
    path: '/cards/poll',
    idKey: 'id',
    pageSize: LIMITS.lists.pollCardsCount.max,
    withDeleted: true,
    schema: cardSchema,
    // "Poll cards cannot be updated" (spec part B:100): nothing to fingerprint but the object.
    editable: [],
  },
  video_conversation_cards: {
    path: '/cards/video_conversation',
    idKey: 'id',
    pageSize: LIMITS.lists.videoConversationCardsCount.max,
    withDeleted: true,
    schema: cardSchema,
    // PUT takes "the same optional fields" as creation (spec part B:150), those a read returns.
    editable: [...VIDEO_CONVERSATION_TEXT_FIELDS, 'media_key'],
  },
  media_library: {
    path: '/media_library',
    idKey: 'media_key',
    pageSize: LIMITS.lists.mediaLibraryCount.max,
    withDeleted: false,
    schema: mediaLibraryObjectSchema,
    // PUT media_library/:media_key (spec part B:91).
    editable: ['name', 'file_name', 'description', 'title', 'poster_media_key'],
  },
}

/**
 * JSON with object keys sorted at every level, so equal values always give equal text whatever
 * order the platform sent their keys in. Undefined stands for "not set", as null does.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** SHA-256 (hex) of the canonical JSON of the app-editable fields; an absent field counts as null. */
export function fingerprintOf(kind: MirrorKind, raw: unknown): string {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const fields = Object.fromEntries(MIRROR_KIND_SPECS[kind].editable.map((f) => [f, source[f] ?? null]))
  return createHash('sha256').update(canonicalJson(fields)).digest('hex')
}
