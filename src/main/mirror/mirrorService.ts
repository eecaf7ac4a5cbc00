import { AppFailure } from '../../shared/errors'
import type { EventPayloadInput } from '../../shared/ipc/events'
import type { MirrorKindStatus } from '../../shared/ipc/contracts/mirror'
import type { WithAdsContext } from '../session/session'
import { join } from 'node:path'
import { MIRROR_KINDS, type MirrorKind } from './kinds'
import { recordOf, type MirrorRecord } from './records'
import { createMirrorStore, type MirrorStore } from './store'
import { adsObjectFetcher, adsPageFetcher, refreshKind } from './sync'

export interface MirrorServiceDeps {
  store: MirrorStore
  withAdsContext: WithAdsContext
  emit: (payload: EventPayloadInput<'mirror.changed'>) => void
  sleep?: (ms: number) => Promise<void>
  /** The product sets the app made for a profile (their listing is not shown, spec part A:118). */
  productSetIds?: (profileId: string) => Promise<readonly string[]>
  now?: () => number
}

/**
 * "Get recent changes" for an ad account: one walk at a time per account (asking again while it
 * runs joins it), each kind in turn, its progress told through mirror.changed.
 */
export function createMirrorService(deps: MirrorServiceDeps) {
  const running = new Map<string, Promise<MirrorKindStatus[]>>()

  async function status(profileId: string, accountId: string): Promise<MirrorKindStatus[]> {
    const kinds: MirrorKindStatus[] = []
    for (const kind of MIRROR_KINDS) {
      const s = (await deps.store.open(profileId, accountId, kind)).status()
      kinds.push({ kind, asOf: s.asOf, count: s.count, flagged: s.flagged, pagesPending: s.run?.pages ?? 0 })
    }
    return kinds
  }

  async function walk(
    profileId: string,
    accountId: string,
    kinds: readonly MirrorKind[] = MIRROR_KINDS,
  ): Promise<MirrorKindStatus[]> {
    await deps.withAdsContext(profileId, async (ctx) => {
      const productSetIds = deps.productSetIds
      const fetchPage = adsPageFetcher(ctx, accountId, {
        ...(productSetIds ? { productSetIds: () => productSetIds(profileId) } : {}),
      })
      for (const kind of kinds) {
        const mirror = await deps.store.open(profileId, accountId, kind)
        const base = { profileId, accountId, kind }
        try {
          const done = await refreshKind(mirror, fetchPage, {
            ...(deps.sleep ? { sleep: deps.sleep } : {}),
            onProgress: ({ pages, objects, waitingSeconds }) =>
              deps.emit({
                ...base,
                pages,
                objects,
                ...(waitingSeconds !== undefined
                  ? { state: 'waiting', waitingSeconds }
                  : { state: 'fetching' }),
              }),
          })
          deps.emit({ ...base, state: 'done', pages: done.pages, objects: done.objects })
        } catch (error) {
          deps.emit({ ...base, state: 'stopped', pages: 0, objects: 0 })
          throw error instanceof AppFailure
            ? error
            : new AppFailure({
                code: 'request_failed',
                message: 'Getting recent changes stopped; what was fetched is kept — try again to go on',
              })
        }
      }
    })
    return status(profileId, accountId)
  }

  return {
    /** The mirror's own store, for the readers of offline lists. */
    store: deps.store,
    status,
    refresh(profileId: string, accountId: string): Promise<MirrorKindStatus[]> {
      const key = `${profileId}\n${accountId}`
      let run = running.get(key)
      if (!run) {
        run = walk(profileId, accountId).finally(() => running.delete(key))
        running.set(key, run)
      }
      return run
    },

    /**
     * One object read afresh from the platform and kept in the mirror, before an edit of it is
     * sent: its record as the platform has it now (`deleted` when deleted there, `missing` when it
     * is gone altogether); undefined when it is gone and was never mirrored. A kind with no read
     * by id (products) is walked whole, joining a walk already under way.
     */
    async refreshBeforeEdit(
      profileId: string,
      accountId: string,
      kind: MirrorKind,
      id: string,
    ): Promise<MirrorRecord | undefined> {
      const mirror = await deps.store.open(profileId, accountId, kind)
      const raw = await deps.withAdsContext(profileId, (ctx) => adsObjectFetcher(ctx, accountId)(kind, id))
      if (raw === undefined) {
        const key = `${profileId}\n${accountId}`
        const under = running.get(key)
        if (under) await under
        else {
          const run = walk(profileId, accountId, [kind]).finally(() => running.delete(key))
          running.set(key, run)
          await run
        }
        return mirror.readRecord(id)
      }
      const fetchedAt = new Date((deps.now ?? Date.now)()).toISOString()
      if (raw === null) {
        const known = await mirror.readRecord(id)
        if (!known) return undefined
        const gone = { ...known, fetchedAt, missing: true }
        await mirror.putRecord(gone)
        return gone
      }
      const record = recordOf(kind, raw, fetchedAt)
      await mirror.putRecord(record)
      return record
    },
  }
}

export type MirrorService = ReturnType<typeof createMirrorService>

/** The mirror in the data folder: `mirror/` for the accounts, `mirror-quarantine/` for damaged files. */
export function createAccountMirror(dataDir: string, deps: Omit<MirrorServiceDeps, 'store'>) {
  const store = createMirrorStore({
    root: join(dataDir, 'mirror'),
    quarantineDir: join(dataDir, 'mirror-quarantine'),
  })
  return createMirrorService({ store, ...deps })
}
