import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export type AccessLevel = 'read' | 'write'

export interface App {
  consumerKey: string
  consumerSecret: string
  name: string
  accessLevel: AccessLevel
  callbackUrls: string[]
  ownerUserId: string
  signInWithPlatform: boolean
}

export interface User {
  id: string
  screenName: string
  name: string
  createdAt: string
  /** Holds the premium subscription, which editing posts requires (platform document, limits). */
  premium?: boolean
}

export interface RequestToken {
  token: string
  secret: string
  consumerKey: string
  callback: string
  accessLevel: AccessLevel
  status: 'pending' | 'approved' | 'denied' | 'exchanged'
  verifier?: string
  userId?: string
  createdAt: number
}

export interface AccessToken {
  token: string
  secret: string
  consumerKey: string
  userId: string
  accessLevel: AccessLevel
  revoked: boolean
  createdAt: number
}

export interface BearerToken {
  token: string
  consumerKey: string
  invalidated: boolean
  createdAt: number
}

export interface Webhook {
  id: string
  consumerKey: string
  url: string
  deleted: boolean
}

/** A streaming connection of an app (platform document line 130); only the list and the ending of them are served. */
export interface StreamConnection {
  id: string
  consumerKey: string
  endpoint: string
  clientIp: string
  connectedAt: string
  disconnectedAt?: string
  disconnectReason?: string
}

/** An accepted webhook replay request (platform document line 127). */
export interface WebhookReplayJob {
  jobId: string
  webhookId: string
  consumerKey: string
  fromDate: string
  toDate: string
  createdAt: string
}

export interface Upload {
  mediaId: string
  mediaKey: string
  userId: string
  mimeType: string
  mediaCategory: string | null
  totalBytes: number
  receivedBytes: number
  segments: Record<string, number>
  phase: 'uploading' | 'finalized'
  /** Processing (videos, post_gif GIFs) finishes at this time (ms since epoch); other images are ready at FINALIZE. */
  readyAt: number
  failure?: string
  finalizedAt?: number
  width?: number
  height?: number
  durationMs?: number
  createdAt: number
}

/** Ads records keep their public fields as-is; fields starting with `_` are internal and never sent. */
export type AdsRecord = Record<string, unknown> & {
  id?: string
  created_at: string
  updated_at: string
  deleted: boolean
  _account?: string
}

export const CREATED_KINDS = [
  'media_uploads',
  'media_library',
  'cards',
  'poll_cards',
  'video_conversation_cards',
  'posts',
  'accounts',
  'line_item_curated_categories',
  // Product catalogs (spec part A).
  'product_catalogs',
  'products',
  'product_sets',
  // Audiences (spec part A): only permissions are created through the API.
  'tailored_audience_permissions',
] as const
export type CreatedKind = (typeof CREATED_KINDS)[number]
export type CreatedCounts = Record<CreatedKind, number>

export interface SandboxState {
  schema: 1
  seq: number
  apps: App[]
  users: User[]
  grants: { userId: string; consumerKey: string }[]
  requestTokens: RequestToken[]
  accessTokens: AccessToken[]
  bearerTokens: BearerToken[]
  webhooks: Webhook[]
  uploads: Upload[]
  accounts: AdsRecord[]
  accountApps: AdsRecord[]
  accountMedia: AdsRecord[]
  cards: AdsRecord[]
  legacyCards: AdsRecord[]
  pollCards: AdsRecord[]
  videoConversationCards: AdsRecord[]
  mediaLibrary: AdsRecord[]
  posts: AdsRecord[]
  campaigns: AdsRecord[]
  lineItems: AdsRecord[]
  curatedCategories: AdsRecord[]
  lineItemCuratedCategories: AdsRecord[]
  // Product catalogs (spec part A): one catalog per user, its products and product sets.
  productCatalogs: AdsRecord[]
  products: AdsRecord[]
  productSets: AdsRecord[]
  // Audiences (spec part A): seeded custom audiences and do-not-reach lists (each keeps its member
  // hashes in `_members`), sharing permissions, and a log of accepted user uploads.
  customAudiences: AdsRecord[]
  tailoredAudiencePermissions: AdsRecord[]
  doNotReachLists: AdsRecord[]
  audienceUploads: AudienceUpload[]
  // Release-history endpoints: the apps' streaming connections and webhook replay jobs.
  streamConnections: StreamConnection[]
  webhookReplays: WebhookReplayJob[]
  history: Record<string, unknown>[]
  created: CreatedCounts
}

/**
 * Members of a custom audience or do-not-reach list: `<identifier type>:<hash>` (partner_user_id
 * as sent) → [effective_at, expires_at] in epoch seconds. A plain object, so the state file keeps it.
 */
export type MemberTable = Record<string, [number, number]>

/** One accepted user-upload request; no identifier is logged, only counts and a body digest. */
export interface AudienceUpload {
  target: 'custom_audience' | 'do_not_reach_list'
  targetId: string
  account: string
  /** Operation types in request order. */
  operationTypes: string[]
  /** User objects sent. */
  records: number
  /** User objects processed (fewer than sent under the undercount fault). */
  processed: number
  /** SHA-256 of the request body, so a test can tell a re-sent chunk from a new one. */
  bodySha256: string
  at: string
}

export type CollectionName = {
  [K in keyof SandboxState]: SandboxState[K] extends AdsRecord[] ? K : never
}[keyof SandboxState]

export function emptyCounts(): CreatedCounts {
  return Object.fromEntries(CREATED_KINDS.map((kind) => [kind, 0])) as CreatedCounts
}

/** Responses carry whole seconds, shaped `YYYY-MM-DDTHH:MM:SSZ` (part A, timestamps). */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

/**
 * Marks a record changed. updated_at is the platform's clock in the spec's whole seconds, and it
 * advances on every change: a second change within the same second is stamped one second after
 * the first, so a reader that kept the old stamp always sees that the record moved on.
 */
export function touch(record: { updated_at: string }, now: number): void {
  const previous = Date.parse(record.updated_at)
  record.updated_at = isoSeconds(Number.isNaN(previous) ? now : Math.max(now, previous + 1000))
}

export function nextSeq(state: SandboxState): number {
  state.seq += 1
  return state.seq
}

/** Short base-36 ids, the shape ads objects (line items, poll cards, ...) have on the platform. */
export function shortId(state: SandboxState): string {
  return (1_679_616 + nextSeq(state) * 7_919).toString(36)
}

/** 19-digit ids for posts, components cards and media, beyond Number.MAX_SAFE_INTEGER as on the platform. */
export function longId(state: SandboxState): string {
  return (1_700_000_000_000_000_000n + BigInt(nextSeq(state)) * 4_099n).toString()
}

export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url')
}

export function loadState(file: string): SandboxState | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const parsed = JSON.parse(text) as SandboxState
  if (parsed.schema !== 1)
    throw new Error(`${file}: unsupported sandbox state schema ${String(parsed.schema)}`)
  parsed.created = { ...emptyCounts(), ...parsed.created }
  // State files written before product catalogs existed.
  parsed.productCatalogs ??= []
  parsed.products ??= []
  parsed.productSets ??= []
  // State files written before audiences existed keep working, without audiences.
  parsed.customAudiences ??= []
  parsed.tailoredAudiencePermissions ??= []
  parsed.doNotReachLists ??= []
  parsed.audienceUploads ??= []
  // State files written before the streaming connections and webhook replay existed.
  parsed.streamConnections ??= []
  parsed.webhookReplays ??= []
  return parsed
}

/** Write-then-rename so a crash mid-write never leaves a truncated state file behind. */
export function saveState(file: string, state: SandboxState): void {
  mkdirSync(dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.tmp`
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 })
  renameSync(temp, file)
}
