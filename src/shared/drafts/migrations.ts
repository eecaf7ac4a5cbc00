import {
  CURRENT_DRAFT_SCHEMA_VERSION,
  draftSchema,
  isDraftKind,
  isDraftStatus,
  publishedRefsSchema,
  untitledName,
} from './envelope'
import type { ContentValidator, Draft, DraftStatus } from './envelope'
import { isJsonValue, isPlainObject } from './json'

/**
 * Draft file history. Each step is a pure function from the raw object of version N to
 * the raw object of version N + 1; `restore` chains them and then repairs and validates.
 *
 * Version 1 (Ads Studio 0.0.x prototypes):
 *   { version: 1, id, kind: 'card' | 'poll' | 'video_conversation' | 'tweet' | 'media',
 *     title, created: epoch ms, modified: epoch ms,
 *     state: 'editing' | 'ready' | 'sending' | 'sent' | 'error', content,
 *     remote?: { account_id?, card_id?, card_uri?, tweet_id?, media_key? } }
 *   Files from before the version field existed carry no version at all.
 * Version 2 (current): see `draftSchema` in envelope.ts.
 */

type RawDraft = Record<string, unknown>
type Migration = (raw: RawDraft) => RawDraft

const V1_KINDS: Record<string, string> = {
  card: 'card',
  poll: 'poll_card',
  video_conversation: 'video_conversation_card',
  tweet: 'post',
  media: 'media_library',
}

const V1_STATES: Record<string, DraftStatus> = {
  editing: 'draft',
  ready: 'queued',
  sending: 'publishing',
  sent: 'published',
  error: 'failed',
}

const V1_REMOTE_FIELDS: Record<string, string> = {
  account_id: 'accountId',
  card_id: 'cardId',
  card_uri: 'cardUri',
  tweet_id: 'postId',
  media_key: 'mediaKey',
}

function epochToIso(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

function migrateV1ToV2(raw: RawDraft): RawDraft {
  const { version: _version, title, created, modified, state, remote, kind, ...rest } = raw
  const next: RawDraft = {
    ...rest,
    schemaVersion: 2,
    kind: typeof kind === 'string' ? (V1_KINDS[kind] ?? kind) : kind,
    name: title,
    createdAt: epochToIso(created),
    updatedAt: epochToIso(modified),
    status: typeof state === 'string' ? (V1_STATES[state] ?? state) : state,
  }
  if (isPlainObject(remote)) {
    const published: Record<string, unknown> = {}
    for (const [from, to] of Object.entries(V1_REMOTE_FIELDS)) {
      const value = remote[from]
      // v1 stored numeric tweet ids; v2 keeps every remote id as a string (ids exceed 2^53).
      if (typeof value === 'string' || typeof value === 'number') published[to] = String(value)
    }
    if (Object.keys(published).length > 0) next.published = published
  }
  return next
}

/** Keyed by the version a migration upgrades FROM. */
export const DRAFT_MIGRATIONS: Readonly<Record<number, Migration>> = {
  1: migrateV1ToV2,
}

export type RestoreErrorCode =
  | 'not_an_object'
  | 'unknown_version'
  | 'future_version'
  | 'migration_failed'
  | 'invalid_draft'
  | 'invalid_content'

export interface RestoreError {
  code: RestoreErrorCode
  message: string
  /** The version found in the input, when one could be read. */
  version?: number
}

export type RestoreResult =
  { ok: true; draft: Draft; migratedFrom?: number; repairs: string[] } | { ok: false; error: RestoreError }

export interface RestoreOptions {
  validateContent?: ContentValidator
  /** Used when a draft carries no usable timestamp at all (the store passes the file time). */
  fallbackTime?: string
}

function detectVersion(raw: RawDraft): number | undefined {
  if (typeof raw.schemaVersion === 'number') return raw.schemaVersion
  if (typeof raw.version === 'number') return raw.version
  // Prototype files written before any version field existed.
  if ('title' in raw || 'created' in raw || 'state' in raw) return 1
  if ('name' in raw && 'createdAt' in raw) return CURRENT_DRAFT_SCHEMA_VERSION
  return undefined
}

function fail(code: RestoreErrorCode, message: string, version?: number): RestoreResult {
  const error: RestoreError = { code, message }
  if (version !== undefined) error.version = version
  return { ok: false, error }
}

function toIsoTimestamp(value: unknown): string | undefined {
  if (typeof value === 'number') {
    const converted = epochToIso(value)
    return typeof converted === 'string' ? converted : undefined
  }
  if (typeof value !== 'string') return undefined
  // Accept only strings the envelope itself would accept, normalised to UTC.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : value
}

const PUBLISHED_KEYS = new Set(Object.keys(publishedRefsSchema.shape))

function cleanPublishedRef(key: string, value: unknown): string | undefined {
  if (!PUBLISHED_KEYS.has(key)) return undefined
  if (key === 'publishedAt') return toIsoTimestamp(value)
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  return undefined
}

const ENVELOPE_KEYS = new Set(Object.keys(draftSchema.shape))

/** Fixes what can be fixed without guessing at the designer's work; records each fix. */
function repairCurrent(raw: RawDraft, options: RestoreOptions, repairs: string[]): RawDraft {
  const draft: RawDraft = {}
  for (const [key, value] of Object.entries(raw)) {
    if (ENVELOPE_KEYS.has(key)) draft[key] = value
    else repairs.push(`dropped unknown field "${key}"`)
  }
  draft.schemaVersion = CURRENT_DRAFT_SCHEMA_VERSION

  if (typeof draft.name !== 'string') {
    draft.name = isDraftKind(draft.kind) ? untitledName(draft.kind) : 'Untitled draft'
    repairs.push('missing name replaced')
  }
  if (!isDraftStatus(draft.status)) {
    repairs.push(`unknown status ${JSON.stringify(draft.status ?? null)} reset to "draft"`)
    draft.status = 'draft'
  }

  const createdAt = toIsoTimestamp(draft.createdAt)
  const updatedAt = toIsoTimestamp(draft.updatedAt)
  const best = updatedAt ?? createdAt ?? options.fallbackTime
  if (createdAt === undefined || createdAt !== draft.createdAt) {
    draft.createdAt = createdAt ?? best
    repairs.push('createdAt repaired')
  }
  if (updatedAt === undefined || updatedAt !== draft.updatedAt) {
    draft.updatedAt = updatedAt ?? best
    repairs.push('updatedAt repaired')
  }

  if (draft.published !== undefined) {
    const source = isPlainObject(draft.published) ? draft.published : {}
    const kept: Record<string, string> = {}
    let changed = !isPlainObject(draft.published)
    for (const [key, value] of Object.entries(source)) {
      const cleaned = cleanPublishedRef(key, value)
      if (cleaned === undefined) changed = true
      else {
        if (cleaned !== value) changed = true
        kept[key] = cleaned
      }
    }
    if (changed) repairs.push('published ids repaired')
    if (Object.keys(kept).length > 0) draft.published = kept
    else delete draft.published
  }
  return draft
}

/**
 * Turns whatever was read from disk or an import into a current `Draft`, after
 * Excalidraw's `restore`: repairable oddities are fixed and reported in `repairs`,
 * anything else comes back as a typed error. Never throws.
 */
export function restoreDraft(input: unknown, options: RestoreOptions = {}): RestoreResult {
  try {
    return restoreUnsafe(input, options)
  } catch (cause) {
    // A migration bug must never take the store down with it.
    return fail('migration_failed', `Draft could not be upgraded: ${String(cause)}`)
  }
}

function restoreUnsafe(input: unknown, options: RestoreOptions): RestoreResult {
  if (!isPlainObject(input)) return fail('not_an_object', 'Not a draft: expected a JSON object')

  const version = detectVersion(input)
  if (version === undefined || !Number.isInteger(version) || version < 1) {
    return fail('unknown_version', 'Not a draft: no recognisable schema version')
  }
  if (version > CURRENT_DRAFT_SCHEMA_VERSION) {
    return fail(
      'future_version',
      `Draft was saved by a newer Ads Studio (schema version ${version}, this version reads up to ${CURRENT_DRAFT_SCHEMA_VERSION})`,
      version,
    )
  }

  let raw: RawDraft = input
  for (let from = version; from < CURRENT_DRAFT_SCHEMA_VERSION; from++) {
    const migrate = DRAFT_MIGRATIONS[from]
    if (!migrate) return fail('migration_failed', `No migration from schema version ${from}`, version)
    raw = migrate(raw)
  }

  const repairs: string[] = []
  const repaired = repairCurrent(raw, options, repairs)

  if (!isDraftKind(repaired.kind)) {
    return fail('invalid_draft', `Unknown draft kind ${JSON.stringify(repaired.kind ?? null)}`, version)
  }
  if (repaired.content === undefined) return fail('invalid_draft', 'Draft has no content', version)

  const parsed = draftSchema.safeParse(repaired)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'draft'}: ${issue.message}`,
    )
    return fail('invalid_draft', `Draft is invalid: ${problems.join('; ')}`, version)
  }

  let draft = parsed.data
  if (options.validateContent) {
    const check = options.validateContent(draft.kind, draft.content)
    if (!check.ok) return fail('invalid_content', `Draft content is invalid: ${check.message}`, version)
    if (check.content !== undefined) {
      if (!isJsonValue(check.content)) {
        return fail(
          'invalid_content',
          'Draft content is invalid: the content model returned non-JSON',
          version,
        )
      }
      draft = { ...draft, content: check.content }
    }
  }

  const result: RestoreResult = { ok: true, draft, repairs }
  if (version < CURRENT_DRAFT_SCHEMA_VERSION) result.migratedFrom = version
  return result
}
