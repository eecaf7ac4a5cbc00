import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  recordingExecutable,
  shaSums,
  standInElectronZip,
  startElectronMirror,
  type ElectronMirror,
} from '../support/electronMirror'
import { freshInstall } from '../support/freshInstall'
import { describeRun, runSupervised, type SupervisedRun } from '../support/supervisedChild'

/**
 * The README's first command on a fresh machine: `npm start` in a fresh clone whose `npm ci`
 * skipped Electron's binary (ELECTRON_SKIP_BINARY_DOWNLOAD=1, as on any machine before Electron's
 * first use), with the Electron zip available only from a local mirror (ELECTRON_MIRROR). It must
 * build the app, fetch the zip with Electron's installer and launch the binary, here a stand-in
 * that writes down how it was started.
 */

const VERSION = (
  JSON.parse(await readFile(resolve('node_modules/electron/package.json'), 'utf8')) as {
    version: string
  }
).version
const ZIP = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`

let workDir: string
let clone: string
let record: string
let mirror: ElectronMirror
let start: SupervisedRun

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-fresh-start-'))
  clone = join(workDir, 'clone')
  record = join(workDir, 'electron-was-started-with')
  await freshInstall(clone, { sources: true })
  const zip = standInElectronZip(VERSION, recordingExecutable(record))
  mirror = await startElectronMirror({
    [`/v${VERSION}/${ZIP}`]: zip,
    [`/v${VERSION}/SHASUMS256.txt`]: shaSums({ [ZIP]: zip }),
  })
  const { ELECTRON_EXEC_PATH: _ignored, ...env } = process.env
  // Builds the app (electron-vite), then downloads and starts Electron: minutes on a loaded machine.
  start = await runSupervised('npm', ['start'], {
    cwd: clone,
    env: {
      ...env,
      ELECTRON_MIRROR: mirror.url,
      // The stand-in zip's checksum is the mirror's, as for a mirror of custom builds.
      electron_use_remote_checksums: '1',
      electron_config_cache: join(workDir, 'electron-cache'),
      npm_config_update_notifier: 'false',
    },
    quietMs: 180_000,
  })
}, 900_000)

afterAll(async () => {
  await mirror?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe.skipIf(process.platform === 'win32')('npm start on a fresh clone', () => {
  it('builds the app, fetches the Electron zip from the mirror and launches Electron on it', async () => {
    expect(start.code, describeRun('npm start', start)).toBe(0)
    expect(mirror.requests).toContain(`/v${VERSION}/${ZIP}`)
    // electron-vite starts Electron on the project directory, whose package.json names out/main.
    const [cwd, ...args] = (await readFile(record, 'utf8')).trimEnd().split('\n')
    expect({ cwd, args }).toEqual({ cwd: clone, args: ['.'] })
    expect((await stat(join(clone, 'out', 'main', 'index.js'))).isFile()).toBe(true)
    expect(start.stderr).not.toMatch(/Electron uninstall/)
  })
})
