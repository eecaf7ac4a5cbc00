// Customer-list uploads end to end against the sandbox: every call through the validating IPC
// dispatcher, the upload as an outbox job, every request through the signed client.
import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ListReport, UploadProgress } from '../../../src/shared/ipc/contracts/audiences'
import type { OutboxJobView } from '../../../src/shared/ipc/contracts/outbox'
import { SEEDED_AUDIENCES } from '../../../sandbox/seedAudiences'
import { type App } from '../publish/harness'
import { useSandboxApps } from '../../support/sandboxApps'
import { describeRun, tsxChild, type SupervisedRun } from '../../support/supervisedChild'

const CHILD = join(import.meta.dirname, 'upload-child.ts')
const sha = (text: string) => createHash('sha256').update(text).digest('hex')
const dialogAnswers: string[] = []

const apps = useSandboxApps('audiences', { port: 0, limits: { audienceProcessingMs: 0 } })

async function listFile(name: string, lines: string[]): Promise<string> {
  const path = join(apps.workDir, name)
  await writeFile(path, `${lines.join('\n')}\n`)
  return path
}

async function connectedApp(name: string): Promise<{ app: App; profileId: string }> {
  const { app, profile } = await apps.connected(name, {
    audienceDialogs: { chooseListFile: async () => dialogAnswers.shift() ?? null },
  })
  await app.call('accounts.select', { profileId: profile.id, accountId: apps.sandbox.demo.accountIds[0] })
  return { app, profileId: profile.id }
}

/** Opens, checks and sends a list as the page does; `beforeSend` runs between the check and the send. */
async function upload(
  app: App,
  profileId: string,
  audienceId: string,
  path: string,
  operationType = 'Update',
  beforeSend?: () => Promise<void>,
) {
  dialogAnswers.push(path)
  const opened = await app.call<{ listId: string; mapping: { column: number; type: string }[] }>(
    'audiences.openList',
    { profileId, target: { kind: 'custom_audience', id: audienceId } },
  )
  const report = await app.call<ListReport>('audiences.checkList', {
    listId: opened.listId,
    mapping: opened.mapping,
  })
  await beforeSend?.()
  const sent = await app.call<{ uploadId: string; job: OutboxJobView }>('audiences.sendList', {
    listId: opened.listId,
    operationType,
    confirmedRecords: report.records,
  })
  await app.services.outbox.idle()
  const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: sent.job.id })).job
  const progress = await app.call<UploadProgress>('audiences.uploadProgress', { uploadId: sent.uploadId })
  return { report, job, progress }
}

/** Writes other people over a list, byte for byte as long, and sets its times back. */
async function replaceKeepingSizeAndTime(path: string, prefix: string, count: number): Promise<void> {
  const before = await stat(path)
  const people = Array.from({ length: count }, (_, i) => `${prefix}${i}@shop.example`)
  await writeFile(path, `${['email', ...people].join('\n')}\n`)
  await utimes(path, before.atimeMs / 1000, before.mtimeMs / 1000)
  const after = await stat(path)
  // The same size, and the same time as far as a size-and-time check can tell.
  expect(after.size).toBe(before.size)
  expect(Math.abs(after.mtimeMs - before.mtimeMs)).toBeLessThanOrEqual(1)
}

describe('uploading a customer list', () => {
  let app: App
  let profileId: string
  beforeAll(async () => {
    ;({ app, profileId } = await connectedApp('app-main'))
  })

  it('adds every valid, distinct person once, hashed; reports the rest', { timeout: 60_000 }, async () => {
    const people = Array.from({ length: 6_000 }, (_, i) => `Customer${i}@Shop.Example`)
    const path = await listFile('customers.csv', [
      'name,email',
      ...people.map((email, i) => `P${i},  ${email} `),
      ...people.slice(0, 40).map((email) => `dup,${email.toLowerCase()}`),
      'bad,not-an-email',
      'empty,',
    ])
    const before = apps.sandbox.audienceUploads().length
    const { report, job, progress } = await upload(app, profileId, SEEDED_AUDIENCES.emptyList, path)
    expect(report).toMatchObject({
      rowsRead: 6_042,
      accepted: 6_040,
      duplicatesRemoved: 40,
      records: 6_000,
      chunks: 3,
      rejected: { invalid_email: 1, empty: 1 },
    })
    expect(job.state).toBe('done')
    expect(progress).toMatchObject({ recordsAcked: 6_000, chunksAcked: 3, chunkErrors: [] })
    const members = apps.sandbox.customAudienceMembers(SEEDED_AUDIENCES.emptyList)!
    expect(members.count).toBe(6_000)
    expect(members.has('email', sha('customer17@shop.example'))).toBe(true)
    expect(apps.sandbox.audienceUploads().length - before).toBe(3)
  })

  it('sends a chunk again when success_count is lower than what was sent', { timeout: 60_000 }, async () => {
    const people = Array.from({ length: 3_000 }, (_, i) => `undercount${i}@example.com`)
    const path = await listFile('undercount.txt', people)
    apps.sandbox.setFaults({ undercountAudienceUploads: 1 })
    const before = apps.sandbox.audienceUploads()
    const { job, progress } = await upload(app, profileId, SEEDED_AUDIENCES.purchasers, path)
    apps.sandbox.setFaults({ undercountAudienceUploads: false })
    expect(job.state).toBe('done')
    const uploads = apps.sandbox.audienceUploads().slice(before.length)
    // Two chunks, the first sent twice: the same body again, not a new one.
    expect(uploads.map((entry) => entry.records)).toEqual([2_500, 2_500, 500])
    expect(uploads[0]!.processed).toBe(2_499)
    expect(uploads[1]!.bodySha256).toBe(uploads[0]!.bodySha256)
    expect(progress.chunkErrors).toHaveLength(1)
    expect(progress.chunkErrors[0]!.message).toMatch(/processed 2499 of 2500 records/)
    const members = apps.sandbox.customAudienceMembers(SEEDED_AUDIENCES.purchasers)!
    for (const i of [0, 2_499, 2_999])
      expect(members.has('email', sha(`undercount${i}@example.com`))).toBe(true)
  })

  // Issue 39, D20: a list was compared by size and modification time only, so a file of the same
  // size with other people in it (its time set back, as a sync tool or a copy may) was uploaded.
  it('does not send a list replaced by another of the same size and time', { timeout: 60_000 }, async () => {
    const people = Array.from({ length: 100 }, (_, i) => `aaaa${i}@shop.example`)
    const path = await listFile('replaced.csv', ['email', ...people])
    const uploadsBefore = apps.sandbox.audienceUploads().length
    const { job } = await upload(app, profileId, SEEDED_AUDIENCES.emptyList, path, 'Update', () =>
      replaceKeepingSizeAndTime(path, 'bbbb', 100),
    )
    expect(job.state).toBe('failed')
    expect(job.error?.message).toMatch(/changed after it was checked \(its content differs/)
    expect(apps.sandbox.audienceUploads().length).toBe(uploadsBefore)
  })

  it(
    'does not resume with a list replaced by another of the same size and time',
    { timeout: 60_000 },
    async () => {
      const people = Array.from({ length: 3_000 }, (_, i) => `cccc${i}@shop.example`)
      const path = await listFile('resumed.csv', ['email', ...people])
      // The first request is answered short every time: the upload stops, to be retried later.
      const { job: stopped } = await upload(
        app,
        profileId,
        SEEDED_AUDIENCES.purchasers,
        path,
        'Update',
        async () => apps.sandbox.setFaults({ undercountAudienceUploads: 6 }),
      )
      apps.sandbox.setFaults({ undercountAudienceUploads: false })
      expect(stopped.state).toBe('failed')

      await replaceKeepingSizeAndTime(path, 'dddd', 3_000)
      const uploadsBefore = apps.sandbox.audienceUploads().length
      await app.call('outbox.retry', { jobId: stopped.id })
      await app.services.outbox.idle()
      const job = (await app.call<{ job: OutboxJobView }>('outbox.get', { jobId: stopped.id })).job
      expect(job.state).toBe('failed')
      expect(job.error?.message).toMatch(/changed after it was checked \(its content differs/)
      expect(apps.sandbox.audienceUploads().length).toBe(uploadsBefore)
      const members = apps.sandbox.customAudienceMembers(SEEDED_AUDIENCES.purchasers)!
      expect(members.has('email', sha('dddd0@shop.example'))).toBe(false)
    },
  )

  it('removes people with Delete', { timeout: 60_000 }, async () => {
    const path = await listFile('remove.csv', ['email', 'customer1@shop.example', 'customer2@shop.example'])
    const { job } = await upload(app, profileId, SEEDED_AUDIENCES.emptyList, path, 'Delete')
    expect(job.state).toBe('done')
    const members = apps.sandbox.customAudienceMembers(SEEDED_AUDIENCES.emptyList)!
    expect(members.count).toBe(5_998)
    expect(members.has('email', sha('customer1@shop.example'))).toBe(false)
  })

  it('refuses an audience shared READ_ONLY with this account before reading any file', async () => {
    await expect(
      app.call('audiences.openList', {
        profileId,
        target: { kind: 'custom_audience', id: SEEDED_AUDIENCES.secondCrm },
      }),
    ).rejects.toThrow(/was shared with this account read only: it can target it but not change its members/)
  })
})

/** Runs an upload process, killed only after two minutes without output (a hang, not a slow machine). */
const runChild = tsxChild(CHILD, 120_000)

/** How far an upload child got, from its last `acked N` line. */
const chunks = (run: SupervisedRun) =>
  `${run.lines.findLast((line) => line.startsWith('acked '))?.slice('acked '.length) ?? 0} of 8 chunks acknowledged`

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await filesUnder(path)))
    else out.push(path)
  }
  return out
}

describe('privacy through a crash', () => {
  it(
    'a killed upload resumes from its last acknowledged chunk, and no marker is anywhere on disk or in the logs',
    // No wall-clock limit shorter than the work; a hung child is stopped by runChild's watchdog.
    { timeout: 1_200_000 },
    async () => {
      const dataDir = join(apps.workDir, 'app-crash')
      const setup = await connectedApp('app-crash')
      await apps.close(setup.app)

      const run = randomBytes(6).toString('hex')
      const markers = Array.from({ length: 20_000 }, (_, i) => `marker-${run}-${i}@privacy.example`)
      const hashes = new Set(markers.map((marker) => sha(marker)))
      const path = await listFile(`crash-list.csv`, ['email', ...markers])
      // Four requests a second: eight chunks take two seconds, time enough to kill it half way.
      const rate = JSON.stringify({ requests: 2, windowMs: 500 })
      const target = SEEDED_AUDIENCES.newsletter
      const before = apps.sandbox.audienceUploads().length
      const membersBefore = apps.sandbox.customAudienceMembers(target)!.count

      const first = await runChild(
        [dataDir, apps.keychainService, 'send', path, target, rate],
        // The child reports what it sees every 30 ms, and a window's two chunks can both be
        // acknowledged between two looks: "acked 2" may be followed by "acked 4".
        (line, kill) => {
          if (Number(/^acked (\d+)$/.exec(line)?.[1] ?? -1) >= 3) kill()
        },
      )
      expect(first.killedBy, describeRun('the first upload child', first, chunks(first))).toBe('test')
      const ackedBeforeKill = apps.sandbox.audienceUploads().length - before
      expect(ackedBeforeKill).toBeGreaterThanOrEqual(3)
      expect(ackedBeforeKill).toBeLessThan(8)

      const second = await runChild([dataDir, apps.keychainService, 'resume', path, target, rate])
      expect(second.lines.at(-1), describeRun('the resuming upload child', second, chunks(second))).toMatch(
        /^done \[\{"state":"done"/,
      )

      const uploads = apps.sandbox.audienceUploads().slice(before)
      // Every chunk acknowledged before the kill was not sent again: eight distinct bodies, and
      // at most one (the one in flight or unrecorded when the process died) sent twice.
      const distinct = new Set(uploads.map((entry) => entry.bodySha256))
      expect(distinct.size).toBe(8)
      expect(uploads.length).toBeLessThanOrEqual(9)
      expect(apps.sandbox.customAudienceMembers(target)!.count).toBe(membersBefore + 20_000)

      // The whole data directory and both processes' output: no marker, raw or hashed.
      const texts = [first.stdout, first.stderr, second.stdout, second.stderr]
      for (const file of await filesUnder(dataDir)) texts.push(await readFile(file, 'latin1'))
      expect((await stat(dataDir)).isDirectory()).toBe(true)
      for (const text of texts) {
        expect(text).not.toContain(run)
        expect(text).not.toContain('privacy.example')
        for (const hex of text.match(/[0-9a-f]{64}/g) ?? []) expect(hashes.has(hex)).toBe(false)
      }
    },
  )
})
