import type { IncomingHttpHeaders } from 'node:http'
import type { Reply } from './http'
import type { ParamPair } from './oauth1'
import type { FaultCounts, Faults } from './faults'
import type { RateLimits, WindowCounter } from './rateLimits'
import type { SandboxState } from './state'
import type { World } from './admin/world'

export interface RequestContext {
  method: string
  /** Always http for this loopback server; tests of published vectors use https. */
  scheme: 'http' | 'https'
  path: string
  /** The Host header as sent; the signature base URI is built from it. */
  host: string
  /** The peer's IP address (the admin routes answer loopback peers only). */
  remoteAddress: string
  origin: string
  headers: IncomingHttpHeaders
  query: ParamPair[]
  body: Buffer
  /** Lowercased media type of the body without parameters ('' when absent). */
  contentType: string
  /** Pairs of an application/x-www-form-urlencoded body; empty for any other body. */
  form: ParamPair[]
  /** Parsed body when Content-Type is application/json. */
  json: unknown
  params: Record<string, string>
  /** Route pattern, e.g. `GET /ads/12/accounts/:account_id`; rate-limit buckets are keyed by it. */
  routeKey: string
  /** Headers added to whatever response this request ends with (rate-limit headers). */
  responseHeaders: Record<string, string>
  now: number
}

export interface Runtime {
  state: SandboxState
  limits: RateLimits
  faults: Faults
  counters: WindowCounter
  /** Seen (consumer, token, nonce) triples with the time they may be forgotten. */
  nonces: Map<string, number>
  /** Bytes of uploads still in progress, keyed by media id; never persisted. */
  uploadBytes: Map<string, Map<number, Buffer>>
  /** Counters of injected faults; faults decided inside handlers count here (absent in unit tests). */
  faultCounts?: FaultCounts
  /** Told of every approval on the authorization page (SandboxOptions.onApproved). */
  onApproved?: (approval: Approval) => void
  /** The request log and the rest of the world's changes (admin routes); absent in unit tests. */
  world?: World
}

/** An approved request token and the verifier the authorization page shows (the PIN, for oob). */
export interface Approval {
  oauthToken: string
  verifier: string
}

export type Handler = (ctx: RequestContext, rt: Runtime) => Reply | Promise<Reply>

export interface Route {
  method: string
  pattern: string
  handler: Handler
  /** Browser pages and placeholder media are exempt from fault injection. */
  page?: boolean
  /** The sandbox's own admin routes: no faults, not in the request log. */
  admin?: boolean
}

export function firstValue(pairs: readonly ParamPair[], name: string): string | undefined {
  return pairs.find(([n]) => n === name)?.[1]
}
