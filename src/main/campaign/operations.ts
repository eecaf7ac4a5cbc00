import { z } from 'zod'
import type { AppFailure } from '../../shared/errors'
import { lineItemPatchSchema } from '../../shared/ipc/contracts/campaign'
import { ACCOUNT_LIMITS } from '../../shared/rules/accountLimits'
import type { LineItemPatch } from '../../shared/rules/lineItems'
import { collectAll, paginate } from '../api/cursor'
import {
  addSandboxFeatures,
  deleteAccountMedia,
  deleteSandboxAccount,
  updateAccount,
} from '../api/accountAdmin'
import {
  createLineItemCuratedCategory,
  deleteLineItem,
  deleteLineItemCuratedCategory,
  listLineItemCuratedCategories,
  updateLineItem,
  updateLineItemCuratedCategory,
} from '../api/lineItems'
import type { JobEnv } from '../publish/executor'
import type { Json } from '../publish/job'
import type { AnyOperationExecutor, OperationExecutor } from '../publish/operations/types'

/**
 * The writes of the campaign side of an account, as outbox executors (see
 * publish/operations/types.ts). Their services validate with full context before queueing;
 * these only send. Every PUT and DELETE here is repeatable; the one creating POST (attach a
 * curated category) reconciles before it is sent again.
 */

const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)
/** What a person calls the object, for the step label; never sent. */
const label = z.string().max(300)

/** A 404 on a delete means it is gone already: the goal is reached, and the outbox says so. */
function goneAlready<R extends Json>(result: (params: never) => R) {
  return (error: AppFailure, params: never): R | undefined =>
    error.code === 'not_found' ? result(params) : undefined
}

const quote = (name: string) => `“${name}”`

const lineItemUpdate: OperationExecutor<
  { lineItemId: string; name: string; patch: LineItemPatch },
  { id: string; entityStatus: string | null }
> = {
  op: 'lineItem.update',
  params: z.object({ lineItemId: id, name: label, patch: lineItemPatchSchema }).strict(),
  label: ({ name, patch }) => {
    const fields = Object.keys(patch)
    if (fields.length === 1 && patch.entity_status === 'PAUSED') return `Pause ${quote(name)}`
    if (fields.length === 1 && patch.entity_status === 'ACTIVE') return `Activate ${quote(name)}`
    return `Update ${quote(name)}`
  },
  retry: 'repeatable',
  async run(env, { params }) {
    const item = await updateLineItem(env.ctx, env.accountId, params.lineItemId, params.patch)
    return { id: item.id, entityStatus: item.entity_status ?? null }
  },
}

type Deleted = { id: string; alreadyDeleted: boolean }

/**
 * A DELETE of one object by id. Spec: "repeat call returns HTTP 404", and the service checked
 * the id was the account's: a 404 means it is deleted already.
 */
function deletion<P extends { name: string }>(
  op: string,
  params: z.ZodType<P>,
  idOf: (params: P) => string,
  label: (params: P) => string,
  remove: (env: JobEnv, id: string) => Promise<{ id: string }>,
): OperationExecutor<P, Deleted> {
  return {
    op,
    params,
    label,
    retry: 'repeatable',
    async run(env, { params }) {
      return { id: (await remove(env, idOf(params))).id, alreadyDeleted: false }
    },
    alreadyDone: goneAlready((params: P) => ({ id: idOf(params), alreadyDeleted: true })),
  }
}

const lineItemDelete = deletion(
  'lineItem.delete',
  z.object({ lineItemId: id, name: label }).strict(),
  (params) => params.lineItemId,
  ({ name }) => `Delete ${quote(name)}`,
  (env, lineItemId) => deleteLineItem(env.ctx, env.accountId, lineItemId),
)

const categoryAttach: OperationExecutor<
  { lineItemId: string; curatedCategoryId: string; lineItemName: string; categoryName: string },
  { id: string }
> = {
  op: 'lineItemCuratedCategory.create',
  params: z
    .object({ lineItemId: id, curatedCategoryId: id, lineItemName: label, categoryName: label })
    .strict(),
  label: ({ lineItemName, categoryName }) => `Attach ${quote(categoryName)} to ${quote(lineItemName)}`,
  retry: 'reconcile',
  async run(env, { params }) {
    const link = await createLineItemCuratedCategory(env.ctx, env.accountId, params)
    return { id: link.id }
  },
  /** After a lost answer: a live link between the two that no job recorded is the one it made. */
  async reconcile(env, { params }) {
    const claimed = env.claimed()
    const links = await collectAll(
      paginate((cursor) =>
        listLineItemCuratedCategories(env.ctx, env.accountId, { count: 1000, ...(cursor ? { cursor } : {}) }),
      ),
    )
    const found = links.find(
      (link) =>
        link.deleted !== true &&
        link.line_item_id === params.lineItemId &&
        link.curated_category_id === params.curatedCategoryId &&
        !claimed.has(link.id),
    )
    return found ? { id: found.id } : undefined
  },
  createdIds: (result) => [result.id],
}

const categoryDetach: OperationExecutor<{ linkId: string; name: string }, Deleted> = {
  op: 'lineItemCuratedCategory.delete',
  params: z.object({ linkId: id, name: label }).strict(),
  label: ({ name }) => `Detach ${quote(name)}`,
  retry: 'repeatable',
  async run(env, { params }) {
    const link = await deleteLineItemCuratedCategory(env.ctx, env.accountId, params.linkId)
    return { id: link.id, alreadyDeleted: false }
  },
  alreadyDone: goneAlready((params: { linkId: string }) => ({ id: params.linkId, alreadyDeleted: true })),
}

/**
 * Another curated category in place of an attached one (PUT, B:200). It sets one field to one
 * value, so sending it again after a lost answer changes nothing more.
 */
const categoryChange: OperationExecutor<
  {
    linkId: string
    lineItemId: string
    curatedCategoryId: string
    lineItemName: string
    fromName: string
    toName: string
  },
  { id: string; curatedCategoryId: string }
> = {
  op: 'lineItemCuratedCategory.update',
  params: z
    .object({
      linkId: id,
      lineItemId: id,
      curatedCategoryId: id,
      lineItemName: label,
      fromName: label,
      toName: label,
    })
    .strict(),
  label: ({ fromName, toName, lineItemName }) =>
    `Change ${quote(fromName)} to ${quote(toName)} on ${quote(lineItemName)}`,
  retry: 'repeatable',
  async run(env, { params }) {
    const link = await updateLineItemCuratedCategory(env.ctx, env.accountId, params.linkId, {
      curatedCategoryId: params.curatedCategoryId,
    })
    return { id: link.id, curatedCategoryId: link.curated_category_id }
  },
}

const accountUpdate: OperationExecutor<
  { name?: string | undefined; industryType?: string | undefined },
  { name: string | null; industryType: string | null }
> = {
  op: 'account.update',
  params: z
    .object({
      name: z.string().min(1).max(255).optional(),
      industryType: z.enum(ACCOUNT_LIMITS.industryTypes.values as [string, ...string[]]).optional(),
    })
    .strict(),
  label: ({ name, industryType }) => {
    if (name === undefined) return `Set the account’s industry to ${industryType}`
    return industryType
      ? `Rename the account to ${quote(name)}, industry ${industryType}`
      : `Rename the account to ${quote(name)}`
  },
  retry: 'repeatable',
  async run(env, { params }) {
    const account = await updateAccount(env.ctx, env.accountId, {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.industryType !== undefined ? { industryType: params.industryType } : {}),
    })
    return { name: account.name ?? null, industryType: account.industry_type ?? null }
  },
}

const accountDelete: OperationExecutor<{ name: string }, Deleted> = {
  op: 'account.deleteSandbox',
  params: z.object({ name: label }).strict(),
  label: ({ name }) => `Delete the sandbox account ${quote(name)}`,
  retry: 'repeatable',
  async run(env) {
    const account = await deleteSandboxAccount(env.ctx, env.accountId)
    return { id: account.id, alreadyDeleted: false }
  },
  alreadyDone: (error) => (error.code === 'not_found' ? { id: '', alreadyDeleted: true } : undefined),
}

const featuresAdd: OperationExecutor<{ featureKeys: string[] }, { features: string[] | null }> = {
  op: 'account.addFeatures',
  params: z
    .object({
      featureKeys: z
        .array(z.string().regex(/^[A-Z0-9_]{1,80}$/))
        .min(1)
        .max(30),
    })
    .strict(),
  label: ({ featureKeys }) => `Add ${featureKeys.join(', ')}`,
  // Granting a feature the account has is a no-op on the platform: sending again is safe.
  retry: 'repeatable',
  async run(env, { params }) {
    return { features: (await addSandboxFeatures(env.ctx, env.accountId, params.featureKeys)) ?? null }
  },
}

const accountMediaDelete = deletion(
  'accountMedia.delete',
  z.object({ accountMediaId: id, name: label }).strict(),
  (params) => params.accountMediaId,
  ({ name }) => `Delete ${name}`,
  (env, accountMediaId) => deleteAccountMedia(env.ctx, env.accountId, accountMediaId),
)

export const CAMPAIGN_OPERATIONS: readonly AnyOperationExecutor[] = [
  lineItemUpdate,
  lineItemDelete,
  categoryAttach,
  categoryDetach,
  categoryChange,
  accountUpdate,
  accountDelete,
  featuresAdd,
  accountMediaDelete,
]

/** The op names, for the services that queue them. */
export const OPS = {
  lineItemUpdate: lineItemUpdate.op,
  lineItemDelete: lineItemDelete.op,
  categoryAttach: categoryAttach.op,
  categoryDetach: categoryDetach.op,
  categoryChange: categoryChange.op,
  accountUpdate: accountUpdate.op,
  accountDelete: accountDelete.op,
  featuresAdd: featuresAdd.op,
  accountMediaDelete: accountMediaDelete.op,
} as const
