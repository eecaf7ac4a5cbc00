import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'

/** A fresh data directory per test, removed afterwards. */
export function useTempDirs(): () => Promise<string> {
  const created: string[] = []
  afterEach(async () => {
    await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ads-drafts-'))
    created.push(dir)
    return dir
  }
}

export async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown
}

export async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort()
}

/** A clock the test moves by hand, so timestamps are predictable. */
export function manualClock(start = '2026-03-01T12:00:00.000Z'): {
  now: () => Date
  advance: (ms: number) => void
} {
  let current = Date.parse(start)
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms
    },
  }
}
