import type { RequestContext, Route, Runtime } from '../context'
import type { AdsRecord, CollectionName } from '../state'
import { touch } from '../state'
import {
  AdsInput,
  accountIdOf,
  adsCaller,
  listParameterNames,
  listReply,
  notFound,
  readList,
  single,
} from './core'
import type { AdsCaller, ListSpec } from './core'

/** Records of one collection that belong to an account and are addressed by a path parameter. */
export interface OwnedResource {
  collection: CollectionName
  /** Names the record in the 404 message: `<label> <id> was not found`. */
  label: string
  /** Path parameter that carries the record's id. */
  idParam: string
  /** Record field the path parameter is matched against; `id` unless given. */
  idKey?: string
}

/** The caller's record named by the path, or a 404; deleted records count only with `withDeleted`. */
export function findOwned(
  ctx: RequestContext,
  rt: Runtime,
  caller: AdsCaller,
  resource: OwnedResource,
  withDeleted = false,
): AdsRecord {
  const id = ctx.params[resource.idParam]
  const idKey = resource.idKey ?? 'id'
  const accountId = accountIdOf(caller)
  const record = rt.state[resource.collection].find(
    (r) => r._account === accountId && r[idKey] === id && (withDeleted || !r.deleted),
  )
  if (!record) throw notFound(ctx, `${resource.label} ${id}`)
  return record
}

/** GET one record; `with_deleted` is its only parameter unless `withDeleted: false`. */
export function getOwnedRoute(
  pattern: string,
  resource: OwnedResource,
  options: { withDeleted?: boolean; present?: (record: AdsRecord) => unknown } = {},
): Route {
  const acceptsWithDeleted = options.withDeleted !== false
  const present = options.present ?? ((record: AdsRecord): unknown => record)
  return {
    method: 'GET',
    pattern,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, acceptsWithDeleted ? ['with_deleted'] : [])
      const withDeleted = acceptsWithDeleted ? input.bool('with_deleted', false) : false
      input.finish()
      return single(ctx, present(findOwned(ctx, rt, caller, resource, withDeleted)))
    },
  }
}

/**
 * DELETE marks the record deleted and answers with it; a record already deleted is a 404.
 * `afterDelete` runs once the record is marked (e.g. to write history).
 */
export function deleteOwnedRoute(
  pattern: string,
  resource: OwnedResource,
  afterDelete?: (ctx: RequestContext, rt: Runtime, caller: AdsCaller, record: AdsRecord) => void,
): Route {
  return {
    method: 'DELETE',
    pattern,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const record = findOwned(ctx, rt, caller, resource)
      record.deleted = true
      touch(record, ctx.now)
      afterDelete?.(ctx, rt, caller, record)
      return single(ctx, record)
    },
  }
}

export interface ListRouteOptions<Filters> {
  pattern: string
  spec: ListSpec
  /** Parameters besides the list ones (count, cursor, sort_by, with_deleted, with_total_count). */
  filterParameters?: readonly string[]
  /** Reads the filter parameters; it runs before the list parameters, so its issues come first. */
  readFilters?: (input: AdsInput) => Filters
  /** Candidate records; deleted ones are dropped later unless with_deleted=true. */
  records: (rt: Runtime, caller: AdsCaller, filters: Filters) => readonly AdsRecord[]
  idKey?: string
  present?: (rt: Runtime, record: AdsRecord, filters: Filters) => unknown
}

/** GET a page of records in the common list envelope (data, next_cursor, optional total_count). */
export function listRoute<Filters>(options: ListRouteOptions<Filters>): Route {
  const parameters = [...(options.filterParameters ?? []), ...listParameterNames(options.spec)]
  return {
    method: 'GET',
    pattern: options.pattern,
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, parameters)
      const filters = options.readFilters?.(input) as Filters
      const list = readList(input, options.spec)
      input.finish()
      const records = options.records(rt, caller, filters)
      const present = options.present
      return listReply(
        ctx,
        rt,
        caller,
        records,
        list,
        options.idKey,
        present ? (record) => present(rt, record, filters) : undefined,
      )
    },
  }
}

/** All of the account's records in a collection, unfiltered. */
export function accountRecords(rt: Runtime, caller: AdsCaller, collection: CollectionName): AdsRecord[] {
  return rt.state[collection].filter((r) => r._account === accountIdOf(caller))
}

/**
 * The `<ids>` list (up to 200) and `q` name-prefix filters that several lists share, read in
 * that order; the result tells whether a record passes both.
 */
export function readIdsAndName(
  input: AdsInput,
  idsParameter: string,
  nameMax: number,
): (record: AdsRecord) => boolean {
  const ids = input.list(idsParameter, { max: 200 })
  const q = input.string('q', { max: nameMax })?.toLowerCase()
  return (record) =>
    (!ids || ids.includes(record.id as string)) &&
    (q === undefined || String(record.name).toLowerCase().startsWith(q))
}
