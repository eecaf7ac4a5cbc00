import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  shaSums,
  standInElectronZip,
  startElectronMirror,
  type ElectronMirror,
} from '../support/electronMirror'
import { describeRun, runSupervised } from '../support/supervisedChild'

/**
 * `npm run dist` up to the installer step, offline: `scripts/dist.ts --check` fetches a stand-in
 * Electron zip from a local mirror into Electron's cache, the mirror goes away, and `npm run dist`
 * (scripts/dist.ts: checks, electron-vite build, electron-builder) packs the app for Linux (the
 * `dir` target: everything an AppImage or deb contains) from that cache alone. The stand-in
 * executable carries a real fuse wire, so the fuses electron-builder flips can be read back.
 */

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
// Electron's defaults for the first eight V1 fuses: the fuse flips must change them.
const DEFAULT_WIRE = '10110001'
// What getCurrentFuseWire reports: the wire's bytes, ASCII '0' and '1' (FuseState is not exported).
const FuseState = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) }

const VERSION = '45.4.1'
const ZIP = `electron-v${VERSION}-linux-x64.zip`

let workDir: string
let appDir: string
let mirror: ElectronMirror | undefined

interface AsarEntry {
  files?: Record<string, AsarEntry>
  unpacked?: boolean
}

/** Every file path in an asar archive's header, with whether it lives in app.asar.unpacked. */
async function listAsar(path: string): Promise<Map<string, { unpacked: boolean }>> {
  const bytes = await readFile(path)
  // Header: a pickle of one string, the JSON index, after two 32-bit size fields.
  const jsonLength = bytes.readUInt32LE(12)
  const header = JSON.parse(bytes.subarray(16, 16 + jsonLength).toString('utf8')) as AsarEntry
  const files = new Map<string, { unpacked: boolean }>()
  const walk = (entry: AsarEntry, prefix: string) => {
    for (const [name, child] of Object.entries(entry.files ?? {})) {
      if (child.files) walk(child, `${prefix}${name}/`)
      else files.set(`${prefix}${name}`, { unpacked: child.unpacked === true })
    }
  }
  walk(header, '')
  return files
}

/** A stand-in Electron executable whose fuse wire holds Electron's defaults. */
function fusedExecutable(): Buffer {
  return Buffer.concat([
    Buffer.from('#!/bin/sh\n# stand-in for the Electron executable\n'),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE),
    Buffer.alloc(32),
  ])
}

beforeAll(async () => {
  await stat(resolve('out/main/index.js')).catch(() => {
    throw new Error('out/ is missing: run `npx electron-vite build` before the E2E suite.')
  })
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-dist-'))
  const zip = standInElectronZip(VERSION, fusedExecutable())
  mirror = await startElectronMirror({ [`/v${VERSION}/${ZIP}`]: zip })
  // Electron's cache of its own, with the stand-in's checksum where the real one's would be.
  const cacheEnv = { HOME: workDir, XDG_CACHE_HOME: workDir, ELECTRON_MIRROR: mirror.url }
  await mkdir(join(workDir, 'electron'), { recursive: true })
  await writeFile(join(workDir, 'electron', `SHASUMS256.txt-${VERSION}`), shaSums({ [ZIP]: zip }))
  const dist = (args: string[]) =>
    runSupervised(resolve('node_modules/.bin/tsx'), ['scripts/dist.ts', ...args], {
      env: { ...process.env, ...cacheEnv },
      quietMs: 180_000,
    })
  const check = await dist(['--check', '--linux', '--x64'])
  if (check.code !== 0) throw new Error(describeRun('scripts/dist.ts --check', check))
  expect(mirror.requests).toEqual([`/v${VERSION}/${ZIP}`])
  await mirror.close()

  const output = join(workDir, 'dist')
  const packed = await dist(['--linux', 'dir', '--x64', `-c.directories.output=${output}`])
  if (packed.code !== 0) throw new Error(describeRun('npm run dist, offline', packed))
  appDir = join(workDir, 'dist', 'linux-unpacked')
}, 600_000)

afterAll(async () => {
  await mirror?.close()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

describe('the packaged app (Linux directory, as inside the AppImage and the deb)', () => {
  it('flips every fuse the configuration names', async () => {
    const wire = await getCurrentFuseWire(join(appDir, 'ads-studio'))
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE)
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE)
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE)
    // Issue 39, D21: file:// pages get no privileges beyond a browser's; the app is served from app://.
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE)
  })

  it('holds the built app in app.asar and nothing of the sources or tests', async () => {
    const files = await listAsar(join(appDir, 'resources', 'app.asar'))
    for (const path of [
      'package.json',
      'out/main/index.js',
      // Practice mode's sandbox, a worker bundle of its own, and the one package it imports.
      'out/main/practiceSandbox.js',
      'node_modules/twitter-text/package.json',
      'out/preload/index.cjs',
      'out/renderer/index.html',
    ]) {
      expect(files.has(path), path).toBe(true)
    }
    const paths = [...files.keys()]
    expect(paths.filter((path) => /^(src|sandbox|test|bench|scripts|resources)\//.test(path))).toEqual([])
    expect(paths.filter((path) => path.startsWith('out/') && path.endsWith('.map'))).toEqual([])
    // Development tools stay out: only production dependencies are packed.
    for (const devOnly of ['electron', 'electron-builder', 'vitest', 'playwright-core', 'typescript']) {
      expect(
        paths.some((path) => path.startsWith(`node_modules/${devOnly}/`)),
        devOnly,
      ).toBe(false)
    }
  })

  it("is Electron's own distribution, cleaned as electron-builder cleans a downloaded one", async () => {
    expect(await readFile(join(appDir, 'LICENSE.electron.txt'), 'utf8')).toContain('stand-in')
    await expect(stat(join(appDir, 'resources', 'default_app.asar'))).rejects.toThrow()
  })

  it('unpacks keytar, whose native module Electron cannot load from inside an asar', async () => {
    const files = await listAsar(join(appDir, 'resources', 'app.asar'))
    const native = 'node_modules/keytar/build/Release/keytar.node'
    expect(files.get(native)).toEqual({ unpacked: true })
    expect((await stat(join(appDir, 'resources', 'app.asar.unpacked', native))).isFile()).toBe(true)
  })
})
