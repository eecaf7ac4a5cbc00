import type { RequestContext, Route, Runtime } from '../context'
import { json } from '../http'
import type { AdsRecord } from '../state'
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
import {
  DO_NOT_REACH_IDENTIFIERS,
  activeMemberCount,
  applyOperations,
  checkOperations,
  readOperationArray,
  targetability,
} from './audienceUploads'

/**
 * Do-not-reach lists (spec part A). The spec shows the batch user upload and DELETE; creating,
 * listing and updating lists are "not shown". The sandbox seeds lists per account
 * (seedAudiences.ts) and, like the real platform's public API, lists them at
 * GET accounts/:account_id/do_not_reach_lists (count 1-1000 default 200, cursor, sort_by,
 * with_deleted, with_total_count) and reads one at .../do_not_reach_lists/:id, with the spec's
 * fields. list_size is the exact number of active members. The upload's batch limits and rate
 * limit are not shown: the sandbox applies the custom audience upload's batch limits (2,500
 * operations, 5,000,000 bytes) and the common per-endpoint rate limit.
 */

const LIST_SPEC: ListSpec = {
  countDefault: 200,
  countMax: 1000,
  withTotalCount: true,
  sortable: ['created_at', 'updated_at', 'name'],
}

export function presentDoNotReachList(record: AdsRecord, now: number): unknown {
  const size = activeMemberCount(record, now)
  return {
    id: record.id,
    name: record.name,
    description: record.description ?? null,
    ...targetability(record, size, now),
    list_size: size,
    created_at: record.created_at,
    updated_at: record.updated_at,
    deleted: record.deleted,
  }
}

function findList(ctx: RequestContext, rt: Runtime, caller: AdsCaller, withDeleted = false): AdsRecord {
  const id = ctx.params.do_not_reach_list_id
  const record = rt.state.doNotReachLists.find(
    (l) => l.id === id && l._account === accountIdOf(caller) && (withDeleted || !l.deleted),
  )
  if (!record) throw notFound(ctx, `Do-not-reach list ${id}`)
  return record
}

export const doNotReachListRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/accounts/:account_id/do_not_reach_lists',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, listParameterNames(LIST_SPEC))
      const list = readList(input, LIST_SPEC)
      input.finish()
      const own = rt.state.doNotReachLists.filter((l) => l._account === accountIdOf(caller))
      return listReply(ctx, rt, caller, own, list, 'id', (l) => presentDoNotReachList(l, ctx.now))
    },
  },
  {
    method: 'GET',
    pattern: '/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const input = new AdsInput(ctx, ['with_deleted'])
      const withDeleted = input.bool('with_deleted', false)
      input.finish()
      return single(ctx, presentDoNotReachList(findList(ctx, rt, caller, withDeleted), ctx.now))
    },
  },
  {
    method: 'DELETE',
    pattern: '/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      new AdsInput(ctx, []).finish()
      const record = findList(ctx, rt, caller)
      record.deleted = true
      touch(record, ctx.now)
      return single(ctx, presentDoNotReachList(record, ctx.now))
    },
  },
  {
    method: 'POST',
    pattern: '/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users',
    handler: (ctx, rt) => {
      const caller = adsCaller(ctx, rt)
      const record = findList(ctx, rt, caller)
      const operations = checkOperations(ctx, readOperationArray(ctx), {
        identifiers: DO_NOT_REACH_IDENTIFIERS,
        effectiveAt: false,
        expiresAfter: 'now',
      })
      const applied = applyOperations(ctx, rt, record, 'do_not_reach_list', operations)
      // Spec: `data` holds {success_count, total_count} per operation, and `request` one entry
      // per operation with the echoed parameters and operation_type.
      return json(200, {
        data: applied.perOperation.map((count) => ({ success_count: count, total_count: count })),
        request: operations.map((op) => ({
          params: {
            do_not_reach_list_id: record.id,
            expires_at: op.expiresAtText,
            account_id: accountIdOf(caller),
          },
          operation_type: op.operationType,
        })),
      })
    },
  },
]
