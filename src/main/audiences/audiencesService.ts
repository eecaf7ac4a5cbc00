import type { IdentifierType } from '../../shared/audiences/identifiers'
import { AppFailure, appError, invalidInput as invalid, isAppFailure } from '../../shared/errors'
import type {
  AudienceView,
  DoNotReachView,
  PermissionView,
  TargetKind,
} from '../../shared/ipc/contracts/audiences'
import { LIMITS } from '../../shared/rules/limits'
import { featureWord, permissionLevelWord } from '../../shared/platformWords'
import {
  customAudienceSchema,
  doNotReachListSchema,
  grantPermission,
  listCustomAudiences,
  listDoNotReachLists,
  listPermissions,
  listTargeted,
  revokePermission,
  type RemoteCustomAudience,
  type RemoteDoNotReachList,
  type RemotePermission,
} from '../api/audiences'
import { collectAll, paginate } from '../api/cursor'
import type { Outbox } from '../publish/outbox'
import type { Session, WithAdsContext } from '../session/session'
import { AREA, createListUploads, type AudienceDialogs } from './listUploads'
import { AUDIENCE_OPS, type UploadLive } from './operations'
import { mirroredObjects, platformOrMirror } from '../mirror/offlineReads'
import type { MirrorStore } from '../mirror/store'
import { createUploadHistory } from './uploadHistory'

export interface AudiencesServiceDeps {
  dataDir: string
  outbox: Pick<Outbox, 'enqueueOperations' | 'job' | 'cancel' | 'retry'>
  activeAccountOf: Session['activeAccountOf']
  withAdsContext: WithAdsContext
  dialogs: AudienceDialogs
  live: Map<string, UploadLive>
  now?: () => number
  /** The account mirror, read when the platform cannot be (issue 42). */
  mirror?: MirrorStore
}

/** What an audience and a do-not-reach list both show, from the platform's object and its size. */
function targetableView(
  remote: RemoteCustomAudience | RemoteDoNotReachList,
  size: number | null | undefined,
): Omit<DoNotReachView, 'updatedAt'> {
  return {
    id: remote.id,
    name: remote.name ?? remote.id,
    ...(remote.description ? { description: remote.description } : {}),
    ...(typeof size === 'number' ? { size } : {}),
    ...(typeof remote.targetable === 'boolean' ? { targetable: remote.targetable } : {}),
    reasonsNotTargetable: remote.reasons_not_targetable ?? [],
  }
}

function audienceView(remote: RemoteCustomAudience): AudienceView {
  return {
    ...targetableView(remote, remote.audience_size),
    // The spec: "check is_owner on the audience" (line 145); absent means not known to be ours.
    isOwner: remote.is_owner === true,
    ...(remote.owner_account_id ? { ownerAccountId: remote.owner_account_id } : {}),
    ...(remote.permission_level ? { permissionLevel: remote.permission_level } : {}),
    ...(remote.updated_at ? { updatedAt: remote.updated_at } : {}),
  }
}

function permissionView(remote: RemotePermission): PermissionView {
  return {
    id: remote.id,
    grantedAccountId: remote.granted_account_id,
    permissionLevel: remote.permission_level,
    ...(remote.created_at ? { createdAt: remote.created_at } : {}),
    deleted: remote.deleted === true,
  }
}

const SHARE_FEATURE: string =
  LIMITS.audiences.shareOutsideBusinessFeature.values[0] ?? 'SHARE_AUDIENCE_OUTSIDE_BUSINESS'

/** Sharing refusals say why, and what lifts the business rule (line 145). */
function explainShareFailure(error: unknown): unknown {
  if (!isAppFailure(error)) return error
  if (error.code === 'forbidden' && error.message.includes(SHARE_FEATURE))
    return new AppFailure(
      appError(
        'forbidden',
        `That account belongs to another business. An audience can be shared only between accounts of the same business, unless the owning account has the account feature “${featureWord(SHARE_FEATURE)}” — the advertiser asks the platform for it (on a sandbox account, add it under Settings → Features).`,
        { field: 'grantedAccountId' },
      ),
    )
  return error
}

/** Audiences and do-not-reach lists as the mirror last saw them; the older copy's age. */
async function mirroredAudiences(store: MirrorStore, profileId: string, accountId: string) {
  const remote = await mirroredObjects(store, profileId, accountId, 'custom_audiences', customAudienceSchema)
  const lists = await mirroredObjects(store, profileId, accountId, 'do_not_reach_lists', doNotReachListSchema)
  if (!remote || !lists) return undefined
  const asOf = remote.asOf < lists.asOf ? remote.asOf : lists.asOf
  return { remote: remote.items, lists: lists.items, mirror: { asOf } }
}

export function createAudiencesService(deps: AudiencesServiceDeps) {
  const now = deps.now ?? Date.now
  const history = createUploadHistory(deps)
  const uploads = createListUploads({ ...deps, history, now })
  const accountIdFor = (profileId: string) =>
    deps.activeAccountOf(profileId, 'audiences belong to an ad account', 'accountId')

  async function audiences(profileId: string, accountId: string): Promise<RemoteCustomAudience[]> {
    return deps.withAdsContext(profileId, (ctx) =>
      collectAll(paginate((cursor) => listCustomAudiences(ctx, accountId, { cursor, count: 200 }))),
    )
  }

  async function ownedAudience(profileId: string, accountId: string, audienceId: string) {
    const found = (await audiences(profileId, accountId)).find((audience) => audience.id === audienceId)
    if (!found) throw new AppFailure(appError('not_found', 'This audience is not visible to this ad account'))
    if (found.is_owner !== true)
      throw new AppFailure(
        appError(
          'forbidden',
          `This account does not own “${found.name ?? found.id}”${found.owner_account_id ? ` (account ${found.owner_account_id} does)` : ''}: it was shared with it${found.permission_level ? ` ${permissionLevelWord(found.permission_level)}` : ''}. Only the owning account can share it — switch to that account to change who may use it.`,
        ),
      )
    return found
  }

  return {
    async list(profileId: string) {
      const accountId = accountIdFor(profileId)
      const read = await platformOrMirror(
        async () => {
          const [remote, lists] = await Promise.all([
            audiences(profileId, accountId),
            deps.withAdsContext(profileId, (ctx) =>
              collectAll(paginate((cursor) => listDoNotReachLists(ctx, accountId, { cursor, count: 200 }))),
            ),
          ])
          return { remote, lists }
        },
        deps.mirror && (() => mirroredAudiences(deps.mirror as MirrorStore, profileId, accountId)),
      )
      const doNotReachLists: DoNotReachView[] = read.lists
        .filter((list) => !list.deleted)
        .map((list) => ({
          ...targetableView(list, list.list_size),
          ...(list.updated_at ? { updatedAt: list.updated_at } : {}),
        }))
      const uploads = await history.withJobStates((await history.load()).slice(0, 20))
      return {
        accountId,
        audiences: read.remote.filter((audience) => !audience.deleted).map(audienceView),
        doNotReachLists,
        uploads,
        ...(read.mirror ? { mirror: read.mirror } : {}),
      }
    },

    async details(profileId: string, audienceId: string) {
      const accountId = accountIdFor(profileId)
      const found = (await audiences(profileId, accountId)).find((audience) => audience.id === audienceId)
      if (!found)
        throw new AppFailure(appError('not_found', 'This audience is not visible to this ad account'))
      const targeted = await deps.withAdsContext(profileId, (ctx) =>
        collectAll(
          paginate((cursor) => listTargeted(ctx, accountId, audienceId, { withActive: false, cursor })),
        ),
      )
      let permissions: PermissionView[] = []
      let permissionsNote: string | undefined
      if (found.is_owner === true) {
        const remote = await deps.withAdsContext(profileId, (ctx) =>
          collectAll(
            paginate((cursor) =>
              listPermissions(ctx, accountId, audienceId, {
                cursor,
                count: LIMITS.audiences.permissionListCount.default,
              }),
            ),
          ),
        )
        permissions = remote.filter((permission) => permission.deleted !== true).map(permissionView)
      } else {
        permissionsNote = `Shared with this account${found.permission_level ? ` ${found.permission_level}` : ''}${found.owner_account_id ? ` by account ${found.owner_account_id}` : ''}; only the owner sees and changes who it is shared with.`
      }
      const uploads = await history.withJobStates(
        (await history.load()).filter((entry) => entry.targetId === audienceId),
      )
      return {
        permissions,
        ...(permissionsNote ? { permissionsNote } : {}),
        targeted: targeted.map((entry) => ({
          campaignId: entry.campaign_id,
          campaignName: entry.campaign_name ?? entry.campaign_id,
          lineItems: entry.line_items.map((item) => ({
            id: item.id,
            name: item.name ?? item.id,
            servable: item.servable,
          })),
        })),
        uploads,
      }
    },

    async openList(profileId: string, target: { kind: TargetKind; id: string }) {
      const accountId = accountIdFor(profileId)
      // The target must be one this account may write to, named as the platform names it.
      let name: string
      if (target.kind === 'custom_audience') {
        const found = (await audiences(profileId, accountId)).find((audience) => audience.id === target.id)
        if (!found)
          throw new AppFailure(appError('not_found', 'This audience is not visible to this ad account'))
        if (found.is_owner !== true && found.permission_level !== 'READ_WRITE')
          throw new AppFailure(
            appError(
              'forbidden',
              `“${found.name ?? found.id}” was shared with this account ${permissionLevelWord('READ_ONLY')}: it can target it but not change its members.`,
            ),
          )
        name = found.name ?? found.id
      } else {
        const lists = await deps.withAdsContext(profileId, (ctx) =>
          collectAll(paginate((cursor) => listDoNotReachLists(ctx, accountId, { cursor, count: 200 }))),
        )
        const found = lists.find((list) => list.id === target.id && !list.deleted)
        if (!found)
          throw new AppFailure(appError('not_found', 'This do-not-reach list is not in this ad account'))
        name = found.name ?? found.id
      }
      return uploads.open(profileId, accountId, { ...target, name })
    },

    checkList: (
      listId: string,
      mapping: { column: number; type: IdentifierType }[],
      defaultCountryCode?: string,
    ) => uploads.check(listId, mapping, defaultCountryCode),
    sendList: (request: Parameters<typeof uploads.send>[0]) => uploads.send(request),
    uploadProgress: (uploadId: string) => uploads.progress(uploadId),
    cancelUpload: (uploadId: string) => uploads.cancel(uploadId),
    resumeUpload: (uploadId: string) => uploads.resume(uploadId),

    async grant(
      profileId: string,
      audienceId: string,
      grantedAccountId: string,
      permissionLevel: 'READ_ONLY' | 'READ_WRITE',
    ): Promise<PermissionView> {
      const accountId = accountIdFor(profileId)
      if (grantedAccountId === accountId)
        throw invalid('This account owns the audience already', 'grantedAccountId')
      await ownedAudience(profileId, accountId, audienceId)
      try {
        const created = await deps.withAdsContext(profileId, (ctx) =>
          grantPermission(ctx, accountId, audienceId, { grantedAccountId, permissionLevel }),
        )
        return permissionView(created)
      } catch (error) {
        throw explainShareFailure(error)
      }
    },

    async revoke(profileId: string, audienceId: string, permissionId: string): Promise<PermissionView> {
      const accountId = accountIdFor(profileId)
      await ownedAudience(profileId, accountId, audienceId)
      return permissionView(
        await deps.withAdsContext(profileId, (ctx) =>
          revokePermission(ctx, accountId, audienceId, permissionId),
        ),
      )
    },

    async deleteDoNotReachList(profileId: string, listId: string, confirmName: string) {
      const accountId = accountIdFor(profileId)
      const lists = await deps.withAdsContext(profileId, (ctx) =>
        collectAll(paginate((cursor) => listDoNotReachLists(ctx, accountId, { cursor, count: 200 }))),
      )
      const found = lists.find((list) => list.id === listId && !list.deleted)
      if (!found)
        throw new AppFailure(appError('not_found', 'This do-not-reach list is not in this ad account'))
      const name = found.name ?? found.id
      if (confirmName.trim() !== name)
        throw invalid(`Type the list’s name, “${name}”, to confirm`, 'confirmName')
      const job = await deps.outbox.enqueueOperations({
        profileId,
        accountId,
        area: AREA,
        title: `Delete the do-not-reach list “${name}”`,
        steps: [{ op: AUDIENCE_OPS.deleteDoNotReachList, params: { listId, name } }],
      })
      return { job }
    },
  }
}

export type AudiencesService = ReturnType<typeof createAudiencesService>
