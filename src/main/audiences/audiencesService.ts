import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { DO_NOT_REACH_TYPES, IDENTIFIER_TYPES, type IdentifierType } from '../../shared/audiences/identifiers'
import { AppFailure, appError, isAppFailure } from '../../shared/errors'
import type {
  AudienceView,
  DoNotReachView,
  ListReport,
  PermissionView,
  TargetKind,
  UploadHistoryEntry,
  UploadProgress,
} from '../../shared/ipc/contracts/audiences'
import type { OutboxJobView } from '../../shared/ipc/contracts/outbox'
import type { ProfileSummary } from '../../shared/profiles'
import { plural } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'
import {
  grantPermission,
  listCustomAudiences,
  listDoNotReachLists,
  listPermissions,
  listTargeted,
  revokePermission,
  type RemoteCustomAudience,
  type RemotePermission,
} from '../api/audiences'
import { collectAll, paginate } from '../api/cursor'
import { writeFileAtomic } from '../drafts/atomicFile'
import { parseJson, readStoreFile } from '../files/storeFile'
import type { WithAdsContext } from '../library/libraryService'
import { reportInWorker } from './hashWorkerClient'
import { openList, type OpenedList } from './listFile'
import { refuse } from './listLines'
import { AUDIENCE_OPS, type UploadLive, type UploadParams } from './operations'
import { assertUnchanged, type ListLayout } from './scanner'

/** The native "choose a customer list" dialog (Electron's in the app, scripted in tests). */
export interface AudienceDialogs {
  chooseListFile(): Promise<string | null>
}

export interface AudienceOutbox {
  enqueueOperations(request: {
    profileId: string
    accountId: string
    area: string
    title: string
    steps: { op: string; params: unknown }[]
  }): Promise<OutboxJobView>
  job(jobId: string): Promise<OutboxJobView>
}

export interface AudiencesServiceDeps {
  dataDir: string
  outbox: AudienceOutbox
  profile(profileId: string): ProfileSummary | undefined
  withAdsContext: WithAdsContext
  dialogs: AudienceDialogs
  live: Map<string, UploadLive>
  now?: () => number
}

interface ListSession {
  id: string
  profileId: string
  accountId: string
  target: { kind: TargetKind; id: string; name: string }
  opened: OpenedList
  checked?: { layout: ListLayout; report: ListReport }
}

const AREA = 'audiences'
const MAX_SESSIONS = 3
const HISTORY_MAX = 500
/** 500 entries of names, counts and ids: a few hundred kilobytes at most. */
const MAX_HISTORY_BYTES = 8 * 1024 * 1024

const invalid = (message: string, field?: string) =>
  new AppFailure(appError('invalid_input', message, field ? { field } : {}))

/** ISO 8601 UTC to the second, as the platform writes timestamps (line 63). */
function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

function addMonths(ms: number, months: number): number {
  const date = new Date(ms)
  date.setUTCMonth(date.getUTCMonth() + months)
  return date.getTime()
}

function audienceView(remote: RemoteCustomAudience): AudienceView {
  return {
    id: remote.id,
    name: remote.name ?? remote.id,
    ...(remote.description ? { description: remote.description } : {}),
    ...(typeof remote.audience_size === 'number' ? { size: remote.audience_size } : {}),
    ...(typeof remote.targetable === 'boolean' ? { targetable: remote.targetable } : {}),
    reasonsNotTargetable: remote.reasons_not_targetable ?? [],
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
        `That account belongs to another business. An audience can be shared only between accounts of the same business, unless the owning account has the ${SHARE_FEATURE} feature — the advertiser asks the platform for it (on a sandbox account, add it under Settings → Features).`,
        { field: 'grantedAccountId' },
      ),
    )
  return error
}

export function createAudiencesService(deps: AudiencesServiceDeps) {
  const now = deps.now ?? Date.now
  const sessions = new Map<string, ListSession>()
  const historyPath = join(deps.dataDir, 'audiences', 'uploads.json')
  let history: UploadHistoryEntry[] | undefined

  async function loadHistory(): Promise<UploadHistoryEntry[]> {
    if (history) return history
    const parsed = await readStoreFile(historyPath, {
      maxBytes: MAX_HISTORY_BYTES,
      parse: (text) => {
        const value = parseJson(text)
        return Array.isArray(value) ? (value as UploadHistoryEntry[]) : undefined
      },
    })
    history = parsed ?? []
    return history
  }

  /** History holds the file's name, counts and ids — never a row. */
  async function addHistory(entry: UploadHistoryEntry): Promise<void> {
    const list = await loadHistory()
    list.unshift(entry)
    if (list.length > HISTORY_MAX) list.length = HISTORY_MAX
    await mkdir(join(deps.dataDir, 'audiences'), { recursive: true })
    await writeFileAtomic(historyPath, JSON.stringify(list))
  }

  async function withJobStates(entries: UploadHistoryEntry[]): Promise<UploadHistoryEntry[]> {
    return Promise.all(
      entries.map(async (entry) => {
        const job = await deps.outbox.job(entry.jobId).catch(() => undefined)
        return job ? { ...entry, state: job.state } : entry
      }),
    )
  }

  function accountIdFor(profileId: string): string {
    const profile = deps.profile(profileId)
    if (!profile) throw new AppFailure(appError('not_found', 'That profile no longer exists'))
    if (!profile.activeAccountId)
      throw invalid('Choose an ad account first: audiences belong to an ad account', 'accountId')
    return profile.activeAccountId
  }

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
          `This account does not own “${found.name ?? found.id}”${found.owner_account_id ? ` (account ${found.owner_account_id} does)` : ''}: it was shared with it${found.permission_level ? ` ${found.permission_level}` : ''}. Only the owning account can share it — switch to that account to change who may use it.`,
        ),
      )
    return found
  }

  function session(listId: string): ListSession {
    const found = sessions.get(listId)
    if (!found) throw invalid('This list is no longer open. Choose the file again.')
    return found
  }

  function checkDates(
    kind: TargetKind,
    effectiveAt: string | undefined,
    expiresAt: string | undefined,
  ): { effectiveAt?: string; expiresAt?: string } {
    const current = now()
    if (kind === 'do_not_reach_list' && effectiveAt)
      throw invalid('Do-not-reach lists take no start time: members count from the upload on', 'effectiveAt')
    const effective = effectiveAt ? Date.parse(effectiveAt) : undefined
    const expires = expiresAt ? Date.parse(expiresAt) : undefined
    if (expires !== undefined) {
      const floor = effective ?? current
      if (expires <= floor)
        throw invalid(
          effective !== undefined ? 'The end must be later than the start' : 'The end must be in the future',
          'expiresAt',
        )
    }
    const out: { effectiveAt?: string; expiresAt?: string } = {}
    if (effective !== undefined) out.effectiveAt = isoSeconds(effective)
    if (expires !== undefined) out.expiresAt = isoSeconds(expires)
    // A do-not-reach upload always names its expiry: one parameter list marks it required
    // (line 169); the default is the spec's, 13 months from now.
    else if (kind === 'do_not_reach_list')
      out.expiresAt = isoSeconds(addMonths(current, LIMITS.audiences.expiresDefaultMonths.value))
    return out
  }

  return {
    async list(profileId: string) {
      const accountId = accountIdFor(profileId)
      const [remote, lists] = await Promise.all([
        audiences(profileId, accountId),
        deps.withAdsContext(profileId, (ctx) =>
          collectAll(paginate((cursor) => listDoNotReachLists(ctx, accountId, { cursor, count: 200 }))),
        ),
      ])
      const doNotReachLists: DoNotReachView[] = lists
        .filter((list) => !list.deleted)
        .map((list) => ({
          id: list.id,
          name: list.name ?? list.id,
          ...(list.description ? { description: list.description } : {}),
          ...(typeof list.list_size === 'number' ? { size: list.list_size } : {}),
          ...(typeof list.targetable === 'boolean' ? { targetable: list.targetable } : {}),
          reasonsNotTargetable: list.reasons_not_targetable ?? [],
          ...(list.updated_at ? { updatedAt: list.updated_at } : {}),
        }))
      const uploads = await withJobStates((await loadHistory()).slice(0, 20))
      return {
        accountId,
        audiences: remote.filter((audience) => !audience.deleted).map(audienceView),
        doNotReachLists,
        uploads,
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
      const uploads = await withJobStates(
        (await loadHistory()).filter((entry) => entry.targetId === audienceId),
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
              `“${found.name ?? found.id}” was shared with this account READ_ONLY: it can target it but not change its members.`,
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
      const path = await deps.dialogs.chooseListFile()
      if (!path) return { picked: false as const }
      const allowed: readonly IdentifierType[] =
        target.kind === 'do_not_reach_list' ? DO_NOT_REACH_TYPES : IDENTIFIER_TYPES
      const opened = await openList(path, allowed)
      const id = randomUUID()
      for (const [other, open] of sessions) if (open.profileId === profileId) sessions.delete(other)
      sessions.set(id, { id, profileId, accountId, target: { ...target, name }, opened })
      while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string)
      return {
        picked: true as const,
        listId: id,
        fileName: opened.fileName,
        sizeBytes: opened.size,
        hasHeader: opened.hasHeader,
        columns: opened.columns,
        mapping: Object.entries(opened.mapping).map(([column, type]) => ({
          column: Number(column),
          type: type as IdentifierType,
        })),
        allowedTypes: [...allowed],
      }
    },

    async checkList(
      listId: string,
      mapping: { column: number; type: IdentifierType }[],
      defaultCountryCode?: string,
    ): Promise<ListReport> {
      const open = session(listId)
      if (mapping.length === 0) throw invalid('Map at least one column to an identifier type', 'mapping')
      const allowed = open.target.kind === 'do_not_reach_list' ? DO_NOT_REACH_TYPES : IDENTIFIER_TYPES
      const types = new Set<IdentifierType>()
      for (const entry of mapping) {
        if (!allowed.includes(entry.type))
          throw invalid(`Do-not-reach lists take email addresses and phone numbers only`, 'mapping')
        if (entry.column >= open.opened.columns.length)
          throw invalid(`The file has ${plural(open.opened.columns.length, 'column')}`, 'mapping')
        if (types.has(entry.type))
          throw invalid(`Map one column to each type (${entry.type} is mapped twice)`, 'mapping')
        types.add(entry.type)
      }
      const layout: ListLayout = {
        path: open.opened.path,
        size: open.opened.size,
        mtimeMs: open.opened.mtimeMs,
        delimiter: open.opened.delimiter,
        dataStart: open.opened.dataStart,
        columns: mapping.map((entry) => [entry.column, entry.type]),
        ...(defaultCountryCode ? { defaultCountryCode } : {}),
      }
      const counts = await reportInWorker(layout)
      if (counts.rowsRead === 0) throw invalid('This file has no rows to upload. Nothing was sent.')
      const report: ListReport = {
        listId,
        rowsRead: counts.rowsRead,
        accepted: counts.accepted,
        rejected: counts.rejected,
        skippedValues: counts.skippedValues,
        duplicatesRemoved: counts.duplicatesRemoved,
        records: counts.records,
        chunks: counts.chunks,
        dedupeCapped: counts.dedupeCapped,
      }
      // The send and every resume compare the file with what this report read (ListLayout.fingerprint).
      open.checked = {
        layout: { ...layout, ...(counts.fingerprint ? { fingerprint: counts.fingerprint } : {}) },
        report,
      }
      return report
    },

    async sendList(request: {
      listId: string
      operationType: 'Update' | 'Delete'
      effectiveAt?: string | undefined
      expiresAt?: string | undefined
      confirmedRecords: number
    }) {
      const open = session(request.listId)
      if (!open.checked) throw invalid('Check the list first: the report is shown before anything is sent')
      const { layout, report } = open.checked
      if (request.confirmedRecords !== report.records)
        throw invalid('The report changed since it was confirmed. Check the list again.')
      if (report.records === 0)
        throw invalid('No row of this list can be sent: see the reasons in the report. Nothing was sent.')
      await assertUnchanged(layout).catch((error: unknown) => {
        throw isAppFailure(error)
          ? refuse('The file changed after it was checked. Check it again before sending. Nothing was sent.')
          : error
      })
      const dates = checkDates(open.target.kind, request.effectiveAt, request.expiresAt)
      const uploadId = randomUUID()
      const params: UploadParams = {
        uploadId,
        target: open.target,
        layout: { ...layout, delimiter: layout.delimiter as UploadParams['layout']['delimiter'] },
        settings: { operationType: request.operationType, target: open.target.kind, ...dates },
        expectedRecords: report.records,
        expectedChunks: report.chunks,
      }
      const verb = request.operationType === 'Delete' ? 'Remove' : 'Add'
      const job = await deps.outbox.enqueueOperations({
        profileId: open.profileId,
        accountId: open.accountId,
        area: AREA,
        title: `${verb} ${plural(report.records, 'person', 'people')} ${request.operationType === 'Delete' ? 'from' : 'to'} “${open.target.name}”`,
        steps: [{ op: AUDIENCE_OPS.upload, params }],
      })
      await addHistory({
        uploadId,
        jobId: job.id,
        targetId: open.target.id,
        fileName: open.opened.fileName,
        operationType: request.operationType,
        records: report.records,
        createdAt: new Date(now()).toISOString(),
      })
      sessions.delete(request.listId)
      return { uploadId, job }
    },

    async uploadProgress(uploadId: string): Promise<UploadProgress | null> {
      const entry = (await loadHistory()).find((item) => item.uploadId === uploadId)
      if (!entry) return null
      const job = await deps.outbox.job(entry.jobId).catch(() => null)
      const live = deps.live.get(uploadId)
      const acked = live?.recordsAcked ?? (job?.state === 'done' ? entry.records : 0)
      let remainingSeconds: number | undefined
      if (live && acked > live.startRecords) {
        const rate = (acked - live.startRecords) / Math.max(1, now() - live.startedAt)
        remainingSeconds = Math.max(0, Math.round((live.expectedRecords - acked) / rate / 1000))
      }
      return {
        uploadId,
        job,
        rowsRead: live?.rowsRead ?? 0,
        rowsHashed: live?.rowsHashed ?? 0,
        recordsAcked: acked,
        chunksAcked: live?.chunksAcked ?? 0,
        expectedRecords: entry.records,
        expectedChunks: live?.expectedChunks ?? 0,
        ...(remainingSeconds !== undefined ? { remainingSeconds } : {}),
        chunkErrors: live?.chunkErrors ?? [],
      }
    },

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
