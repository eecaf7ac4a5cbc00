import { randomUUID } from 'node:crypto'
import { DO_NOT_REACH_TYPES, IDENTIFIER_TYPES, type IdentifierType } from '../../shared/audiences/identifiers'
import { invalidInput as invalid, isAppFailure } from '../../shared/errors'
import type {
  ListReport,
  TargetKind,
  UploadHistoryEntry,
  UploadProgress,
} from '../../shared/ipc/contracts/audiences'
import { plural } from '../../shared/rules/issues'
import { LIMITS } from '../../shared/rules/limits'
import type { Outbox } from '../publish/outbox'
import { reportInWorker } from './hashWorkerClient'
import { openList, type OpenedList } from './listFile'
import { refuse } from './listLines'
import { AUDIENCE_OPS, uploadCounts, type UploadLive, type UploadParams } from './operations'
import { assertUnchanged, type ListLayout } from './scanner'
import type { UploadHistory } from './uploadHistory'

/**
 * Customer-list uploads: a file the designer chose is opened in main (it never crosses IPC),
 * its columns mapped, checked in a worker (normalized and hashed, never kept raw) and, once the
 * report is confirmed, queued as one outbox job that streams it in chunks.
 */

/** The native "choose a customer list" dialog (Electron's in the app, scripted in tests). */
export interface AudienceDialogs {
  chooseListFile(): Promise<string | null>
}

interface ListSession {
  id: string
  profileId: string
  accountId: string
  target: { kind: TargetKind; id: string; name: string }
  opened: OpenedList
  checked?: { layout: ListLayout; report: ListReport }
}

export const AREA = 'audiences'
const MAX_SESSIONS = 3

/** ISO 8601 UTC to the second, as the platform writes timestamps (line 63). */
function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z')
}

function addMonths(ms: number, months: number): number {
  const date = new Date(ms)
  date.setUTCMonth(date.getUTCMonth() + months)
  return date.getTime()
}

export function createListUploads(deps: {
  outbox: Pick<Outbox, 'enqueueOperations' | 'job' | 'cancel' | 'retry'>
  dialogs: AudienceDialogs
  live: Map<string, UploadLive>
  history: UploadHistory
  now: () => number
}) {
  const now = deps.now
  const sessions = new Map<string, ListSession>()

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
    /** Asks for the file and opens it for the target, which the caller found writable by this account. */
    async open(profileId: string, accountId: string, target: { kind: TargetKind; id: string; name: string }) {
      const path = await deps.dialogs.chooseListFile()
      if (!path) return { picked: false as const }
      const allowed: readonly IdentifierType[] =
        target.kind === 'do_not_reach_list' ? DO_NOT_REACH_TYPES : IDENTIFIER_TYPES
      const opened = await openList(path, allowed)
      const id = randomUUID()
      for (const [other, open] of sessions) if (open.profileId === profileId) sessions.delete(other)
      sessions.set(id, { id, profileId, accountId, target, opened })
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

    async check(
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

    async send(request: {
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
      await deps.history.add({
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

    progress,

    /** Stops the upload after the request on its way; what was acknowledged stays sent. */
    async cancel(uploadId: string): Promise<UploadProgress> {
      const entry = await upload(uploadId)
      await deps.outbox.cancel(entry.jobId)
      return progressOf(entry)
    },

    /** Goes on from the last acknowledged request of a canceled or failed upload. */
    async resume(uploadId: string): Promise<UploadProgress> {
      const entry = await upload(uploadId)
      await deps.outbox.retry(entry.jobId)
      return progressOf(entry)
    },
  }

  async function upload(uploadId: string) {
    const entry = (await deps.history.load()).find((item) => item.uploadId === uploadId)
    if (!entry) throw invalid('This upload is no longer in the list of uploads from this computer.')
    return entry
  }

  async function progress(uploadId: string): Promise<UploadProgress | null> {
    const entry = (await deps.history.load()).find((item) => item.uploadId === uploadId)
    return entry ? progressOf(entry) : null
  }

  async function progressOf(entry: UploadHistoryEntry): Promise<UploadProgress> {
    const job = await deps.outbox.job(entry.jobId).catch(() => null)
    const live = deps.live.get(entry.uploadId)
    // A stopped upload keeps what its job recorded, also after a restart (memory is gone then).
    const acked = live?.recordsAcked ?? job?.progress?.done ?? (job?.state === 'done' ? entry.records : 0)
    return { ...uploadCounts(entry.uploadId, live, entry.records, acked, now()), job }
  }
}
