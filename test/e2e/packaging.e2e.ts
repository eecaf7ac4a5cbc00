import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses'
import { build, Platform } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `npm run dist` up to the installer step: electron-builder packs the built app for Linux (the
 * `dir` target: everything an AppImage or deb contains) with electron-builder.yml, against a
 * stand-in Electron distribution, because these machines cannot download the Electron zip. The
 * stand-in executable carries a real fuse wire, so the fuses electron-builder flips can be read back.
 */

const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
// Electron's defaults for the first eight V1 fuses: the fuse flips must change them.
const DEFAULT_WIRE = '10110001'
// What getCurrentFuseWire reports: the wire's bytes, ASCII '0' and '1' (FuseState is not exported).
const FuseState = { DISABLE: '0'.charCodeAt(0), ENABLE: '1'.charCodeAt(0) }

let workDir: string
let appDir: string

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

beforeAll(async () => {
  await stat(resolve('out/main/index.js')).catch(() => {
    throw new Error('out/ is missing: run `npx electron-vite build` before the E2E suite.')
  })
  workDir = await mkdtemp(join(tmpdir(), 'ads-studio-dist-'))
  const electronDist = join(workDir, 'electron')
  await mkdir(join(electronDist, 'resources'), { recursive: true })
  const executable = join(electronDist, 'electron')
  await writeFile(
    executable,
    Buffer.concat([
      Buffer.from('#!/bin/sh\n# stand-in for the Electron executable\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, DEFAULT_WIRE.length]),
      Buffer.from(DEFAULT_WIRE),
      Buffer.alloc(32),
    ]),
  )
  await chmod(executable, 0o755)
  await writeFile(join(electronDist, 'version'), '45.4.1')
  await writeFile(join(electronDist, 'LICENSE'), 'stand-in')

  await build({
    projectDir: resolve('.'),
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: { electronDist, directories: { output: join(workDir, 'dist') } },
  })
  appDir = join(workDir, 'dist', 'linux-unpacked')
}, 240_000)

afterAll(async () => {
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
      'out/preload/index.cjs',
      'out/renderer/index.html',
    ]) {
      expect(files.has(path), path).toBe(true)
    }
    const paths = [...files.keys()]
    expect(paths.filter((path) => /^(src|test|bench|scripts|resources)\//.test(path))).toEqual([])
    expect(paths.filter((path) => path.startsWith('out/') && path.endsWith('.map'))).toEqual([])
    // Development tools stay out: only production dependencies are packed.
    for (const devOnly of ['electron', 'electron-builder', 'vitest', 'playwright-core', 'typescript']) {
      expect(
        paths.some((path) => path.startsWith(`node_modules/${devOnly}/`)),
        devOnly,
      ).toBe(false)
    }
  })

  it('unpacks keytar, whose native module Electron cannot load from inside an asar', async () => {
    const files = await listAsar(join(appDir, 'resources', 'app.asar'))
    const native = 'node_modules/keytar/build/Release/keytar.node'
    expect(files.get(native)).toEqual({ unpacked: true })
    expect((await stat(join(appDir, 'resources', 'app.asar.unpacked', native))).isFile()).toBe(true)
  })
})
