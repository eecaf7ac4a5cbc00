import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  closedPortUrl,
  executablePathInZip,
  recordingExecutable,
  shaSums,
  standInElectronZip,
  startElectronMirror,
  type ElectronMirror,
} from '../../support/electronMirror'
import { freshInstall } from '../../support/freshInstall'
import { describeRun, runSupervised } from '../../support/supervisedChild'

/**
 * scripts/ensure-electron.ts, which `npm start` and `npm run dev` run before electron-vite, on a
 * project whose Electron binary was never downloaded, against a local stand-in for the download host.
 */

const SCRIPT = resolve('scripts/ensure-electron.ts')
const TSX = resolve('node_modules/.bin/tsx')
const VERSION = (
  JSON.parse(await readFile(resolve('node_modules/electron/package.json'), 'utf8')) as {
    version: string
  }
).version
const ZIP = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`
const ZIP_PATH = `/v${VERSION}/${ZIP}`

let workDir: string

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-ensure-electron-'))
})
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

let projects = 0
async function freshProject(): Promise<{ dir: string; cache: string }> {
  const dir = join(workDir, `project-${projects++}`)
  await freshInstall(dir, { sources: false })
  return { dir, cache: join(dir, 'electron-cache') }
}

function ensureElectron(project: { dir: string; cache: string }, env: Record<string, string>) {
  const { ELECTRON_EXEC_PATH: _ignored, ...inherited } = process.env
  return runSupervised(TSX, [SCRIPT], {
    cwd: project.dir,
    env: { ...inherited, electron_config_cache: project.cache, ...env },
    quietMs: 120_000,
  })
}

// Each case starts Electron's installer in a child, seconds apiece on a loaded machine.
describe('npm start on a machine where Electron was never downloaded', { timeout: 180_000 }, () => {
  let mirror: ElectronMirror
  const record = () => join(workDir, 'stand-in-arguments')
  const zip = () => standInElectronZip(VERSION, recordingExecutable(record()))
  afterAll(() => mirror?.close())

  it('downloads the zip with Electron’s installer from ELECTRON_MIRROR, then finds it without asking again', async () => {
    mirror = await startElectronMirror({
      [ZIP_PATH]: zip(),
      [`/v${VERSION}/SHASUMS256.txt`]: shaSums({ [ZIP]: zip() }),
    })
    const project = await freshProject()
    // A stand-in zip has its own checksum: take it from the mirror, as for a mirror of custom builds.
    const env = { ELECTRON_MIRROR: mirror.url, electron_use_remote_checksums: '1' }
    const first = await ensureElectron(project, env)
    expect(first.code, describeRun('ensure-electron', first)).toBe(0)
    expect(mirror.requests).toContain(ZIP_PATH)
    const electronDir = join(project.dir, 'node_modules', 'electron')
    const executable = join(electronDir, 'dist', executablePathInZip(process.platform))
    expect(await readFile(join(electronDir, 'path.txt'), 'utf8')).toBe(executablePathInZip(process.platform))
    expect((await stat(executable)).mode & 0o111, 'the executable keeps its mode').not.toBe(0)

    const requestsBefore = mirror.requests.length
    const second = await ensureElectron(project, env)
    expect(second.code, describeRun('ensure-electron', second)).toBe(0)
    expect(mirror.requests).toHaveLength(requestsBefore)
    expect(second.stdout).toBe('')
  })

  it('names the zip, the URL it tried, the answer and every way to provide it when the host has no such file', async () => {
    const empty = await startElectronMirror({})
    try {
      const project = await freshProject()
      const run = await ensureElectron(project, { ELECTRON_MIRROR: empty.url })
      expect(run.code, describeRun('ensure-electron', run)).toBe(1)
      expect(empty.requests).toContain(ZIP_PATH)
      const paragraph = run.stderr
      expect(paragraph).toContain(
        `Electron ${VERSION}'s binary for ${process.platform}-${process.arch} is not installed`,
      )
      expect(paragraph).toContain(
        `Tried ${empty.url}v${VERSION}/${ZIP}: the server answered 404 (Not Found).`,
      )
      expect(paragraph).toContain('ELECTRON_MIRROR')
      expect(paragraph).toContain('ELECTRON_EXEC_PATH')
      // The cached copy goes where Electron's installer looks: the cache root, then the URL's hash.
      expect(paragraph).toMatch(new RegExp(`${project.cache}/[0-9a-f]{64}/${ZIP.replace(/\./g, '\\.')}`))
      expect(paragraph).not.toMatch(/^\s+at /m)
    } finally {
      await empty.close()
    }
  })

  it('says it could not connect when the host is unreachable, as offline', async () => {
    const project = await freshProject()
    const url = await closedPortUrl()
    const run = await ensureElectron(project, { ELECTRON_MIRROR: url })
    expect(run.code, describeRun('ensure-electron', run)).toBe(1)
    expect(run.stderr).toContain(
      `Tried ${url}v${VERSION}/${ZIP}: it could not be fetched (connect ECONNREFUSED`,
    )
  })

  it('refuses a zip that does not match the checksums the electron package ships', async () => {
    const forged = await startElectronMirror({ [ZIP_PATH]: zip() })
    try {
      const project = await freshProject()
      const run = await ensureElectron(project, { ELECTRON_MIRROR: forged.url })
      expect(run.code, describeRun('ensure-electron', run)).toBe(1)
      expect(run.stderr).toMatch(/did not match its SHA-256 checksum/)
      await expect(stat(join(project.dir, 'node_modules', 'electron', 'path.txt'))).rejects.toThrow()
    } finally {
      await forged.close()
    }
  })

  it('says so when ELECTRON_EXEC_PATH names no file', async () => {
    const project = await freshProject()
    const missing = join(workDir, 'no-such-electron')
    const run = await ensureElectron(project, { ELECTRON_EXEC_PATH: missing })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`ELECTRON_EXEC_PATH is set to ${missing}, which does not exist`)
  })
})
