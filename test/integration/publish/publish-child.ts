/**
 * A publishing app process for faults.test.ts: opens the services on a data directory (the
 * keychain is the real one, shared over the test's D-Bus session), optionally publishes the
 * drafts listed in a file, and reports progress on stdout (each publication, each change of a
 * job's state) until the outbox has drained.
 * Run with `node --import tsx publish-child.ts <dataDir> <keychain service> <sandbox hosts json> [drafts file]`.
 */
import { readFile } from 'node:fs/promises'
import { createKeytarSecretStore } from '../../../src/main/vault/keytarStore'
import { openApp } from './harness'

const [dataDir, keychainService, draftsFile] = process.argv.slice(2)
if (!dataDir || !keychainService)
  throw new Error('usage: publish-child.ts <dataDir> <keychain service> [drafts file]')

const app = openApp(dataDir, createKeytarSecretStore(keychainService))
if (draftsFile) {
  const ids = JSON.parse(await readFile(draftsFile, 'utf8')) as string[]
  for (const draftId of ids) await app.call('outbox.enqueue', { draftId })
  process.stdout.write(`enqueued ${ids.length}\n`)
}
let reported = -1
let states = ''
for (;;) {
  const jobs = await app.jobs()
  const published = jobs.filter((job) => job.state === 'published').length
  if (published !== reported) {
    reported = published
    process.stdout.write(`published ${published}\n`)
  }
  // Every step done and every change of state or attempt, so the parent's watchdog sees the
  // progress between two publications.
  const counts: Record<string, number> = {}
  for (const job of jobs) counts[job.state] = (counts[job.state] ?? 0) + 1
  const steps = jobs.reduce((sum, job) => sum + job.stepsDone, 0)
  const attempts = jobs.reduce((sum, job) => sum + (job.attempt ?? 1), 0)
  const now = JSON.stringify({ counts, steps, attempts })
  if (now !== states) {
    states = now
    process.stdout.write(`progress ${now}\n`)
  }
  const unfinished = jobs.filter((job) => !['published', 'failed', 'canceled'].includes(job.state))
  if (unfinished.length === 0) {
    const failed = jobs
      .filter((job) => job.state === 'failed')
      .map((job) => `${job.title}: ${job.error?.message}`)
    process.stdout.write(`done ${JSON.stringify({ published, failed })}\n`)
    await app.services.dispose()
    process.exit(0)
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
}
