import { AppFailure, appError, invalidInput, isAppFailure } from '../../shared/errors'
import type {
  AccountAppView,
  AccountDetailsView,
  AccountMediaDetail,
  AccountMediaView,
  HistoryEntryView,
} from '../../shared/ipc/contracts/campaign'
import {
  getAccountDetails,
  getAccountHistory,
  getAccountMedia,
  listAccountApps,
  listAccountMedia,
  type AccountMedia,
  type HistoryEntry,
  type HistoryWindow,
} from '../api/accountAdmin'
import type { AdsContext } from '../api/adsRequest'
import { mediaFetchTarget } from '../library/mediaFetchPolicy'
import { collectAll, paginate } from '../api/cursor'
import { SANDBOX_ENVIRONMENTS } from '../../shared/profiles'
import type { ProfileSummary } from '../../shared/profiles'
import type { CampaignServiceDeps } from './lineItemsService'
import { OPS } from './operations'

const MEDIA_PAGE = 200
const MAX_KNOWN_MEDIA_URLS = 2_000
/** The largest page the apps and history lists take (B:161, B:162). */
const FULL_PAGE = 1000

/** Account history is a beta for allowlisted accounts (B:162); said plainly, with what to do. */
export const NOT_ALLOWLISTED_MESSAGE =
  'This ad account is not in the account history beta: only allowlisted accounts can read their history. ' +
  'Ask your platform contact to add it.'

function refuse(message: string, field?: string): never {
  throw invalidInput(message, field)
}

function requireSandbox(profile: ProfileSummary, what: string): void {
  if (!SANDBOX_ENVIRONMENTS.includes(profile.environment)) {
    refuse(
      `${what} only on the ads sandbox — this profile is connected to ${profile.environment === 'production' ? 'production' : 'custom hosts'}`,
    )
  }
}

const mediaName = (media: AccountMedia) =>
  `${media.creative_type.toLowerCase().replace(/_/g, ' ')} ${media.id}`

function toMediaView(media: AccountMedia): AccountMediaView {
  return {
    id: media.id,
    creativeType: media.creative_type,
    ...(media.video_id ? { videoId: media.video_id } : {}),
    ...(media.media_url ? { mediaUrl: media.media_url } : {}),
    ...(media.created_at ? { createdAt: media.created_at } : {}),
  }
}

function toHistoryView(entry: HistoryEntry): HistoryEntryView {
  const userId = entry.change_by?.user_id
  const json = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as HistoryEntryView['changes']
  return {
    changeTime: entry.change_time,
    changeType: entry.change_type,
    changedBy: {
      ...(userId !== null && userId !== undefined ? { userId: String(userId) } : {}),
      ...(entry.change_by?.platform ? { platform: entry.change_by.platform } : {}),
    },
    ...(entry.entity ? { entity: entry.entity } : {}),
    ...(entry.entity_id ? { entityId: entry.entity_id } : {}),
    ...(entry.changes !== undefined && entry.changes !== null ? { changes: json(entry.changes) } : {}),
    ...(entry.entity_data ? { entityData: json(entry.entity_data) as HistoryEntryView['entityData'] } : {}),
  }
}

/**
 * Account settings, sandbox features and accounts, apps, account media and history. Reads
 * answer directly; writes are checked and queued in the outbox.
 */
export function createAccountAdminService(deps: CampaignServiceDeps) {
  /** Per account medium, the picture URL the platform gave (null: none), oldest forgotten first. */
  const knownMediaUrls = new Map<string, string | null>()
  const mediaKeyOf = (profileId: string, accountId: string, id: string) => `${profileId}\n${accountId}\n${id}`
  function remember(key: string, url: string | null | undefined): string | null {
    knownMediaUrls.delete(key)
    knownMediaUrls.set(key, url ?? null)
    if (knownMediaUrls.size > MAX_KNOWN_MEDIA_URLS) {
      const oldest = knownMediaUrls.keys().next().value
      if (oldest !== undefined) knownMediaUrls.delete(oldest)
    }
    return url ?? null
  }
  async function details(
    ctx: AdsContext & { profile: ProfileSummary },
    accountId: string,
  ): Promise<AccountDetailsView> {
    const account = await getAccountDetails(ctx, accountId)
    return {
      id: account.id,
      name: account.name ?? account.id,
      ...(account.industry_type ? { industryType: account.industry_type } : {}),
      ...(account.business_name ? { businessName: account.business_name } : {}),
      ...(account.timezone ? { timezone: account.timezone } : {}),
      ...(account.approval_status ? { approvalStatus: account.approval_status } : {}),
      sandbox: SANDBOX_ENVIRONMENTS.includes(ctx.profile.environment),
    }
  }

  return {
    details(profileId: string, accountId: string): Promise<AccountDetailsView> {
      return deps.withAdsContext(profileId, (ctx) => details(ctx, accountId))
    },

    update(
      profileId: string,
      accountId: string,
      input: { name?: string | undefined; industryType?: string | undefined },
    ) {
      const params = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.industryType !== undefined ? { industryType: input.industryType } : {}),
      }
      return deps.outbox.enqueueOperations({
        profileId,
        accountId,
        area: 'account',
        title:
          input.name !== undefined ? `Rename the account to “${input.name}”` : 'Set the account’s industry',
        steps: [{ op: OPS.accountUpdate, params }],
      })
    },

    deleteSandbox(profileId: string, accountId: string) {
      return deps.withAdsContext(profileId, async (ctx) => {
        requireSandbox(ctx.profile, 'Accounts can be deleted')
        const account = await details(ctx, accountId)
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'account',
          title: `Delete the sandbox account “${account.name}”`,
          steps: [{ op: OPS.accountDelete, params: { name: account.name } }],
        })
      })
    },

    addFeatures(profileId: string, accountId: string, featureKeys: readonly string[]) {
      return deps.withAdsContext(profileId, async (ctx) => {
        requireSandbox(ctx.profile, 'Features can be added')
        const keys = [...new Set(featureKeys)]
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'account',
          title: `Add ${keys.join(', ')}`,
          steps: [{ op: OPS.featuresAdd, params: { featureKeys: keys } }],
        })
      })
    },

    apps(profileId: string, accountId: string): Promise<AccountAppView[]> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const apps = await collectAll(
          paginate((cursor) =>
            listAccountApps(ctx, accountId, { count: FULL_PAGE, ...(cursor ? { cursor } : {}) }),
          ),
        )
        return apps
          .filter((app) => app.deleted !== true)
          .map((app) => ({
            id: app.id,
            appStoreIdentifier: app.app_store_identifier,
            ...(app.os_type ? { osType: app.os_type } : {}),
            ...(app.deep_link_pattern ? { deepLinkPattern: app.deep_link_pattern } : {}),
            ...(typeof app.conversion_tracking_enabled === 'boolean'
              ? { conversionTrackingEnabled: app.conversion_tracking_enabled }
              : {}),
          }))
      })
    },

    history(
      profileId: string,
      accountId: string,
      input: HistoryWindow & { cursor?: string | undefined },
    ): Promise<{ entries: HistoryEntryView[]; nextCursor: string | null }> {
      return deps.withAdsContext(profileId, async (ctx) => {
        try {
          const page = await getAccountHistory(ctx, accountId, {
            entityType: input.entityType,
            entityId: input.entityId,
            startTime: input.startTime,
            endTime: input.endTime,
            count: FULL_PAGE,
            ...(input.cursor ? { cursor: input.cursor } : {}),
          })
          return { entries: page.data.map(toHistoryView), nextCursor: page.nextCursor }
        } catch (error) {
          // The beta is allowlisted: a 403 here means the account is not on the list.
          if (isAppFailure(error) && error.code === 'forbidden') {
            throw new AppFailure(appError('forbidden', NOT_ALLOWLISTED_MESSAGE))
          }
          throw error
        }
      })
    },

    listMedia(
      profileId: string,
      accountId: string,
      input: { creativeTypes?: string[] | undefined; cursor?: string | undefined },
    ): Promise<{ items: AccountMediaView[]; nextCursor: string | null }> {
      return deps.withAdsContext(profileId, async (ctx) => {
        const page = await listAccountMedia(ctx, accountId, {
          count: MEDIA_PAGE,
          sortBy: 'created_at-desc',
          ...(input.creativeTypes ? { creativeTypes: input.creativeTypes } : {}),
          ...(input.cursor ? { cursor: input.cursor } : {}),
        })
        const live = page.data.filter((m) => m.deleted !== true)
        for (const media of live) remember(mediaKeyOf(profileId, accountId, media.id), media.media_url)
        return { items: live.map(toMediaView), nextCursor: page.nextCursor }
      })
    },

    /**
     * One medium read fresh, deleted ones too: the delete confirmation shows what is about to go
     * as the platform has it now, and says so when it is gone already.
     */
    media(profileId: string, accountId: string, accountMediaId: string): Promise<AccountMediaDetail> {
      return deps.withAdsContext(profileId, async (ctx) => {
        try {
          const media = await getAccountMedia(ctx, accountId, accountMediaId, { withDeleted: true })
          remember(mediaKeyOf(profileId, accountId, media.id), media.media_url)
          return {
            ...toMediaView(media),
            deleted: media.deleted === true,
            ...(media.updated_at ? { updatedAt: media.updated_at } : {}),
          }
        } catch (error) {
          if (isAppFailure(error) && error.code === 'not_found')
            throw new AppFailure(
              appError(
                'not_found',
                'This account media is not on this ad account any more: the list shows it as it is now.',
              ),
            )
          throw error
        }
      })
    },

    /** An image medium's picture, from the URL the platform gave for it; decoration, so never a failure. */
    async mediaThumbnail(
      profileId: string,
      accountId: string,
      accountMediaId: string,
    ): Promise<{ dataUrl?: string }> {
      const key = mediaKeyOf(profileId, accountId, accountMediaId)
      const thumbnails = deps.thumbnails
      if (!thumbnails) return {}
      return deps.withAdsContext(profileId, async (ctx) => {
        let url = knownMediaUrls.get(key)
        if (url === undefined)
          url = remember(key, (await getAccountMedia(ctx, accountId, accountMediaId)).media_url)
        const target = url ? mediaFetchTarget(url, ctx.profile) : undefined
        // A CDN hiccup, or an address main does not fetch from, shows the placeholder.
        const thumbnail = target ? await thumbnails.get(target).catch(() => undefined) : undefined
        return thumbnail ? { dataUrl: thumbnail.dataUrl } : {}
      })
    },

    deleteMedia(profileId: string, accountId: string, ids: readonly string[]) {
      return deps.withAdsContext(profileId, async (ctx) => {
        const unique = [...new Set(ids)]
        const page = await listAccountMedia(ctx, accountId, {
          accountMediaIds: unique,
          withDeleted: true,
          count: MEDIA_PAGE,
        })
        const steps = unique.map((id) => {
          const media = page.data.find((candidate) => candidate.id === id)
          if (!media) refuse(`Account media ${id} is not on this account — reload the list`)
          return { op: OPS.accountMediaDelete, params: { accountMediaId: id, name: mediaName(media) } }
        })
        return deps.outbox.enqueueOperations({
          profileId,
          accountId,
          area: 'account',
          title:
            steps.length === 1 ? `Delete ${steps[0]?.params.name}` : `Delete ${steps.length} account media`,
          continueOnError: true,
          steps,
        })
      })
    },
  }
}

export type AccountAdminService = ReturnType<typeof createAccountAdminService>
