import type { RequestContext } from '../context'
import { parseMultipart } from '../http'

/**
 * Every request the sandbox answered, so a test can check what a client sent: for instance that
 * an update carries only the fields that changed. Kept in memory only, newest last, at most
 * MAX_ENTRIES. OAuth protocol parameters are left out. JSON arrays (the batch uploads of hashed
 * identifiers) are logged by their length, never their values; file parts by their size.
 */
export interface LoggedBody {
  type: 'none' | 'form' | 'json' | 'multipart' | 'other'
  /** Field names and values of a form, a JSON object or a multipart body (files as `<n bytes>`). */
  fields?: Record<string, unknown>
  /** Number of items of a JSON array body. */
  items?: number
  bytes: number
}

export interface LoggedRequest {
  seq: number
  /** When the request arrived, ISO 8601 with milliseconds. */
  at: string
  method: string
  path: string
  /** The route pattern that answered, e.g. `PUT /ads/12/accounts/:account_id/cards/:card_id`; null when none did. */
  route: string | null
  query: Record<string, string | string[]>
  body: LoggedBody
  /** Names of the query and body fields together, sorted: what the request set. */
  fieldNames: string[]
  status: number
  /** The answer was never sent: the sandbox dropped the connection (fault injection). */
  dropped: boolean
}

const MAX_ENTRIES = 10_000

function pairsToObject(pairs: readonly (readonly [string, string])[]): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {}
  for (const [name, value] of pairs) {
    if (name.startsWith('oauth_')) continue
    const existing = object[name]
    object[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
  }
  return object
}

function bodyOf(ctx: RequestContext): LoggedBody {
  const bytes = ctx.body.length
  if (bytes === 0) return { type: 'none', bytes }
  if (ctx.contentType === 'application/x-www-form-urlencoded')
    return { type: 'form', fields: pairsToObject(ctx.form), bytes }
  if (ctx.contentType === 'application/json') {
    if (Array.isArray(ctx.json)) return { type: 'json', items: ctx.json.length, bytes }
    if (ctx.json && typeof ctx.json === 'object') return { type: 'json', fields: { ...ctx.json }, bytes }
    return { type: 'json', bytes }
  }
  if (ctx.contentType === 'multipart/form-data') {
    try {
      const parts = parseMultipart(ctx.body, String(ctx.headers['content-type']))
      const fields = Object.fromEntries(
        parts.map((part) => [
          part.name,
          part.filename !== undefined ? `<${part.data.length} bytes>` : part.data.toString('utf8'),
        ]),
      )
      return { type: 'multipart', fields, bytes }
    } catch {
      return { type: 'multipart', bytes }
    }
  }
  return { type: 'other', bytes }
}

export class RequestLog {
  private entries: LoggedRequest[] = []
  private seq = 0

  record(ctx: RequestContext, route: string | null, status: number, dropped: boolean): void {
    const query = pairsToObject(ctx.query)
    const body = bodyOf(ctx)
    this.seq += 1
    this.entries.push({
      seq: this.seq,
      at: new Date(ctx.now).toISOString(),
      method: ctx.method,
      path: ctx.path,
      route,
      query,
      body,
      fieldNames: [...new Set([...Object.keys(query), ...Object.keys(body.fields ?? {})])].sort(),
      status,
      dropped,
    })
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES)
  }

  /** Entries after `since` (a seq), oldest first. */
  after(since = 0): LoggedRequest[] {
    return structuredClone(this.entries.filter((entry) => entry.seq > since))
  }

  /** The seq of the newest entry, 0 when none was logged yet. */
  get last(): number {
    return this.seq
  }

  clear(): number {
    const count = this.entries.length
    this.entries = []
    return count
  }
}
