import { createHash } from 'node:crypto'
import type {
  CardPayload,
  PollCardPayload,
  PostPayload,
  VideoConversationCardPayload,
} from '../../shared/rules/payloads'

/**
 * Recognising an object the server created from a request whose answer was lost: what was sent
 * must all be there in the object, unchanged. The server may add fields (ids, timestamps, URLs)
 * and may give numbers as strings; write-only fields it never echoes are left out of the
 * comparison.
 */

function sameScalar(sent: unknown, remote: unknown): boolean {
  if (sent === remote) return true
  if (typeof sent === 'number' || typeof sent === 'boolean') return String(sent) === String(remote)
  return false
}

/** Whether `remote` holds every value of `sent` (objects: a superset; arrays: same length, in order). */
export function contains(remote: unknown, sent: unknown): boolean {
  if (Array.isArray(sent)) {
    return (
      Array.isArray(remote) &&
      remote.length === sent.length &&
      sent.every((item, index) => contains(remote[index], item))
    )
  }
  if (typeof sent === 'object' && sent !== null) {
    if (typeof remote !== 'object' || remote === null || Array.isArray(remote)) return false
    const record = remote as Record<string, unknown>
    return Object.entries(sent).every(([key, value]) => value === undefined || contains(record[key], value))
  }
  return sameScalar(sent, remote)
}

/** The card fields a card list returns: everything of a component card. */
export function cardFingerprint(payload: CardPayload): Record<string, unknown> {
  return { name: payload.name, components: payload.components, slides: payload.slides }
}

/** media_key of a poll is write-only, so a poll is known by its name, choices and duration. */
export function pollFingerprint(payload: PollCardPayload): Record<string, unknown> {
  const { media_key: _writeOnly, ...shown } = payload
  return shown
}

const VIDEO_CONVERSATION_WRITE_ONLY = [
  'poster_media_key',
  'unlocked_image_media_key',
  'unlocked_video_media_key',
] as const

export function videoConversationFingerprint(payload: VideoConversationCardPayload): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...payload }
  for (const field of VIDEO_CONVERSATION_WRITE_ONLY) delete shown[field]
  return shown
}

export interface PostFacts {
  name: string | null
  text: string
  cardUri: string | null
  mediaKeys: string[]
}

/** What identifies a post as sent. */
export function postFactsOfPayload(payload: PostPayload): PostFacts {
  return {
    name: payload.name ?? null,
    text: payload.text ?? '',
    cardUri: payload.card_uri ?? null,
    mediaKeys: payload.media_keys ? payload.media_keys.split(',') : [],
  }
}

/** The same facts read from a post object (full_text on reads; media keys in extended_entities). */
export function postFactsOfRemote(post: Record<string, unknown>): PostFacts {
  const text =
    typeof post.full_text === 'string' ? post.full_text : typeof post.text === 'string' ? post.text : ''
  const extended = post.extended_entities as { media?: { media_key?: unknown }[] } | undefined
  const mediaKeys = (extended?.media ?? [])
    .map((item) => item.media_key)
    .filter((key): key is string => typeof key === 'string')
  return {
    name: typeof post.name === 'string' ? post.name : null,
    text,
    cardUri: typeof post.card_uri === 'string' ? post.card_uri : null,
    mediaKeys,
  }
}

export function samePost(a: PostFacts, b: PostFacts): boolean {
  return (
    a.name === b.name &&
    a.text === b.text &&
    a.cardUri === b.cardUri &&
    a.mediaKeys.length === b.mediaKeys.length &&
    a.mediaKeys.every((key, index) => key === b.mediaKeys[index])
  )
}

/**
 * Whether a remote object's creation time can belong to an attempt started at `attemptStartedAt`
 * (local clock). Server timestamps are whole seconds on the server's clock; `clockOffsetMs` is
 * the server-minus-local offset the client learnt, and `toleranceMs` covers the skew it has not
 * learnt (the server accepts signatures only within its timestamp window).
 */
export function createdInWindow(
  createdAt: unknown,
  attemptStartedAt: number,
  clockOffsetMs: number,
  toleranceMs: number,
): boolean {
  if (typeof createdAt !== 'string') return false
  const created = Date.parse(createdAt)
  if (!Number.isFinite(created)) return false
  const serverStart = Math.floor((attemptStartedAt + clockOffsetMs) / 1000) * 1000
  return created >= serverStart - toleranceMs
}

/** JSON with every object's keys in order, leaving out undefined as JSON does. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * A draft's content as a fingerprint: equal content, equal fingerprint, whatever the order its
 * fields were written in. What a job was reviewed with is compared with the draft as it is now.
 */
export function contentFingerprint(content: unknown): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex')
}
