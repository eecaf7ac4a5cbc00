import type { FormData } from 'undici'
import type { OAuth1Credentials, SignedParams } from './oauth1'

/** A request and its answer as the HTTP client takes and gives them (http.ts). */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type RequestAuth =
  | { kind: 'oauth1'; credentials: OAuth1Credentials; oauthParams?: Record<string, string> }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'none' }

export type RequestBody =
  /** Signed, sent as application/x-www-form-urlencoded. */
  | { kind: 'form'; fields: SignedParams; contentType?: string }
  /** Not signed (RFC 5849 signs only form bodies). */
  | { kind: 'json'; value: unknown }
  /** JSON already serialized (a customer-list chunk built in a worker thread). Not signed. */
  | { kind: 'jsonText'; text: string }
  /** Not signed. */
  | { kind: 'multipart'; form: FormData }

export type QueryValue = string | number | boolean | readonly string[] | null | undefined

export interface HttpRequest {
  method: HttpMethod
  url: string
  /** Lists are sent comma-separated, as the ads API expects; null and undefined are left out. */
  query?: Record<string, QueryValue>
  body?: RequestBody
  auth: RequestAuth
  timeoutMs?: number
  /** Further values to keep out of errors, e.g. a bearer token sent in the query. */
  secrets?: readonly string[]
}

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  text: string
  /** Parsed body when it is JSON, otherwise undefined. */
  json: unknown
}
