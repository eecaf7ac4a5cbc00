/**
 * An app process for upload.test.ts's kill-and-resume: opens the services on a data directory
 * (the profile was connected there before; its secrets are in the test's keychain) and, in
 * "send" mode, uploads the list file to an audience through the IPC channels, as the page does.
 * It prints how many chunks are acknowledged until the outbox has drained.
 * Run with `node --import tsx upload-child.ts <dataDir> <keychain service> <mode> <list file> <audience id> <rate json>`.
 */
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import type { ListReport, UploadProgress } from '../../../src/shared/ipc/contracts/audiences'
import { openApp } from '../publish/harness'

const [dataDir, keychainService, mode, listPath, audienceId, rateJson] = process.argv.slice(2)
if (!dataDir || !keychainService || !mode || !listPath || !audienceId || !rateJson)
  throw new Error(
    'usage: upload-child.ts <dataDir> <keychain service> <send|resume> <list> <audience id> <rate>',
  )

const app = openApp(dataDir, createKeytarSecretStore(keychainService), {
  audienceDialogs: { chooseListFile: async () => listPath },
  audienceUploadRate: JSON.parse(rateJson) as { requests: number; windowMs: number },
})
const { profiles } = await app.call<{ profiles: { id: string }[] }>('profiles.list')
const profileId = profiles[0]!.id
let uploadId: string | undefined
if (mode === 'send') {
  const opened = await app.call<{ listId: string; mapping: { column: number; type: string }[] }>(
    'audiences.openList',
    { profileId, target: { kind: 'custom_audience', id: audienceId } },
  )
  const report = await app.call<ListReport>('audiences.checkList', {
    listId: opened.listId,
    mapping: opened.mapping,
  })
  const sent = await app.call<{ uploadId: string }>('audiences.sendList', {
    listId: opened.listId,
    operationType: 'Update',
    confirmedRecords: report.records,
  })
  uploadId = sent.uploadId
  process.stdout.write(`sent ${report.records}\n`)
}
let reported = -1
for (;;) {
  const jobs = await app.jobs()
  if (uploadId) {
    const progress = await app.call<UploadProgress | null>('audiences.uploadProgress', { uploadId })
    if (progress && progress.chunksAcked !== reported) {
      reported = progress.chunksAcked
      process.stdout.write(`acked ${reported}\n`)
    }
  }
  if (jobs.length > 0 && jobs.every((job) => ['done', 'failed', 'canceled'].includes(job.state))) {
    process.stdout.write(
      `done ${JSON.stringify(jobs.map((job) => ({ state: job.state, error: job.error?.message })))}\n`,
    )
    await app.services.dispose()
    process.exit(0)
  }
  await new Promise((resolve) => setTimeout(resolve, 30))
}
