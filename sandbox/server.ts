import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { RequestContext, Runtime } from './context'
import type { FaultCounts } from './faults'
import { ReplyError, json, legacyError, readBody } from './http'
import type { Reply } from './http'
import { ORIGIN_MARK } from './media'
import { parseFormPairs } from './oauth1'
import { buildRouter } from './routes'
import type { RouteMatch } from './router'

/** Large enough for a 5 MB APPEND segment encoded as multipart or base64. */
const MAX_BODY_BYTES = 16 * 1024 * 1024

export interface ServerHooks {
  random: () => number
  faultCounts: FaultCounts
  /** Called after every request that may have changed state. */
  persist: () => void
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function notFoundReply(path: string): Reply {
  if (path.startsWith('/ads')) {
    return json(404, {
      errors: [{ code: 'ROUTE_NOT_FOUND', message: `No route matches ${path}` }],
      request: { params: {} },
    })
  }
  return legacyError(404, 34, 'Sorry, that page does not exist.').reply
}

function buildContext(req: IncomingMessage, body: Buffer, fallbackHost: string): RequestContext {
  const rawUrl = req.url ?? '/'
  const queryStart = rawUrl.indexOf('?')
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart)
  const query = queryStart === -1 ? [] : parseFormPairs(rawUrl.slice(queryStart + 1))
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const host = req.headers.host ?? fallbackHost
  let parsedJson: unknown
  if (contentType === 'application/json') {
    try {
      parsedJson = JSON.parse(body.toString('utf8'))
    } catch {
      parsedJson = undefined
    }
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    scheme: 'http',
    path,
    host,
    remoteAddress: req.socket.remoteAddress ?? '',
    origin: `http://${host}`,
    headers: req.headers,
    query,
    body,
    contentType,
    form: contentType === 'application/x-www-form-urlencoded' ? parseFormPairs(body.toString('utf8')) : [],
    json: parsedJson,
    params: {},
    routeKey: '',
    responseHeaders: {},
    now: Date.now(),
  }
}

/** Decides, before the handler runs, whether a fault replaces the response; undefined means none. */
function injectedFault(ctx: RequestContext, rt: Runtime, hooks: ServerHooks): Reply | undefined {
  const faults = rt.faults
  if (faults.force429 === true || (typeof faults.force429 === 'number' && faults.force429 > 0)) {
    if (typeof faults.force429 === 'number') faults.force429 -= 1
    hooks.faultCounts.forced429 += 1
    const reply = legacyError(429, 88, 'Rate limit exceeded').reply
    return {
      ...reply,
      headers: {
        ...reply.headers,
        'x-rate-limit-limit': String(rt.limits.requestsPerWindow),
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(Math.ceil(ctx.now / 1000) + 1),
      },
    }
  }
  if (faults.errorRate > 0 && hooks.random() < faults.errorRate) {
    hooks.faultCounts.errors += 1
    return hooks.random() < 0.5
      ? legacyError(500, 131, 'Internal error (injected by the sandbox).').reply
      : legacyError(503, 130, 'Over capacity (injected by the sandbox).').reply
  }
  return undefined
}

function faultsApply(rt: Runtime, method: string, path: string, match: RouteMatch | undefined): boolean {
  if (match?.route.page || match?.route.admin) return false
  const pattern = rt.faults.pathPattern
  return pattern === undefined || new RegExp(pattern).test(`${method} ${path}`)
}

function send(res: ServerResponse, reply: Reply, extraHeaders: Record<string, string>, origin: string): void {
  let body = reply.body
  if (typeof body === 'string' && body.includes(ORIGIN_MARK)) body = body.replaceAll(ORIGIN_MARK, origin)
  res.statusCode = reply.status
  for (const [name, value] of Object.entries({ ...extraHeaders, ...reply.headers }))
    res.setHeader(name, value)
  res.end(body)
}

export function createSandboxServer(rt: Runtime, hooks: ServerHooks, fallbackHost: () => string): Server {
  const router = buildRouter()
  const server = createServer((req, res) => {
    // Every response carries Date (Node's default), which clients use to correct clock skew (code 135).
    res.sendDate = true
    void handle(req, res)
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let reply: Reply
    let ctx: RequestContext | undefined
    let match: RouteMatch | undefined
    let applyFaults = false
    try {
      const body = await readBody(req, MAX_BODY_BYTES)
      ctx = buildContext(req, body, fallbackHost())
      match = router.match(ctx.method, ctx.path)
      applyFaults = faultsApply(rt, ctx.method, ctx.path, match)
      if (applyFaults && rt.faults.latencyMs > 0) await sleep(rt.faults.latencyMs)
      const fault = applyFaults ? injectedFault(ctx, rt, hooks) : undefined
      if (fault) reply = fault
      else if (!match) reply = notFoundReply(ctx.path)
      else {
        ctx.params = match.params
        ctx.routeKey = match.key
        reply = await match.route.handler(ctx, rt)
      }
    } catch (error) {
      if (error instanceof ReplyError) reply = error.reply
      else {
        console.error('[sandbox] handler failed:', error)
        reply = legacyError(500, 131, 'Internal error.').reply
      }
    }
    if (ctx && ctx.method !== 'GET') hooks.persist()
    const drop =
      applyFaults && rt.faults.dropAfterCommitRate > 0 && hooks.random() < rt.faults.dropAfterCommitRate
    if (ctx && !match?.route.admin) rt.world?.requests.record(ctx, match?.key ?? null, reply.status, drop)
    if (drop) {
      hooks.faultCounts.drops += 1
      req.socket.destroy()
      return
    }
    send(res, reply, ctx?.responseHeaders ?? {}, ctx?.origin ?? `http://${fallbackHost()}`)
  }

  return server
}
