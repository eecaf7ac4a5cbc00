import { constants } from 'node:fs'
import {
  appendFile,
  mkdir,
  mkdtemp,
  open,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublishJob as Job } from '../../../src/main/publish/job'
import { JOB_SCHEMA_VERSION, PUBLISH_AREA, PUBLISH_OPS } from '../../../src/main/publish/job'
import {
  COMPACT_BYTES,
  createJobStore as createStore,
  lastJobRecord,
  type JobStore,
} from '../../../src/main/publish/jobStore'

const dirs: string[] = []
const stores: JobStore[] = []
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()))
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

/** A store closed after the test (it holds the files of running jobs open). */
function createJobStore(dir: string): JobStore {
  const store = createStore(dir)
  stores.push(store)
  return store
}

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'job-store-'))
  dirs.push(dir)
  return dir
}

function job(attempts: number, note = '', state: Job['state'] = 'active'): Job {
  return {
    schema: JOB_SCHEMA_VERSION,
    id: '10000000-0000-4000-8000-00000000000a',
    seq: 1,
    area: PUBLISH_AREA,
    title: `Draft ${note}`,
    continueOnError: false,
    profileId: 'p',
    accountId: 'acc',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    state,
    publication: { draftId: 'd', kind: 'poll_card', drafts: {}, publishedCards: {} },
    steps: [
      {
        kind: 'card',
        op: PUBLISH_OPS.card,
        id: 's1',
        status: 'attempting',
        attempts,
        draftId: 'd',
        cardKind: 'poll_card',
      },
    ],
  }
}

/** Spies on every FileHandle's writes and syncs (their prototype, found through `path`). */
async function spyOnFileHandles(path: string) {
  const probe = await open(path, 'r')
  const fileHandle = Object.getPrototypeOf(probe) as Record<
    'write' | 'writeFile' | 'datasync' | 'sync',
    () => unknown
  >
  await probe.close()
  return {
    write: vi.spyOn(fileHandle, 'write'),
    writeFile: vi.spyOn(fileHandle, 'writeFile'),
    datasync: vi.spyOn(fileHandle, 'datasync'),
    sync: vi.spyOn(fileHandle, 'sync'),
  }
}

const fileOf = (dir: string) => join(dir, 'outbox', `${job(0).id}.json`)

describe('the outbox job store (a journal of snapshots per job)', () => {
  it('loads the last snapshot saved, after saves appended to the same file', async () => {
    const dir = await dataDir()
    const store = createJobStore(dir)
    for (let attempts = 1; attempts <= 5; attempts++) await store.save(job(attempts))
    const text = await readFile(fileOf(dir), 'utf8')
    expect(text.split('\n').filter(Boolean)).toHaveLength(5)
    const { jobs, unreadable } = await createJobStore(dir).loadAll()
    expect(unreadable).toEqual([])
    expect(jobs.map((loaded) => loaded.steps[0]?.attempts)).toEqual([5])
  })

  it('passes over a last line a crash cut short, and the next save does not join it', async () => {
    const dir = await dataDir()
    await createJobStore(dir).save(job(1))
    await createJobStore(dir).save(job(2))
    // Rewritten whole at the first save of a process; now append to it as the same process would.
    const store = createJobStore(dir)
    await store.save(job(3))
    await store.save(job(4))
    const whole = JSON.stringify(job(5))
    await appendFile(fileOf(dir), `\n${whole.slice(0, whole.length / 2)}`)
    expect((await createJobStore(dir).loadAll()).jobs[0]?.steps[0]?.attempts).toBe(4)

    // The same file, appended to again by a process that did not rewrite it first.
    await store.save(job(6))
    expect(lastJobRecord(await readFile(fileOf(dir), 'utf8'))?.steps[0]?.attempts).toBe(6)
  })

  it('rewrites the journal as one snapshot at the first save of a process and once it grows large', async () => {
    const dir = await dataDir()
    const first = createJobStore(dir)
    await first.save(job(1))
    await first.save(job(2))
    expect((await readFile(fileOf(dir), 'utf8')).split('\n').filter(Boolean)).toHaveLength(2)
    await createJobStore(dir).save(job(3))
    expect((await readFile(fileOf(dir), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1)

    const store = createJobStore(dir)
    const big = 'x'.repeat(4_000)
    for (let attempts = 1; attempts <= 40; attempts++) {
      await store.save(job(attempts, big))
      expect((await stat(fileOf(dir))).size).toBeLessThan(COMPACT_BYTES + 4_200)
    }
    expect(lastJobRecord(await readFile(fileOf(dir), 'utf8'))?.steps[0]?.attempts).toBe(40)
    // No temp file is left behind by the rewrites.
    expect(await readdir(join(dir, 'outbox'))).toEqual([`${job(0).id}.json`])
  })

  it('removes a job file, and a later save of the same id starts a new file', async () => {
    const dir = await dataDir()
    const store = createJobStore(dir)
    await store.save(job(1))
    await store.save(job(2))
    await store.remove(job(0).id)
    expect(await readdir(join(dir, 'outbox'))).toEqual([])
    await store.save(job(7))
    expect((await readFile(fileOf(dir), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1)
  })

  it("creates a new job's file with one durable write and one directory sync, and keeps it open", async () => {
    const dir = await dataDir()
    const store = createJobStore(dir)
    await store.save({ ...job(0), id: '10000000-0000-4000-8000-00000000000b' }) // the directory exists
    const calls = await spyOnFileHandles(join(dir, 'outbox'))
    try {
      await store.save(job(1))
      await store.save(job(2))
      // The create and one append: no temp file written whole, no reopening for the append.
      expect(calls.write).toHaveBeenCalledTimes(2)
      expect(calls.writeFile).not.toHaveBeenCalled()
      const syncsPerWrite = typeof constants.O_DSYNC === 'number' ? 0 : 1
      expect(calls.datasync).toHaveBeenCalledTimes(2 * syncsPerWrite)
      // The directory's, for the new name (not on Windows, where NTFS journals it).
      expect(calls.sync).toHaveBeenCalledTimes(process.platform === 'win32' ? 0 : 1)
    } finally {
      for (const spy of Object.values(calls)) spy.mockRestore()
    }
    await store.close()
    expect(await readdir(join(dir, 'outbox'))).toHaveLength(2)
    expect(lastJobRecord(await readFile(fileOf(dir), 'utf8'))?.steps[0]?.attempts).toBe(2)
  })

  it('removes a job file a crash left empty between its create and its write, and keeps a torn one aside', async () => {
    const dir = await dataDir()
    await mkdir(join(dir, 'outbox'))
    await writeFile(fileOf(dir), '')
    const torn = join(dir, 'outbox', 'torn.json')
    await writeFile(torn, JSON.stringify(job(1)).slice(0, 40))
    const { jobs, unreadable } = await createJobStore(dir).loadAll()
    expect(jobs).toEqual([])
    expect(unreadable).toEqual(['torn.json'])
    expect(await readdir(join(dir, 'outbox'))).toEqual(['torn.json.unreadable'])
    // The job id is free again.
    await createJobStore(dir).save(job(3))
    expect(lastJobRecord(await readFile(fileOf(dir), 'utf8'))?.steps[0]?.attempts).toBe(3)
  })

  it('reads a job file written whole by an earlier version (one JSON text)', () => {
    expect(lastJobRecord(JSON.stringify(job(3)))?.steps[0]?.attempts).toBe(3)
    expect(lastJobRecord('{"schema":1,')).toBeUndefined()
  })

  it('saves a running job with one write to a file it keeps open', async () => {
    const dir = await dataDir()
    const store = createJobStore(dir)
    await store.save(job(1)) // the first save of the process: the file written whole
    const calls = await spyOnFileHandles(fileOf(dir))
    try {
      for (let attempts = 2; attempts <= 6; attempts++) await store.save(job(attempts))
      expect(calls.write).toHaveBeenCalledTimes(5)
      expect(calls.writeFile).not.toHaveBeenCalled()
      // O_DSYNC makes the write itself durable; without it (Windows) each write is fdatasync'd.
      const syncsPerSave = typeof constants.O_DSYNC === 'number' ? 0 : 1
      expect(calls.datasync).toHaveBeenCalledTimes(5 * syncsPerSave)
      expect(calls.sync).not.toHaveBeenCalled()
    } finally {
      for (const spy of Object.values(calls)) spy.mockRestore()
    }
    await store.close()
    expect((await createJobStore(dir).loadAll()).jobs[0]?.steps[0]?.attempts).toBe(6)
  })

  // Which files a process holds open is read from /proc, which Linux has.
  it.runIf(process.platform === 'linux')(
    'closes a job file once its job is at rest, and on close()',
    async () => {
      const dir = await dataDir()
      const path = fileOf(dir)
      const openOnFile = async () => {
        let count = 0
        for (const fd of await readdir('/proc/self/fd'))
          if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) === path) count += 1
        return count
      }
      const store = createJobStore(dir)
      await store.save(job(1))
      await store.save(job(2))
      await store.save(job(3))
      expect(await openOnFile()).toBe(1)
      await store.save(job(4, '', 'published'))
      await vi.waitFor(async () => expect(await openOnFile()).toBe(0))
      await store.save(job(5))
      expect(await openOnFile()).toBe(1)
      await store.close()
      expect(await openOnFile()).toBe(0)
      expect(lastJobRecord(await readFile(path, 'utf8'))?.steps[0]?.attempts).toBe(5)
    },
  )

  it('a save that cannot be written fails for its caller, and the next save writes the file whole', async () => {
    const dir = await dataDir()
    const store = createJobStore(dir)
    await store.save(job(1))
    await store.close() // the file it created is no longer held open
    // Something in the file's place that cannot be opened for writing (any user, root too).
    await rm(fileOf(dir))
    await mkdir(fileOf(dir))
    // (vitest fails the run on an unhandled rejection, which the write chain once raised too.)
    await expect(store.save(job(2))).rejects.toMatchObject({ code: 'EISDIR' })
    await rm(fileOf(dir), { recursive: true })
    await store.save(job(3))
    expect((await readFile(fileOf(dir), 'utf8')).split('\n').filter(Boolean)).toHaveLength(1)
    expect(lastJobRecord(await readFile(fileOf(dir), 'utf8'))?.steps[0]?.attempts).toBe(3)
  })
})
