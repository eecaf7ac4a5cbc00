import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDistArgs } from '../../../scripts/dist'
import { cachedZipPath, electronPackage } from '../../../scripts/electron/zip'
import { closedPortUrl, shaSums, standInElectronZip, startElectronMirror } from '../../support/electronMirror'
import { describeRun, runSupervised } from '../../support/supervisedChild'

/**
 * `npm run dist` before electron-builder (scripts/dist.ts --check): what it will package, the
 * keytar it would pack, and the Electron zip, which offline must be named with the ways to provide it.
 */

const electron = electronPackage(resolve('.'))
const VERSION = electron.version
const HOST = `${process.platform}-${process.arch}`
const ZIP = `electron-v${VERSION}-${HOST}.zip`
const OTHER_SYSTEM = process.platform === 'linux' ? '--win' : '--linux'

let home: string

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'ads-studio-dist-'))
})
afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true })
})

/** Electron's cache root for a HOME of its own, as @electron/get computes it on this system. */
function cacheRoot(): string {
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'electron')
  if (process.platform === 'win32') return join(home, 'electron', 'Cache')
  return join(home, 'electron')
}

function distCheck(args: string[], env: Record<string, string>) {
  return runSupervised(resolve('node_modules/.bin/tsx'), ['scripts/dist.ts', '--check', ...args], {
    env: { ...process.env, HOME: home, XDG_CACHE_HOME: home, LOCALAPPDATA: home, ...env },
    quietMs: 120_000,
  })
}

describe('what a dist run packages', () => {
  it('is this system and CPU unless flags say otherwise, as electron-builder reads them', () => {
    expect(parseDistArgs([], '')).toMatchObject({ platforms: [process.platform], archs: [process.arch] })
    expect(parseDistArgs(['--mac', '--arm64'], '')).toMatchObject({ platforms: ['darwin'], archs: ['arm64'] })
    expect(parseDistArgs(['--linux', 'deb', '--x64'], '')).toMatchObject({
      platforms: ['linux'],
      archs: ['x64'],
      builderArgs: ['--linux', 'deb', '--x64'],
    })
    expect(parseDistArgs(['-m', '--universal'], '').archs).toEqual(['x64', 'arm64'])
  })

  it('needs no Electron zip when electronDist is given on the command line or in electron-builder.yml', () => {
    expect(parseDistArgs(['-c.electronDist=/opt/electron'], '').electronDist).toBe('/opt/electron')
    expect(parseDistArgs(['--config.electronDist', '/opt/zip'], '').electronDist).toBe('/opt/zip')
    expect(parseDistArgs([], 'appId: x\nelectronDist: vendor/electron\n').electronDist).toBe(
      'vendor/electron',
    )
    expect(parseDistArgs(['--check'], '').builderArgs).toEqual([])
  })
})

describe('npm run dist before packaging', { timeout: 180_000 }, () => {
  it('offline, names the Electron zip, the URL it tried and the variables that provide it', async () => {
    const url = await closedPortUrl()
    const run = await distCheck([], { ELECTRON_MIRROR: url })
    expect(run.code, describeRun('dist --check', run)).toBe(1)
    expect(run.stderr).toContain(`npm run dist cannot package ${HOST}`)
    expect(run.stderr).toContain(
      `Tried ${url}v${VERSION}/${ZIP}: it could not be fetched (connect ECONNREFUSED`,
    )
    expect(run.stderr).toContain('ELECTRON_MIRROR')
    expect(run.stderr).toContain('-c.electronDist=')
    const cacheFile = join(cacheRoot(), '[0-9a-f]{64}', ZIP).replace(/\./g, '\\.')
    expect(run.stderr).toMatch(new RegExp(cacheFile))
    expect(run.stderr).not.toMatch(/^\s+at /m)
    // The official checksums are written where electron-builder reads them, to verify a zip offline.
    const seeded = await readFile(join(cacheRoot(), `SHASUMS256.txt-${VERSION}`), 'utf8')
    expect(seeded).toContain(`${electron.checksums[ZIP]} *${ZIP}\n`)
  })

  it('asks the download host for the zip, and says what it answered', async () => {
    const mirror = await startElectronMirror({})
    try {
      const run = await distCheck([], { ELECTRON_MIRROR: mirror.url })
      expect(run.code, describeRun('dist --check', run)).toBe(1)
      expect(mirror.requests).toContain(`/v${VERSION}/${ZIP}`)
      expect(run.stderr).toContain('the server answered 404 (Not Found)')
    } finally {
      await mirror.close()
    }
  })

  it('finds a zip in Electron’s cache without the network, checked against the seeded checksums', async () => {
    // A zip in the cache for the mirror's URL, with its checksum seeded: found with the mirror down.
    const url = await closedPortUrl()
    const zip = standInElectronZip(VERSION, '#!/bin/sh\n')
    const cacheFile = await cachedZipPath(electron, `${url}v${VERSION}/${ZIP}`, cacheRoot())
    await mkdir(join(cacheFile, '..'), { recursive: true })
    await writeFile(cacheFile, zip)
    await writeFile(join(cacheRoot(), `SHASUMS256.txt-${VERSION}`), shaSums({ [ZIP]: zip }))
    const run = await distCheck([], { ELECTRON_MIRROR: url })
    expect(run.code, describeRun('dist --check', run)).toBe(0)
    expect(run.stdout).toContain(`Electron zip ready: ${cacheFile}`)
  })

  it('needs no zip when electronDist is given', async () => {
    const mirror = await startElectronMirror({})
    try {
      const run = await distCheck(['-c.electronDist=/opt/electron'], { ELECTRON_MIRROR: mirror.url })
      expect(run.code, describeRun('dist --check', run)).toBe(0)
      expect(mirror.requests).toEqual([])
    } finally {
      await mirror.close()
    }
  })

  it('refuses to pack a keytar built for another system, before fetching anything', async () => {
    const mirror = await startElectronMirror({})
    try {
      const run = await distCheck([OTHER_SYSTEM, `--${process.arch}`], { ELECTRON_MIRROR: mirror.url })
      expect(run.code, describeRun('dist --check', run)).toBe(1)
      expect(run.stderr).toMatch(
        /keytar's native module \(node_modules\/keytar\/build\/Release\/keytar\.node\)/,
      )
      expect(run.stderr).toContain('Build each installer on its own system and CPU')
      expect(mirror.requests).toEqual([])
    } finally {
      await mirror.close()
    }
  })
})
