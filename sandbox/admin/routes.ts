import type { RequestContext, Route, Runtime } from '../context'
import { firstValue } from '../context'
import { ReplyError, json } from '../http'
import type { Reply } from '../http'
import { OUTSIDE_ACTIONS, OutsideChangeError, checkSchedule } from './outsideEdits'
import type { OutsideAction } from './outsideEdits'
import { OUTSIDE_KINDS } from './outsideKinds'
import type { OutsideKind } from './outsideKinds'
import type { World } from './world'
import { FILL_KINDS } from './fill'
import type { FillKind } from './fill'

/**
 * The sandbox's admin routes, under /__admin: not part of the platform's API. No OAuth; they
 * answer only requests from this machine (loopback peer and a loopback Host, so a web page cannot
 * reach them by DNS rebinding), and writes only with a JSON body (which a web page cannot send
 * across origins without a preflight this server never grants). Success is `{data}`, a refusal
 * `{error: {message}}`. See ADMIN_HELP for the list.
 */

export const ADMIN_PREFIX = '/__admin'

export const ADMIN_HELP = `Admin routes (loopback only, no OAuth; JSON in and out):
  GET    /__admin                              this list, the kinds and the actions
  GET    /__admin/requests?since=SEQ           request log: seq, at, method, path, route, query,
                                               body {type, fields|items, bytes}, fieldNames, status, dropped
  DELETE /__admin/requests                     empty the request log
  POST   /__admin/outside-edits                {kind, action?: edit|delete, id?, account_id?, fields?}
                                               edit or delete an object behind the app's back
  GET    /__admin/outside-edits?since=SEQ      the changes made so far, and the schedule
  PUT    /__admin/outside-edits/schedule       {every: "5s", kinds: [...] | ["all"], actions?: [edit, delete]}
  DELETE /__admin/outside-edits/schedule       stop the schedule
  POST   /__admin/fill                         {kind: cards|poll_cards|media_library, account_id, count}
                                               the world makes that many objects on the account
  PUT    /__admin/users/:user_id               {premium: true|false}: the user's subscription`

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]', '::1']

function failure(status: number, message: string): ReplyError {
  return new ReplyError(json(status, { error: { message } }))
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')
}

/** The World behind the routes, once the request has shown it comes from this machine. */
function admit(ctx: RequestContext, rt: Runtime): World {
  const hostname = ctx.host.replace(/:\d+$/, '')
  if (!isLoopbackAddress(ctx.remoteAddress) || !LOOPBACK_HOSTS.includes(hostname))
    throw failure(403, 'The admin routes answer only requests from this machine to 127.0.0.1 or localhost')
  if (ctx.method !== 'GET' && ctx.method !== 'DELETE' && ctx.contentType !== 'application/json')
    throw failure(415, 'Send the admin request as JSON with Content-Type application/json')
  if (!rt.world) throw failure(503, 'The admin routes are not available in this sandbox')
  return rt.world
}

function body(ctx: RequestContext): Record<string, unknown> {
  if (!ctx.json || typeof ctx.json !== 'object' || Array.isArray(ctx.json))
    throw failure(400, 'The body must be a JSON object')
  return ctx.json as Record<string, unknown>
}

function since(ctx: RequestContext): number {
  const text = firstValue(ctx.query, 'since') ?? '0'
  if (!/^\d{1,15}$/.test(text)) throw failure(400, 'since must be a whole number (a seq)')
  return Number(text)
}

function data(value: unknown): Reply {
  return json(200, { data: value })
}

function adminRoute(
  method: string,
  pattern: string,
  handler: (ctx: RequestContext, world: World, rt: Runtime) => Reply,
): Route {
  return {
    method,
    pattern: `${ADMIN_PREFIX}${pattern}`,
    admin: true,
    handler: (ctx, rt) => handler(ctx, admit(ctx, rt), rt),
  }
}

export const adminRoutes: Route[] = [
  adminRoute('GET', '', () => data({ help: ADMIN_HELP, kinds: OUTSIDE_KINDS, actions: OUTSIDE_ACTIONS })),
  adminRoute('GET', '/requests', (ctx, world) => {
    const entries = world.requests.after(since(ctx))
    return json(200, { data: entries, last_seq: world.requests.last })
  }),
  adminRoute('DELETE', '/requests', (_ctx, world) => data({ cleared: world.requests.clear() })),
  adminRoute('POST', '/outside-edits', (ctx, world) => {
    const { kind, action = 'edit', id, account_id: accountId, fields, ...rest } = body(ctx)
    const unknown = Object.keys(rest)
    if (unknown.length > 0) throw failure(400, `Unknown fields: ${unknown.join(', ')}`)
    if (!(OUTSIDE_KINDS as readonly unknown[]).includes(kind))
      throw failure(400, `kind must be one of ${OUTSIDE_KINDS.join(', ')}`)
    if (!(OUTSIDE_ACTIONS as readonly unknown[]).includes(action))
      throw failure(400, 'action must be edit or delete')
    if (id !== undefined && typeof id !== 'string') throw failure(400, 'id must be a string')
    if (accountId !== undefined && typeof accountId !== 'string')
      throw failure(400, 'account_id must be a string')
    if (fields !== undefined && (!fields || typeof fields !== 'object' || Array.isArray(fields)))
      throw failure(400, 'fields must be an object of field names and new values')
    try {
      return data(
        world.change({
          kind: kind as OutsideKind,
          action: action as OutsideAction,
          ...(id !== undefined ? { id } : {}),
          ...(accountId !== undefined ? { accountId } : {}),
          ...(fields !== undefined ? { fields: fields as Record<string, unknown> } : {}),
        }),
      )
    } catch (error) {
      if (error instanceof OutsideChangeError) throw failure(error.status, error.message)
      throw error
    }
  }),
  adminRoute('GET', '/outside-edits', (ctx, world) =>
    json(200, { data: world.log(since(ctx)), schedule: world.schedule ?? null }),
  ),
  adminRoute('PUT', '/outside-edits/schedule', (ctx, world) => {
    try {
      world.startSchedule(checkSchedule(body(ctx)))
    } catch (error) {
      throw failure(400, error instanceof Error ? error.message : String(error))
    }
    return data(world.schedule)
  }),
  adminRoute('DELETE', '/outside-edits/schedule', (_ctx, world) => {
    world.stopSchedule()
    return data(null)
  }),
  adminRoute('POST', '/fill', (ctx, world) => {
    const { kind, account_id: accountId, count, ...rest } = body(ctx)
    const unknown = Object.keys(rest)
    if (unknown.length > 0) throw failure(400, `Unknown fields: ${unknown.join(', ')}`)
    if (!(FILL_KINDS as readonly unknown[]).includes(kind))
      throw failure(400, `kind must be one of ${FILL_KINDS.join(', ')}`)
    if (typeof accountId !== 'string') throw failure(400, 'account_id must be a string')
    if (typeof count !== 'number') throw failure(400, 'count must be a number')
    try {
      return data(world.fill({ kind: kind as FillKind, accountId, count }))
    } catch (error) {
      if (error instanceof OutsideChangeError) throw failure(error.status, error.message)
      throw error
    }
  }),
  adminRoute('PUT', '/users/:user_id', (ctx, _world, rt) => {
    const { premium, ...rest } = body(ctx)
    if (Object.keys(rest).length > 0 || typeof premium !== 'boolean')
      throw failure(400, 'The body must be {"premium": true|false}')
    const user = rt.state.users.find((u) => u.id === ctx.params.user_id)
    if (!user) throw failure(404, `There is no user ${String(ctx.params.user_id)}`)
    user.premium = premium
    return data({ id: user.id, screen_name: user.screenName, premium: user.premium })
  }),
]
